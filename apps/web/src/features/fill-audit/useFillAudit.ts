import { FillAudit, type FillKind } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { apiRequest } from '../../api/client.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useLogout } from '../../shared/session/useLogout.js';

/** GET /api/fill-audit/{positionId}/{kind}: one fill of the signed-in client's position. */
export const fillAuditPath = (positionId: number, kind: FillKind) => `/api/fill-audit/${positionId}/${kind}`;

/** The fill audit; a 404 (not the client's fill) is an answer, not a retry; a 401 ends the session. */
export function useFillAudit(positionId: number, kind: FillKind) {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const result = useQuery({
    queryKey: ['fill-audit', token, positionId, kind],
    queryFn: ({ signal }) =>
      apiRequest(fillAuditPath(positionId, kind), { token, schema: FillAudit, signal }),
    enabled: !!token && Number.isInteger(positionId) && positionId > 0,
    retry: false,
  });
  const { error } = result;
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
  return result;
}
