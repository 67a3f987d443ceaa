import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  callingCodeOf,
  composePhone,
  countryFromPhone,
  isPhoneValid,
  normalizePhone,
  phoneCountries,
  splitPhone,
  validatePhone,
} from './phone.js';

describe('spec §5 phone numbers', () => {
  it('accepts valid international numbers', () => {
    for (const phone of ['+49 151 12345678', '+1 202 555 0143', '+44 20 7183 8750', '+41 44 668 18 00'])
      expect(validatePhone(phone), phone).toBeNull();
  });

  it('an empty number shows This field is required', () => {
    for (const empty of ['', '   ', null, undefined]) {
      const message = validatePhone(empty);
      expect(message && formatMessage(message)).toBe('This field is required');
    }
  });

  it('an invalid or impossible number shows Phone number not valid', () => {
    for (const phone of ['+49 123', '12345', 'call me', '+999 999999', '+1 555']) {
      const message = validatePhone(phone);
      expect(message && formatMessage(message), phone).toBe('Phone number not valid');
    }
  });

  // the full metadata knows each range's length; the default one took these as valid
  it.each([
    ['a German mobile number with six digits after its prefix', '+49 151 123456'],
    ['a German mobile number with six digits after 170', '+49 170 123456'],
    ['the same number written with 00', '0049151123456'],
  ])('refuses %s', (_, phone) => {
    expect(isPhoneValid(phone)).toBe(false);
    expect(validatePhone(phone)).toEqual({ key: 'phone.invalid' });
    expect(normalizePhone(phone)).toBeNull();
    expect(countryFromPhone(phone)).toBeNull();
  });

  it('accepts German mobile and landline numbers of their real lengths', () => {
    for (const phone of [
      '+49 151 12345678',
      '+49 170 1234567',
      '+49 176 12345678',
      '+49 30 123456',
      '+49 30 12345678',
    ])
      expect(validatePhone(phone), phone).toBeNull();
  });

  it('reads a national number in the chosen country with the same rules', () => {
    expect(composePhone('DE', '0151 12345678')).toBe('+4915112345678');
    // too short for the range: kept with the calling code, so its own validation explains it
    expect(isPhoneValid(composePhone('DE', '0151 123456'))).toBe(false);
  });

  it('expects the international format, reading a leading 00 as +', () => {
    expect(isPhoneValid('015112345678')).toBe(false);
    expect(isPhoneValid('004915112345678')).toBe(true);
  });

  it('derives the country from the number', () => {
    expect(countryFromPhone('+49 151 12345678')).toBe('DE');
    expect(countryFromPhone('+44 20 7183 8750')).toBe('GB');
    expect(countryFromPhone('+1 202 555 0143')).toBe('US');
    expect(countryFromPhone('+49 123')).toBeNull();
    expect(countryFromPhone('')).toBeNull();
  });

  it('normalises to E.164', () => {
    expect(normalizePhone(' +49 (151) 123-45678 ')).toBe('+4915112345678');
    expect(normalizePhone('0044 20 7183 8750')).toBe('+442071838750');
    expect(normalizePhone('+49 123')).toBeNull();
  });
});

describe('country picker for phone numbers', () => {
  it('lists every country with its calling code, by alpha-2 code', () => {
    const list = phoneCountries();
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContainEqual({ alpha2: 'DE', callingCode: '49' });
    expect(list).toContainEqual({ alpha2: 'US', callingCode: '1' });
    const codes = list.map((c) => c.alpha2);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives the calling code of a country', () => {
    expect(callingCodeOf('DE')).toBe('49');
    expect(callingCodeOf('gb')).toBe('44');
    expect(callingCodeOf('ZZ')).toBeNull();
    expect(callingCodeOf(null)).toBeNull();
  });

  it('reads a national number in the chosen country, dropping the trunk prefix', () => {
    expect(composePhone('DE', '0151 12345678')).toBe('+4915112345678');
    expect(composePhone('DE', '151 12345678')).toBe('+4915112345678');
    expect(composePhone('GB', '020 7183 8750')).toBe('+442071838750');
  });

  it('keeps international input as typed, whatever the country', () => {
    expect(composePhone('DE', ' +44 20 7183 8750 ')).toBe('+44 20 7183 8750');
    expect(composePhone('US', '0044 20 7183 8750')).toBe('0044 20 7183 8750');
  });

  it('puts the calling code in front of a number it cannot read, so validation explains it', () => {
    const composed = composePhone('DE', '123');
    expect(composed).toBe('+49 123');
    expect(validatePhone(composed)).toEqual({ key: 'phone.invalid' });
  });

  it('keeps empty input empty (the required message) and a number without a known country as typed', () => {
    expect(composePhone('DE', '  ')).toBe('');
    expect(composePhone(null, '0151 12345678')).toBe('0151 12345678');
    expect(composePhone('ZZ', '0151 12345678')).toBe('0151 12345678');
  });

  it('splits a stored number for the picker, and composes it back to the same number', () => {
    for (const stored of ['+4915112345678', '+442071838750', '+12025550143']) {
      const { alpha2, national } = splitPhone(stored);
      expect(alpha2).toBe(countryFromPhone(stored));
      expect(composePhone(alpha2, national)).toBe(stored);
    }
    expect(splitPhone('+49 123')).toEqual({ alpha2: null, national: '+49 123' });
    expect(splitPhone(null)).toEqual({ alpha2: null, national: '' });
  });
});
