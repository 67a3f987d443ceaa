import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { validateInput } from './issues.js';
import { AutoTradingInput, PopupReadInput, ProfileUpdateInput } from './profile.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

const profile = {
  first_name: 'Anna',
  last_name: 'Berg',
  phone: '+49 151 12345678',
  birth_date: '1990-04-01',
  country_id: '82',
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
};

describe('spec §5 profile update', () => {
  it('accepts a full profile, with the country id as a number and the phone in E.164', () => {
    expect(ProfileUpdateInput.parse(profile)).toEqual({
      ...profile,
      country_id: 82,
      phone: '+4915112345678',
    });
  });

  it('requires every profile field', () => {
    expect(texts(ProfileUpdateInput, {})).toEqual([
      ['first_name', 'First name is required'],
      ['last_name', 'Last name is required'],
      ['phone', 'Phone is required'],
      ['birth_date', 'Birth date is required'],
      ['country_id', 'Country is required'],
      ['state', 'State is required'],
      ['city', 'City is required'],
      ['street', 'Street is required'],
      ['zip_code', 'Zip code is required'],
    ]);
  });

  it('refuses an invalid phone, an impossible date and country 0', () => {
    expect(
      texts(ProfileUpdateInput, { ...profile, phone: '+1 555', birth_date: '1990-02-30', country_id: 0 }),
    ).toEqual([
      ['phone', 'Phone number not valid'],
      ['birth_date', 'Birth date is not valid'],
      ['country_id', 'Country is not valid'],
    ]);
    expect(texts(ProfileUpdateInput, { ...profile, birth_date: '01.04.1990' })).toEqual([
      ['birth_date', 'Birth date is not valid'],
    ]);
  });
});

describe('spec §4 auto trading and popups', () => {
  it('sends auto trading as 1 or 0', () => {
    expect(AutoTradingInput.parse({ auto_trading: true })).toEqual({ auto_trading: 1 });
    expect(AutoTradingInput.parse({ auto_trading: '0' })).toEqual({ auto_trading: 0 });
    expect(texts(AutoTradingInput, { auto_trading: 2 })).toEqual([
      ['auto_trading', 'Auto trading is not valid'],
    ]);
  });

  it('marks a popup read by its id', () => {
    expect(PopupReadInput.parse({ id: '12' })).toEqual({ id: 12 });
    expect(texts(PopupReadInput, { id: 'x' })).toEqual([['id', 'Position is not valid']]);
  });
});
