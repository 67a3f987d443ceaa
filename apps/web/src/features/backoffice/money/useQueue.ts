import {
  ApproveAnswer,
  MoneyQueueAnswer,
  RejectTransactionAnswer,
  type TransactionQueue,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, staffRequest } from '../api.js';
import { queueQueryKey } from '../live.js';

/** A money queue, oldest first as the server lists it (GET /api/backoffice/queues/{queue}). */
export function useQueue(queue: TransactionQueue, brandId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...queueQueryKey(queue), brandId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/queues/${queue}${queryString({ brandId })}`, {
        schema: MoneyQueueAnswer,
        signal,
      }),
    enabled,
    refetchOnWindowFocus: true,
  });
}

export type Decision = { kind: 'approve'; reason: string } | { kind: 'reject'; reason: string };

/** Approves (optional reason) or rejects (reason) a queued transaction, then refreshes the queue. */
export function useDecision(queue: TransactionQueue) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reference,
      decision,
    }: {
      reference: string;
      decision: Decision;
    }): Promise<ApproveAnswer | RejectTransactionAnswer> => {
      const path = `/api/backoffice/transactions/${encodeURIComponent(reference)}/${decision.kind}`;
      if (decision.kind === 'approve') {
        const body = decision.reason ? { reason: decision.reason } : {};
        return staffRequest(path, { method: 'POST', body, schema: ApproveAnswer });
      }
      return staffRequest(path, {
        method: 'POST',
        body: { reason: decision.reason },
        schema: RejectTransactionAnswer,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueQueryKey(queue) }),
  });
}
