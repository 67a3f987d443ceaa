import type {
  AccountTotals,
  AffiliateFilterInput,
  AffiliateLoginInput,
  AffiliatePasswordInput,
  Funnel,
} from '@openbroker/domain';
import { apiRequest } from './client.js';

/** The affiliate behind a session: name, e-mail and the tracking code of its `/?ref=` links. */
export interface AffiliateProfile {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  code: string;
}

/** The affiliate session (spec §6: stored apart from the client's). */
export interface AffiliateSession {
  access_token: string;
  affiliate: AffiliateProfile;
}

/** One referred account in the affiliate panel (spec §3 Affiliate account); `transaction` is the first-time deposit. */
export interface AffiliateAccount {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  country: string | null;
  created_at: string;
  source_page: string | null;
  transaction: { amount: string; currency: string; completed_at: string } | null;
}

export type { AccountTotals, Funnel };

/** Affiliate calls (spec §7 and the panel's own). */
export const affiliateApi = {
  login: (input: AffiliateLoginInput) =>
    apiRequest<AffiliateSession>('/api/affiliate/login', { body: input }),
  /** Re-checks the session; 401 when it has ended. */
  me: (token: string) => apiRequest<AffiliateSession>('/api/affiliate/me', { body: {}, token }),
  accounts: (token: string, filter: AffiliateFilterInput) =>
    apiRequest<AffiliateAccount[]>('/api/affiliate/get', { body: { ...filter }, token }),
  funnel: (token: string, filter: AffiliateFilterInput) =>
    apiRequest<Funnel>('/api/affiliate/funnel', { body: { ...filter }, token }),
  updatePassword: (token: string, input: AffiliatePasswordInput) =>
    apiRequest<unknown>('/api/affiliate/updatePassword', { body: { ...input }, token }),
  logout: (token: string) => apiRequest<unknown>('/api/affiliate/logout', { body: {}, token }),
  /** A visit through a tracking link; public, answered alike for any code. */
  click: (code: string) => apiRequest<unknown>('/api/affiliate/click', { body: { code } }),
};
