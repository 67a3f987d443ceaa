import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { accountsApi } from '../../api/accounts.js';
import { LOGIN_PATH } from '../../app/redirects.js';
import { clearTheme } from '../../app/theme.js';
import { authStore, endedSession, type LogoutReason, registerFlag } from './authStore.js';

export type { LogoutReason } from './authStore.js';

export interface LoginLocationState {
  from?: string;
  reason?: LogoutReason;
}

/**
 * spec §4: logout clears the stored auth and theme and goes to /login. The server session is revoked too
 * (best effort: the local logout happens even if the server cannot be reached).
 */
export function useLogout(): (reason?: LogoutReason) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (reason?: LogoutReason) => {
      const auth = authStore.get();
      if (auth && reason !== 'expired') void accountsApi.logout(auth.access_token).catch(() => undefined);
      if (reason) endedSession.mark(reason);
      authStore.clear();
      registerFlag.clear();
      clearTheme();
      queryClient.removeQueries({ queryKey: ['session'] });
      const state: LoginLocationState = reason ? { reason } : {};
      navigate(LOGIN_PATH, { replace: true, state });
    },
    [navigate, queryClient],
  );
}
