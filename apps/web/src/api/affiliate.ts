import type { AffiliateFilterInput, AffiliateLoginInput } from '@openbroker/domain';
import { apiRequest } from './client.js';

/** The affiliate session (spec §6: separate from the client's). */
export interface AffiliateSession {
  access_token: string;
  affiliate?: { first_name?: string; last_name?: string; email?: string } | null;
}

/** One referred account in the affiliate panel (spec §3 Affiliate account). */
export interface AffiliateAccount {
  id: number | string;
  first_name: string;
  last_name: string;
  email: string;
  country?: string | null;
  created_at?: string | null;
  source_page?: string | null;
  transaction?: unknown;
}

/** Affiliate calls (spec §7). */
export const affiliateApi = {
  login: (input: AffiliateLoginInput) =>
    apiRequest<AffiliateSession>('/api/affiliate/login', { body: input }),
  accounts: (token: string, filter: AffiliateFilterInput) =>
    apiRequest<AffiliateAccount[]>('/api/affiliate/get', { body: { ...filter }, token }),
};
