import { Statement } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { apiRequest } from '../../api/client.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useLogout } from '../../shared/session/useLogout.js';

/** GET /api/statements: the signed-in client's statement. */
export const STATEMENTS_PATH = '/api/statements';

/** The statement for a query string (see selection.ts); a 401 ends the session like everywhere else. */
export function useStatement(query: string) {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const result = useQuery({
    queryKey: ['statement', token, query],
    queryFn: ({ signal }) => apiRequest(`${STATEMENTS_PATH}?${query}`, { token, schema: Statement, signal }),
    enabled: !!token,
    retry: false,
  });
  const { error } = result;
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
  return result;
}
