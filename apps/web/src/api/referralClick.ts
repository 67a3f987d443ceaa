import { NoData } from '@openbroker/domain';
import { apiRequest } from './client.js';

/**
 * A visit through a tracking link (`/api/affiliate/click`); public, answered alike for any code. Apart from
 * the affiliate panel's calls: every page's entry code sends it, so it must not bring the panel's contracts along.
 */
export const sendReferralClick = (code: string) =>
  apiRequest('/api/affiliate/click', { body: { code }, schema: NoData });
