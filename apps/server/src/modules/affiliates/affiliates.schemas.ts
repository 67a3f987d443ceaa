import { AffiliateFunnel } from '@openbroker/domain';
import { z } from 'zod';
import { ok } from '../../http.js';

/** The affiliate as its session answers show it (never the password hash). */
export const AffiliateDto = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The tracking code of `/?ref=<code>` links. */
  code: z.string(),
});

export const AffiliateSessionAnswer = ok(z.object({ access_token: z.string(), affiliate: AffiliateDto }));

/** spec §3 Affiliate account: a referred account and its conversion (the first-time deposit, or null). */
export const AffiliateAccountDto = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  created_at: z.string(),
  source_page: z.string().nullable(),
  transaction: z.object({ amount: z.string(), currency: z.string(), completed_at: z.string() }).nullable(),
});

export const AccountTotalsDto = z.object({
  accounts: z.number(),
  first_time_depositors: z.number(),
  conversion_rate: z.number().nullable(),
  first_deposits_total: z.string(),
});

/** `data` is the list of accounts (spec §7); `totals` sums them up for API clients. */
export const AffiliateAccountsAnswer = z.object({
  status: z.literal(true),
  data: z.array(AffiliateAccountDto),
  totals: AccountTotalsDto,
});

/** The affiliate panel's funnel: the same contract the back office's affiliate page reads. */
export const FunnelAnswer = ok(AffiliateFunnel);
