import { AuthData } from '@openbroker/domain';
import { createPersistentStore } from '../../lib/persistentStore.js';
import { readItem, removeItem, writeItem } from '../../lib/storage.js';

/** The login screen, where a logout ends unless it says otherwise. */
export const LOGIN_PATH = '/login';

/** localStorage key of the client session: `{access_token, user}` as the login answer gives it. */
export const AUTH_STORAGE_KEY = 'ob.auth';
/** spec §4: set after sign-up (or an auto login with missing details) until the first deposit screen. */
export const REGISTER_FLAG_KEY = 'ob.register';
/** spec §4: a referral code from the `ref` query parameter, stored once and sent at registration. */
export const REFERRAL_CODE_KEY = 'ob.ref';
/** The landing page (path and query) the referral code arrived on, stored with it; affiliates see it as source page. */
export const REFERRAL_SOURCE_KEY = 'ob.ref.source';

/** A stored session is used only when it still has the auth answer's shape (the domain's contract). */
export const isAuthData = (value: unknown): value is AuthData => AuthData.safeParse(value).success;

export const authStore = createPersistentStore<AuthData>(AUTH_STORAGE_KEY, isAuthData);

/** Why a session ended without the user pressing logout; the login page says so. */
export type LogoutReason = 'idle' | 'expired';

let endedSessionNote: { reason: LogoutReason; at: number } | null = null;
const ENDED_SESSION_NOTE_MS = 10_000;

/**
 * A short-lived note from the logout to the login page. Route state alone is not enough: when the session
 * is cleared on a protected screen, the route guard may redirect to /login first, with its own state.
 * Reading does not consume it (React may run initialisers twice); it expires, and a login clears it.
 */
export const endedSession = {
  mark: (reason: LogoutReason, now = Date.now()): void => {
    endedSessionNote = { reason, at: now };
  },
  peek: (now = Date.now()): LogoutReason | null =>
    endedSessionNote && now - endedSessionNote.at < ENDED_SESSION_NOTE_MS ? endedSessionNote.reason : null,
  clear: (): void => {
    endedSessionNote = null;
  },
};

let destinationNote: { to: string; at: number } | null = null;
const DESTINATION_NOTE_MS = 3_000;

/**
 * Where a logout that does not end on /login goes (spec §8: a countries load failure returns home). The
 * route guard, which would send the now logged-out visitor of a protected screen to /login, reads it.
 */
export const logoutDestination = {
  mark: (to: string, now = Date.now()): void => {
    destinationNote = { to, at: now };
  },
  peek: (now = Date.now()): string | null =>
    destinationNote && now - destinationNote.at < DESTINATION_NOTE_MS ? destinationNote.to : null,
  clear: (): void => {
    destinationNote = null;
  },
};

export const registerFlag = {
  isSet: (): boolean => readItem(REGISTER_FLAG_KEY) === '1',
  set: (): void => writeItem(REGISTER_FLAG_KEY, '1'),
  clear: (): void => removeItem(REGISTER_FLAG_KEY),
};

/**
 * Stores the `ref` query parameter's code, and the page it landed on, unless a code is already stored
 * (spec §4: stored once; the first touch wins).
 */
export function captureReferralCode(search: string, landingPage = '/'): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (!code || readItem(REFERRAL_CODE_KEY) !== null) return;
  writeItem(REFERRAL_CODE_KEY, code.slice(0, 64));
  writeItem(REFERRAL_SOURCE_KEY, landingPage.slice(0, 500));
}

export const storedReferralCode = (): string | null => readItem(REFERRAL_CODE_KEY);
export const storedReferralSource = (): string | null => readItem(REFERRAL_SOURCE_KEY);
