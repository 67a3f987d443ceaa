/** Profile completeness (spec §5): every field filled and the phone valid, else deposits are blocked. */
import type { Message } from './messages.js';
import { isPhoneValid } from './phone.js';

// spec §5: Profile: first_name, last_name, phone (valid), birth_date, country_id, state, city, street, zip_code all required.
export const PROFILE_REQUIRED_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'birth_date',
  'country_id',
  'state',
  'city',
  'street',
  'zip_code',
] as const;
export type ProfileField = (typeof PROFILE_REQUIRED_FIELDS)[number];

/** The profile part of a user, as loosely typed as the auth response allows. */
export type ProfileLike = Partial<Record<ProfileField, unknown>>;

function isEmpty(field: ProfileField, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string')
    return value.trim() === '' || (field === 'country_id' && value.trim() === '0');
  // country ids start at 1; 0 is the "not chosen" value of the select
  if (typeof value === 'number') return !Number.isFinite(value) || (field === 'country_id' && value <= 0);
  if (value instanceof Date) return Number.isNaN(value.getTime());
  return false;
}

/** Fields that are empty (after trim) or, for phone, not a valid number; in PROFILE_REQUIRED_FIELDS order. */
export function missingProfileFields(user: ProfileLike | null | undefined): ProfileField[] {
  const profile = user ?? {};
  return PROFILE_REQUIRED_FIELDS.filter((field) => {
    const value = profile[field];
    if (isEmpty(field, value)) return true;
    // spec §5: The profile is incomplete if any is empty or the phone is invalid
    return field === 'phone' && !isPhoneValid(String(value));
  });
}

/** Whether the profile is complete (spec §5); deposits need it. */
export function isProfileComplete(user: ProfileLike | null | undefined): boolean {
  return missingProfileFields(user).length === 0;
}

/** Minimum age to hold an account when the brand sets none (years). */
export const MIN_AGE_DEFAULT = 18;

/** Age in whole years on `now`'s UTC day of someone born on `birthDate` ('YYYY-MM-DD'); NaN if not a date. */
export function ageOn(birthDate: string, now: Date): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate.trim());
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  // the birthday has not come yet this year (someone born on 29 February turns a year older on 1 March)
  const beforeBirthday = month < mo || (month === mo && now.getUTCDate() < d);
  return beforeBirthday ? age - 1 : age;
}

/**
 * The birth date rule: not in the future, and at least `minAge` years old on `now` (UTC days).
 * null when fine. The format itself is the schema's (`dateField`).
 */
export function checkBirthDate(
  birthDate: string,
  { now, minAge }: { now: Date; minAge: number },
): Message | null {
  const today = now.toISOString().slice(0, 10);
  // ISO dates compare as strings
  if (birthDate.trim() > today) return { key: 'birthDate.future' };
  const age = ageOn(birthDate, now);
  if (Number.isNaN(age)) return null;
  return age < minAge ? { key: 'birthDate.minAge', params: { min: minAge } } : null;
}
