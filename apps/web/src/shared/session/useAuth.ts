import { useSyncExternalStore } from 'react';
import type { AuthData } from '../../api/types.js';
import { authStore } from './authStore.js';

/** The stored client session, or null when logged out. Re-renders on login, logout and other tabs' changes. */
export function useAuth(): AuthData | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
