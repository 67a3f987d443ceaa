/** Affiliate panel schemas (spec §5, §7). */
import type { z } from 'zod';
import { AFFILIATE_MAX_RANGE_DAYS, daysInRange } from '../affiliates.js';
import { differsFromCurrent, PasswordChangeInput } from './auth.js';
import {
  choiceField,
  dateField,
  emailField,
  formObject,
  isIsoDate,
  MAX_LENGTH,
  passwordField,
  requiredText,
} from './fields.js';

/** POST /api/affiliate/login {email, password}. */
export const AffiliateLoginInput = formObject({
  email: emailField('email', { lowerCase: true }),
  password: passwordField('password'),
});
export type AffiliateLoginInput = z.infer<typeof AffiliateLoginInput>;

export const AFFILIATE_FILTER_FIELDS = ['created_at', 'transactions'] as const;
export type AffiliateFilterField = (typeof AFFILIATE_FILTER_FIELDS)[number];

/**
 * POST /api/affiliate/get {where, from, until}: filter by created_at or transactions; dates 'YYYY-MM-DD'
 * (whole UTC days, both included), until ≥ from, at most AFFILIATE_MAX_RANGE_DAYS days.
 */
const bothDays = (v: { from: string; until: string }) => isIsoDate(v.from) && isIsoDate(v.until);

export const AffiliateFilterInput = formObject({
  // spec §5: filter by (created_at or transactions), from date and until date required
  where: choiceField('where', AFFILIATE_FILTER_FIELDS),
  from: dateField('from'),
  until: dateField('until'),
})
  // Checked only for two real dates (a wrong date already has its own message). ISO dates compare as strings.
  .refine((v) => !bothDays(v) || v.until >= v.from, {
    message: 'date.untilBeforeFrom',
    path: ['until'],
    abort: true,
  })
  .refine((v) => !bothDays(v) || daysInRange(v.from, v.until) <= AFFILIATE_MAX_RANGE_DAYS, {
    message: 'date.rangeTooLong',
    params: { max: AFFILIATE_MAX_RANGE_DAYS },
    path: ['until'],
  });
export type AffiliateFilterInput = z.infer<typeof AffiliateFilterInput>;

const { new_password, confirm_password } = PasswordChangeInput.shape;

/**
 * POST /api/affiliate/updatePassword {password, new_password, confirm_password}: the current password,
 * then the new one with the client's rules (spec §5: required, minimum 8, confirm must equal it).
 */
export const AffiliatePasswordInput = formObject({
  password: passwordField('password'),
  new_password,
  confirm_password,
})
  // the new password must differ from the current one
  .refine((v) => v.new_password !== v.password, differsFromCurrent('password'))
  .refine((v) => v.new_password === v.confirm_password, {
    // spec §5: confirm must equal it, else 'The passwords do not match'
    message: 'password.mismatch',
    path: ['confirm_password'],
  });
export type AffiliatePasswordInput = z.infer<typeof AffiliatePasswordInput>;

/**
 * POST /api/affiliate/click {code}: a visit through a tracking link (public). The browser sends a code
 * at most once a day; the server counts it only for an affiliate's code of the same brand.
 */
export const AffiliateClickInput = formObject({
  code: requiredText('code', { max: MAX_LENGTH.ref }),
});
export type AffiliateClickInput = z.infer<typeof AffiliateClickInput>;
