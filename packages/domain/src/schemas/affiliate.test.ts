import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { AffiliateFilterInput, AffiliateLoginInput } from './affiliate.js';
import { validateInput } from './issues.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

describe('spec §5 affiliate login', () => {
  it('needs a valid email and a password', () => {
    expect(texts(AffiliateLoginInput, { email: 'partner', password: '' })).toEqual([
      ['email', 'invalid email address'],
      ['password', 'Password is required'],
    ]);
    expect(AffiliateLoginInput.parse({ email: 'Partner@Ads.io', password: 'pw' })).toEqual({
      email: 'partner@ads.io',
      password: 'pw',
    });
  });
});

describe('spec §5 affiliate filter', () => {
  it('filters by created_at or transactions between two dates', () => {
    const filter = { where: 'transactions', from: '2026-01-01', until: '2026-01-31' };
    expect(AffiliateFilterInput.parse(filter)).toEqual(filter);
    expect(AffiliateFilterInput.parse({ ...filter, until: '2026-01-01' }).until).toBe('2026-01-01');
  });

  it('requires the filter and both dates', () => {
    expect(texts(AffiliateFilterInput, {})).toEqual([
      ['where', 'Filter by is required'],
      ['from', 'From is required'],
      ['until', 'Until is required'],
    ]);
  });

  it('refuses another filter field and an until date before the from date', () => {
    expect(texts(AffiliateFilterInput, { where: 'email', from: '2026-01-01', until: '2026-01-31' })).toEqual([
      ['where', 'Filter by is not valid'],
    ]);
    expect(
      texts(AffiliateFilterInput, { where: 'created_at', from: '2026-02-01', until: '2026-01-31' }),
    ).toEqual([['until', "The until date can't be before the from date"]]);
  });
});
