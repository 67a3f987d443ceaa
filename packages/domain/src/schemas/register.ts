/**
 * Registration and the phone field (spec §5, §7). Apart from the login and password schemas (auth.ts): the
 * phone rule needs libphonenumber-js's full metadata, which only the screens that take a phone load.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { countryFromPhone, normalizePhone } from '../phone.js';
import { titleFor } from '../titles.js';
import { accountEmail, ClientInfo } from './auth.js';
import { formObject, MAX_LENGTH, passwordField, requiredText } from './fields.js';

/** A required phone: '{title} is required' when empty, 'Phone number not valid' unless valid and possible; output E.164. */
export function phoneField(field = 'phone') {
  const title = titleFor(field);
  return z
    .string({ error: (issue) => (issue.input == null ? 'field.required' : 'field.invalid') })
    .trim()
    .refine((v) => v !== '', { message: 'field.required', params: { title }, abort: true })
    .refine((v) => v.length <= MAX_LENGTH.phone && normalizePhone(v) !== null, { message: 'phone.invalid' })
    .transform((v) => normalizePhone(v) ?? v);
}

const agreeField = z
  .union([z.boolean(), z.number(), z.string()], { error: 'register.agreeRequired' })
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on')
  // spec §5: Unchecked agree shows 'You must to agree to Terms & Conditions'
  .refine((v): v is true => v, { message: 'register.agreeRequired' });

/**
 * POST /api/accounts/register. Phone is stored in E.164; country is derived from the phone number (spec §5),
 * falling back to a sent alpha-2 code; an unusable ref is dropped rather than blocking the sign-up.
 */
export const RegisterInput = formObject({
  first_name: requiredText('first_name', { max: MAX_LENGTH.name }),
  last_name: requiredText('last_name', { max: MAX_LENGTH.name }),
  email: accountEmail(),
  phone: phoneField(),
  password: passwordField('password', PASSWORD_MIN_LENGTH),
  agree: agreeField,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  ref: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
  info: ClientInfo,
}).transform((v) => ({ ...v, country: countryFromPhone(v.phone) ?? v.country ?? null }));
export type RegisterInput = z.infer<typeof RegisterInput>;
