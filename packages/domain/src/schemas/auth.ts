/** Login, registration and password schemas (spec §5, §7). */
import { z } from 'zod';
import { withoutForbiddenCharacters } from '../bounds.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { countryFromPhone, normalizePhone } from '../phone.js';
import { titleFor } from '../titles.js';
import { emailField, formObject, MAX_LENGTH, passwordField, requiredText } from './fields.js';

/** Client information sent with login and registration (e.g. the IP-info lookup); any JSON up to 4096 chars. */
export const ClientInfo = z
  .unknown()
  .refine(
    (v) => {
      try {
        return JSON.stringify(v ?? null).length <= MAX_LENGTH.info;
      } catch {
        return false;
      }
    },
    { message: 'field.maxChars', params: { title: titleFor('info'), max: MAX_LENGTH.info } },
  )
  // Diagnostic text kept as sent: a control character is dropped rather than refused (it must not block a
  // login) or sent to SQL, which refuses NUL (issue 12). Objects are stored as JSON, which escapes them.
  .transform((v) => (typeof v === 'string' ? withoutForbiddenCharacters(v) : v))
  .optional();

// spec §5: Login, forgot, register and affiliate email: required, must look like an email ('invalid email address').
// Addresses are lower-cased so the same mailbox is one account whatever its spelling.
const accountEmail = () => emailField('email', { lowerCase: true });

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

/** POST /api/accounts/login {email, password, info}. */
export const LoginInput = formObject({
  email: accountEmail(),
  password: passwordField('password'),
  info: ClientInfo,
});
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * POST /api/backoffice/auth/login {email, password, code} (issue 13): the client login's e-mail and password
 * rules, and a TOTP code or a one-time recovery code (absent before two-factor enrolment).
 */
export const StaffLoginInput = formObject({
  email: accountEmail(),
  password: passwordField('password'),
  code: z.string({ error: 'field.invalid' }).max(40, { error: 'field.invalid' }).optional(),
});
export type StaffLoginInput = z.infer<typeof StaffLoginInput>;

/** POST /api/accounts/login/{code} {info}. */
export const AutoLoginInput = formObject({ info: ClientInfo });
export type AutoLoginInput = z.infer<typeof AutoLoginInput>;

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

/** POST /api/get/forgotPassword {email}. */
export const ForgotPasswordInput = formObject({ email: accountEmail() });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

const newPasswordFields = {
  // spec §5: New password: required, minimum 8 characters
  new_password: passwordField('new_password', PASSWORD_MIN_LENGTH),
  confirm_password: passwordField('confirm_password'),
};

// spec §5: confirm must equal it, else 'The passwords do not match'
const passwordsMatch = {
  message: 'password.mismatch',
  path: ['confirm_password'] as PropertyKey[],
  // also run when other fields fail, as long as both passwords are present
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | null;
    return typeof v?.new_password === 'string' && typeof v.confirm_password === 'string';
  },
};

/**
 * POST /api/accounts/updatePassword {current_password, new_password, confirm_password}. The current
 * password is required (like the affiliate's `password`): a stolen session token alone must not be
 * enough to take the account over. No minimum length on it: passwords set before the rule still count.
 */
export const PasswordChangeInput = formObject({
  current_password: passwordField('current_password'),
  ...newPasswordFields,
}).refine((v) => v.new_password === v.confirm_password, passwordsMatch);
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** Reset after a forgot-password mail: {token, new_password, confirm_password}. */
export const ResetPasswordInput = formObject({
  token: requiredText('token', { max: MAX_LENGTH.token }),
  ...newPasswordFields,
}).refine((v) => v.new_password === v.confirm_password, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
