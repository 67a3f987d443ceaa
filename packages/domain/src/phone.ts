/**
 * Phone numbers with libphonenumber-js (spec §5): valid and possible, country derived from the number.
 * Numbers are expected in international format with '+' (a leading '00' is read as '+').
 */
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
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
