import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, staffRequest } from '../api.js';
import { queueQueryKey } from '../live.js';
import type { ApproveAnswer, QueueName, StaffTransaction } from './types.js';

/** A money queue, oldest first as the server lists it (GET /api/backoffice/queues/{queue}). */
export function useQueue(queue: QueueName, brandId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...queueQueryKey(queue), brandId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest<StaffTransaction[]>(`/api/backoffice/queues/${queue}${queryString({ brandId })}`, {
        signal,
      }),
    enabled,
    refetchOnWindowFocus: true,
  });
}

export type Decision = { kind: 'approve'; reason: string } | { kind: 'reject'; reason: string };

/** Approves (optional reason) or rejects (reason) a queued transaction, then refreshes the queue. */
export function useDecision(queue: QueueName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, decision }: { reference: string; decision: Decision }) => {
      const path = `/api/backoffice/transactions/${encodeURIComponent(reference)}/${decision.kind}`;
      const body = decision.kind === 'approve' && !decision.reason ? {} : { reason: decision.reason };
      return staffRequest<ApproveAnswer | { transaction: StaffTransaction }>(path, { method: 'POST', body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueQueryKey(queue) }),
  });
}
