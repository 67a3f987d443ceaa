import {
  AffiliateAccountList,
  type AffiliateFilterInput,
  AffiliateFunnel,
  type AffiliateLoginInput,
  type AffiliatePasswordInput,
  AffiliateSession,
  NoData,
} from '@openbroker/domain';
import { apiRequest } from './client.js';
import { sendReferralClick } from './referralClick.js';

/** The panel's answers are the domain's contracts/affiliate-panel.ts; `AccountTotals` and `Funnel` its figures. */
export type {
  AccountTotals,
  AffiliateAccount,
  AffiliateProfile,
  AffiliateSession,
  Funnel,
} from '@openbroker/domain';

/** Affiliate calls (spec §7 and the panel's own). */
export const affiliateApi = {
  login: (input: AffiliateLoginInput) =>
    apiRequest('/api/affiliate/login', { body: input, schema: AffiliateSession }),
  /** Re-checks the session; 401 when it has ended. */
  me: (token: string) => apiRequest('/api/affiliate/me', { body: {}, token, schema: AffiliateSession }),
  accounts: (token: string, filter: AffiliateFilterInput) =>
    apiRequest('/api/affiliate/get', { body: { ...filter }, token, schema: AffiliateAccountList }),
  funnel: (token: string, filter: AffiliateFilterInput) =>
    apiRequest('/api/affiliate/funnel', { body: { ...filter }, token, schema: AffiliateFunnel }),
  updatePassword: (token: string, input: AffiliatePasswordInput) =>
    apiRequest('/api/affiliate/updatePassword', { body: { ...input }, token, schema: NoData }),
  logout: (token: string) => apiRequest('/api/affiliate/logout', { body: {}, token, schema: NoData }),
  /** A visit through a tracking link; public, answered alike for any code. */
  click: sendReferralClick,
};
