import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { accountsApi } from '../../api/accounts.js';
import {
  authStore,
  endedSession,
  LOGIN_PATH,
  type LogoutReason,
  logoutDestination,
  registerFlag,
} from './authStore.js';
import { endBrowserPush } from './browserPush.js';

export type { LogoutReason } from './authStore.js';

const logoutResets = new Set<() => void>();

/**
 * Registers something else a logout puts back to its default, kept by the shell rather than the session
 * (the chosen theme). Returns the way to unregister it.
 */
export function onLogout(reset: () => void): () => void {
  logoutResets.add(reset);
  return () => logoutResets.delete(reset);
}

export interface LoginLocationState {
  from?: string;
  reason?: LogoutReason;
}

/**
 * spec §4: logout clears the stored auth and theme (see `onLogout`) and goes to /login (or `to`: spec §8 sends a client
 * whose reference data cannot load home). The server session is revoked too (best effort: the local
 * logout happens even if the server cannot be reached).
 */
export function useLogout(): (reason?: LogoutReason, to?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (reason?: LogoutReason, to: string = LOGIN_PATH) => {
      const auth = authStore.get();
      if (auth && reason !== 'expired') void accountsApi.logout(auth.access_token).catch(() => undefined);
      void endBrowserPush();
      if (reason) endedSession.mark(reason);
      // After a logout the client chose, the next login starts afresh; after an idle or expired session
      // the route guard remembers the screen, so the login returns there.
      if (to === LOGIN_PATH && reason) logoutDestination.clear();
      else logoutDestination.mark(to);
      authStore.clear();
      registerFlag.clear();
      for (const reset of logoutResets) reset();
      queryClient.removeQueries({ queryKey: ['session'] });
      queryClient.removeQueries({ queryKey: ['popups'] });
      const state: LoginLocationState = reason ? { reason } : {};
      navigate(to, { replace: true, state });
    },
    [navigate, queryClient],
  );
}
