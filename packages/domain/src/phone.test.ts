import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import { countryFromPhone, isPhoneValid, normalizePhone, validatePhone } from './phone.js';

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
