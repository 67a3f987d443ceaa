/**
 * Login and password schemas (spec §5, §7). Registration, whose phone rule needs the phone metadata, is in
 * register.ts, so the screens that only log in do not load it.
 */
import { z } from 'zod';
import { withoutForbiddenCharacters } from '../bounds.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
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
  // login) or sent to SQL, which refuses NUL. Objects are stored as JSON, which escapes them.
  .transform((v) => (typeof v === 'string' ? withoutForbiddenCharacters(v) : v))
  .optional();

// spec §5: Login, forgot, register and affiliate email: required, must look like an email ('invalid email address').
// Addresses are lower-cased so the same mailbox is one account whatever its spelling.
export const accountEmail = () => emailField('email', { lowerCase: true });

/** POST /api/accounts/login {email, password, info}. */
export const LoginInput = formObject({
  email: accountEmail(),
  password: passwordField('password'),
  info: ClientInfo,
});
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * POST /api/backoffice/auth/login {email, password, code}: the client login's e-mail and password
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
 * a new password must differ from the current one ('password.sameAsCurrent' on new_password), also
 * when other fields fail, as long as both are present. `current` names the field holding the current password.
 */
export const differsFromCurrent = (current: string) => ({
  message: 'password.sameAsCurrent',
  path: ['new_password'] as PropertyKey[],
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | null;
    return typeof v?.new_password === 'string' && typeof v[current] === 'string';
  },
});

/**
 * POST /api/accounts/updatePassword {current_password, new_password, confirm_password}. The current
 * password is required (like the affiliate's `password`): a stolen session token alone must not be
 * enough to take the account over. No minimum length on it: passwords set before the rule still count.
 * The new password must differ from it.
 */
export const PasswordChangeInput = formObject({
  current_password: passwordField('current_password'),
  ...newPasswordFields,
})
  .refine((v) => v.new_password !== v.current_password, differsFromCurrent('current_password'))
  .refine((v) => v.new_password === v.confirm_password, passwordsMatch);
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** Reset after a forgot-password mail: {token, new_password, confirm_password}. */
export const ResetPasswordInput = formObject({
  token: requiredText('token', { max: MAX_LENGTH.token }),
  ...newPasswordFields,
}).refine((v) => v.new_password === v.confirm_password, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
