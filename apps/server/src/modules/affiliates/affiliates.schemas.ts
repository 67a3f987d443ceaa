import {
  AffiliateAccountList,
  AffiliateAccountTotals,
  AffiliateFunnel,
  AffiliateSession,
  NoData,
} from '@openbroker/domain';
import { z } from 'zod';
import { ok } from '../../http.js';

/** The affiliate panel's answers: contracts in the domain's contracts/affiliate-panel.ts. */

export const AffiliateSessionAnswer = ok(AffiliateSession);

/** The answer of the panel's calls that carry no data (password change, logout, a link click). */
export const AffiliateNoDataAnswer = ok(NoData);

/** `data` is the list of accounts (spec §7); `totals` sums them up for API clients. */
export const AffiliateAccountsAnswer = z.object({
  status: z.literal(true),
  data: AffiliateAccountList,
  totals: AffiliateAccountTotals,
});

/** The affiliate panel's funnel: the same contract the back office's affiliate page reads. */
export const FunnelAnswer = ok(AffiliateFunnel);
