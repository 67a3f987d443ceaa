/**
 * Phone numbers with libphonenumber-js (spec §5): valid and possible, country derived from the number.
 * Numbers are expected in international format with '+' (a leading '00' is read as '+').
 *
 * with the library's full metadata ('max'), which knows each country's number ranges and
 * lengths by type: the default 'min' metadata checks lengths only roughly and took a German mobile
 * number with six digits after its prefix (+49 151 123456) as valid. The full metadata is large, so
 * the web loads this module only with the screens that validate a phone (register, profile, contact).
 */
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import type { Message } from './messages.js';

function parse(raw: string | null | undefined): PhoneNumber | undefined {
  let s = (raw ?? '').trim();
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!s.startsWith('+')) return undefined;
  return parsePhoneNumberFromString(s);
}

/** Whether a number is valid and possible (spec §5). */
export function isPhoneValid(raw: string | null | undefined): boolean {
  const phone = parse(raw);
  return Boolean(phone?.isValid() && phone.isPossible());
}

/** null when fine; 'This field is required' when empty; 'Phone number not valid' unless valid and possible. */
export function validatePhone(raw: string | null | undefined): Message | null {
  // spec §5: Phone must be valid and possible; otherwise a validity error, or the required message if empty.
  if ((raw ?? '').trim() === '') return { key: 'field.requiredGeneric' };
  return isPhoneValid(raw) ? null : { key: 'phone.invalid' };
}

/** ISO 3166 alpha-2 country of a valid number ('+4915112345678' → 'DE'), or null (spec §5: country derived from the number). */
export function countryFromPhone(raw: string | null | undefined): string | null {
  const phone = parse(raw);
  return phone?.isValid() ? (phone.country ?? null) : null;
}

/** E.164 form of a valid number ('+49 151 1234 5678' → '+4915112345678'), or null when invalid. */
export function normalizePhone(raw: string | null | undefined): string | null {
  const phone = parse(raw);
  return phone?.isValid() && phone.isPossible() ? phone.number : null;
}

/** A country of the phone-number plan: ISO 3166 alpha-2 code and its calling code without '+' ('DE', '49'). */
export interface PhoneCountry {
  alpha2: string;
  callingCode: string;
}

let phoneCountryList: readonly PhoneCountry[] | undefined;

/**
 * Every country libphonenumber-js knows, with its calling code, ordered by alpha-2 code. Used where the
 * countries table of the server is not available (the logged-out registration form).
 */
export function phoneCountries(): readonly PhoneCountry[] {
  phoneCountryList ??= Object.freeze(
    getCountries()
      .map((alpha2) => Object.freeze({ alpha2, callingCode: String(getCountryCallingCode(alpha2)) }))
      .sort((a, b) => a.alpha2.localeCompare(b.alpha2)),
  );
  return phoneCountryList;
}

const isPhoneCountry = (alpha2: string | null | undefined): alpha2 is CountryCode =>
  !!alpha2 && phoneCountries().some((c) => c.alpha2 === alpha2);

/** Calling code of an alpha-2 country without '+' ('DE' → '49'), or null for an unknown code. */
export function callingCodeOf(alpha2: string | null | undefined): string | null {
  const code = alpha2?.trim().toUpperCase();
  return isPhoneCountry(code) ? String(getCountryCallingCode(code)) : null;
}

/**
 * The number a form sends, from a chosen country and what the user typed. International input ('+…' or
 * '00…') is kept as typed, whatever the country. A national number is read in the chosen country's plan
 * (its trunk prefix dropped: DE '0151 12345678' → '+4915112345678'); when it cannot be read, the calling
 * code is put in front so the number's own validation explains the problem. '' stays '' (required).
 */
export function composePhone(alpha2: string | null | undefined, input: string | null | undefined): string {
  const typed = (input ?? '').trim();
  if (typed === '' || typed.startsWith('+') || typed.startsWith('00')) return typed;
  const country = alpha2?.trim().toUpperCase();
  if (!isPhoneCountry(country)) return typed;
  const phone = parsePhoneNumberFromString(typed, country);
  if (phone?.isValid()) return phone.number;
  return `+${getCountryCallingCode(country)} ${typed}`;
}

/**
 * A stored number split for a country picker and a national input ('+4915112345678' →
 * {alpha2: 'DE', national: '01511 2345678'}). A number whose country is unknown stays whole.
 */
export function splitPhone(raw: string | null | undefined): { alpha2: string | null; national: string } {
  const phone = parse(raw);
  if (phone?.country && phone.isValid()) return { alpha2: phone.country, national: phone.formatNational() };
  return { alpha2: null, national: (raw ?? '').trim() };
}
