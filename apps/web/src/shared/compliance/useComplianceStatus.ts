import type { ComplianceStatusView } from '@openbroker/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { appropriatenessApi } from '../../api/appropriateness.js';
import { useAuth } from '../session/useAuth.js';
import { useCurrentAccount } from '../trading-accounts/currentAccount.js';

const ROOT = 'compliance-status';

/**
 * What the client's compliance standing stops on their current account and the next step (GET
 * /api/compliance/status: the domain's complianceBlocks on the server). The client area's banner and the terminal's
 * ticket read it; undefined while loading.
 */
export function useComplianceStatus(): ComplianceStatusView | undefined {
  const token = useAuth()?.access_token ?? '';
  const accountId = useCurrentAccount()?.id ?? null;
  return useQuery({
    queryKey: [ROOT, token, accountId],
    queryFn: ({ signal }) => appropriatenessApi.status(token, signal),
    enabled: !!token,
    staleTime: 30_000,
  }).data;
}

/** Asks the status again (after the client took the test or acknowledged its warning). */
export function useRefreshComplianceStatus(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [ROOT] }), [queryClient]);
}
