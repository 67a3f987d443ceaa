import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import {
  AffiliateClickInput,
  AffiliateFilterInput,
  AffiliateLoginInput,
  AffiliatePasswordInput,
} from './affiliate.js';
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

describe('affiliate filter dates', () => {
  it('refuses dates that are not calendar days', () => {
    expect(
      texts(AffiliateFilterInput, { where: 'created_at', from: '2026-02-30', until: '31.01.2026' }),
    ).toEqual([
      ['from', 'From is not valid'],
      ['until', 'Until is not valid'],
    ]);
  });

  it('accepts a period of up to 366 days and refuses a longer one', () => {
    expect(
      AffiliateFilterInput.parse({ where: 'created_at', from: '2024-01-01', until: '2024-12-31' }).from,
    ).toBe('2024-01-01');
    expect(
      texts(AffiliateFilterInput, { where: 'created_at', from: '2024-01-01', until: '2025-01-01' }),
    ).toEqual([['until', 'The period can be at most 366 days long']]);
  });
});

describe('affiliate password change (spec §5 new password rules)', () => {
  const change = { password: 'old secret', new_password: 'new secret 1', confirm_password: 'new secret 1' };

  it('needs the current password and a new one of at least 8 characters, confirmed', () => {
    expect(AffiliatePasswordInput.parse(change)).toEqual(change);
    expect(texts(AffiliatePasswordInput, {})).toEqual([
      ['password', 'Password is required'],
      ['new_password', 'New password is required'],
      ['confirm_password', 'Confirm password is required'],
    ]);
    expect(
      texts(AffiliatePasswordInput, { ...change, new_password: 'short', confirm_password: 'short' }),
    ).toEqual([['new_password', 'New password has minimum 8 characters']]);
  });

  it('refuses a new password equal to the current one', () => {
    expect(
      texts(AffiliatePasswordInput, {
        ...change,
        new_password: 'old secret',
        confirm_password: 'old secret',
      }),
    ).toEqual([['new_password', 'The new password must be different from your current password']]);
  });

  it("says 'The passwords do not match' when the confirmation differs", () => {
    expect(texts(AffiliatePasswordInput, { ...change, confirm_password: 'other secret' })).toEqual([
      ['confirm_password', 'The passwords do not match'],
    ]);
  });
});

describe('tracking link click', () => {
  it('needs a code, trimmed', () => {
    expect(AffiliateClickInput.parse({ code: ' DEMOAFF ' })).toEqual({ code: 'DEMOAFF' });
    expect(texts(AffiliateClickInput, { code: '' })).toEqual([['code', 'Code is required']]);
  });
});
