/** Affiliate panel schemas (spec §5, §7). */
import type { z } from 'zod';
import { choiceField, dateField, emailField, formObject, passwordField } from './fields.js';

/** POST /api/affiliate/login {email, password}. */
export const AffiliateLoginInput = formObject({
  email: emailField('email', { lowerCase: true }),
  password: passwordField('password'),
});
export type AffiliateLoginInput = z.infer<typeof AffiliateLoginInput>;

export const AFFILIATE_FILTER_FIELDS = ['created_at', 'transactions'] as const;
export type AffiliateFilterField = (typeof AFFILIATE_FILTER_FIELDS)[number];

/** POST /api/affiliate/get {where, from, until}: filter by created_at or transactions; dates 'YYYY-MM-DD', until ≥ from. */
export const AffiliateFilterInput = formObject({
  // spec §5: filter by (created_at or transactions), from date and until date required
  where: choiceField('where', AFFILIATE_FILTER_FIELDS),
  from: dateField('from'),
  until: dateField('until'),
})
  // ISO dates compare correctly as strings
  .refine((v) => v.until >= v.from, { message: 'date.untilBeforeFrom', path: ['until'] });
export type AffiliateFilterInput = z.infer<typeof AffiliateFilterInput>;
