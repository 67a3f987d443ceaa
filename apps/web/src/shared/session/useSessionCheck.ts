import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { authStore } from './authStore.js';
import { useAuth } from './useAuth.js';
import { useLogout } from './useLogout.js';

const SESSION_STALE_MS = 30_000;

/**
 * spec §4: session validity is checked on screens. Each protected screen refreshes the stored user from
 * /api/accounts/get; a 401 ends the session. Other failures (server briefly unreachable) keep the
 * session: the next screen checks again.
 */
export function useSessionCheck(): void {
  const auth = useAuth();
  const token = auth?.access_token;
  const { pathname } = useLocation();
  const logout = useLogout();

  const query = useQuery({
    queryKey: ['session', pathname],
    queryFn: () => accountsApi.get(token ?? ''),
    enabled: !!token,
    staleTime: SESSION_STALE_MS,
    retry: false,
  });

  useEffect(() => {
    const fresh = query.data;
    const current = authStore.get();
    if (!fresh || !current) return;
    // The key leaves the token out so that a rotated token does not start another check.
    authStore.set({
      access_token: fresh.access_token || current.access_token,
      user: fresh.user ?? current.user,
    });
  }, [query.data]);

  useEffect(() => {
    if (isApiError(query.error) && query.error.isUnauthorized) logout('expired');
  }, [query.error, logout]);
}
