import type { AffiliateSession } from '../../api/affiliate.js';
import { createPersistentStore } from '../../lib/persistentStore.js';

/** localStorage key of the affiliate session, kept apart from the client's `ob.auth` (spec §6). */
export const AFFILIATE_STORAGE_KEY = 'ob.affiliate';

const isAffiliateSession = (value: unknown): value is AffiliateSession =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as AffiliateSession).access_token === 'string' &&
  (value as AffiliateSession).access_token !== '';

export const affiliateStore = createPersistentStore<AffiliateSession>(
  AFFILIATE_STORAGE_KEY,
  isAffiliateSession,
);
