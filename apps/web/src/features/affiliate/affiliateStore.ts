import { type AffiliateSession, affiliateApi } from '../../api/affiliate.js';
import { createPersistentStore } from '../../lib/persistentStore.js';

/** localStorage key of the affiliate session, kept apart from the client's `ob.auth` (spec §6). */
export const AFFILIATE_STORAGE_KEY = 'ob.affiliate';

const isAffiliateSession = (value: unknown): value is AffiliateSession => {
  const session = value as Partial<AffiliateSession> | null;
  return (
    !!session &&
    typeof session === 'object' &&
    typeof session.access_token === 'string' &&
    session.access_token !== '' &&
    !!session.affiliate &&
    typeof session.affiliate.code === 'string'
  );
};

export const affiliateStore = createPersistentStore<AffiliateSession>(
  AFFILIATE_STORAGE_KEY,
  isAffiliateSession,
);

/** Logout: the server ends the session (best effort) and the stored affiliate session is dropped at once. */
export function endAffiliateSession(token: string): void {
  affiliateStore.clear();
  affiliateApi.logout(token).catch(() => {});
}

let endedNote = false;

/** Why the panel went back to the login form without a logout: the session ended (401). Read once. */
export const affiliateSessionEnded = {
  mark: (): void => {
    endedNote = true;
  },
  take: (): boolean => {
    const was = endedNote;
    endedNote = false;
    return was;
  },
};
