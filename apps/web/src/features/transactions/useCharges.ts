import { ChargeList } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { apiRequest } from '../../api/client.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useLogout } from '../../shared/session/useLogout.js';

/** POST /api/accounts/charges: the client's trading costs, each tied to its position. */
export const CHARGES_PATH = '/api/accounts/charges';

/** The client's commission and swap charges; a 401 ends the session like everywhere else. */
export function useCharges(enabled = true) {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const query = useQuery({
    queryKey: ['charges', token],
    queryFn: ({ signal }) => apiRequest(CHARGES_PATH, { body: {}, token, schema: ChargeList, signal }),
    enabled: enabled && !!token,
    refetchOnWindowFocus: true,
  });
  const { error } = query;
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
  return query;
}
