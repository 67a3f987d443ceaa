import { z } from 'zod';

/**
 * Contracts of the affiliate panel (spec §6, §7): the affiliate's session, its referred accounts and its funnel
 * (POST /api/affiliate/funnel answers `AffiliateFunnel` of affiliates.ts, the back office's affiliate page's contract). See common.ts.
 */

/** The affiliate behind a session: name, e-mail and the tracking code of its `/?ref=` links (never the password). */
export const AffiliateProfile = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The tracking code of `/?ref=<code>` links. */
  code: z.string(),
});
export type AffiliateProfile = z.infer<typeof AffiliateProfile>;

/** `data` of POST /api/affiliate/login and /api/affiliate/me: the session, stored apart from a client's. */
export const AffiliateSession = z.object({ access_token: z.string(), affiliate: AffiliateProfile });
export type AffiliateSession = z.infer<typeof AffiliateSession>;

/** spec §3 Affiliate account: a referred account and its conversion (the first-time deposit, or null). */
export const AffiliateAccount = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  created_at: z.string(),
  source_page: z.string().nullable(),
  transaction: z.object({ amount: z.string(), currency: z.string(), completed_at: z.string() }).nullable(),
});
export type AffiliateAccount = z.infer<typeof AffiliateAccount>;

/** `data` of POST /api/affiliate/get: the referred accounts the filter selects (spec §7). */
export const AffiliateAccountList = z.array(AffiliateAccount);
export type AffiliateAccountList = z.infer<typeof AffiliateAccountList>;

/** `totals` beside the accounts of POST /api/affiliate/get: the accounts summed up, for API clients. */
export const AffiliateAccountTotals = z.object({
  accounts: z.number(),
  first_time_depositors: z.number(),
  conversion_rate: z.number().nullable(),
  first_deposits_total: z.string(),
});
export type AffiliateAccountTotals = z.infer<typeof AffiliateAccountTotals>;
