import { useSyncExternalStore } from 'react';
import type { AffiliateSession } from '../../api/affiliate.js';
import { affiliateStore } from './affiliateStore.js';

export function useAffiliateSession(): AffiliateSession | null {
  return useSyncExternalStore(affiliateStore.subscribe, affiliateStore.get, affiliateStore.get);
}
