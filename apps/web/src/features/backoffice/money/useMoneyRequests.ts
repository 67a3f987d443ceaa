import {
  type AdjustmentKind,
  ApprovalContext,
  type MoneyLimitRole,
  MoneyLimitsAnswer,
  MoneyRequestAnswer,
  MoneyRequestApproved,
  MoneyRequestDetail,
  MoneyRequestList,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryString, staffRequest } from '../api.js';
import { queueQueryKey } from '../live.js';

/**
 * Staff money under two keys: a staff member's bonus, credit, correction or payout is a request that books
 * nothing until a second member approves it. Every answer is read through the domain's contract, so a
 * server that answers something else fails loudly here instead of showing wrong amounts.
 */

const requestsPath = '/api/backoffice/money-requests';
const requestPath = (reference: string) => `${requestsPath}/${encodeURIComponent(reference)}`;

export type RequestsTab = 'pending' | 'decided';

/** Staff money requests: pending ones oldest first, decided ones newest first (one brand or one client). */
export function useMoneyRequests(
  status: RequestsTab,
  filter: { brandId?: number; clientId?: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...queueQueryKey('requests'), status, filter.brandId ?? 'all', filter.clientId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest(`${requestsPath}${queryString({ status, ...filter })}`, {
        schema: MoneyRequestList,
        signal,
      }),
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** One request with what its approver should know about the client. */
export function useMoneyRequestDetail(reference: string | null) {
  return useQuery({
    queryKey: [...queueQueryKey('requests'), 'detail', reference],
    queryFn: ({ signal }) =>
      staffRequest(requestPath(reference ?? ''), { schema: MoneyRequestDetail, signal }),
    enabled: !!reference,
  });
}

/**
 * What an approver should know about a client before paying them from one of their accounts (the withdrawal queue's
 * dialog uses it, with the withdrawal's account).
 */
export function useApprovalContext(clientId: number | null, accountId?: number, reference?: string) {
  const query = new URLSearchParams();
  if (accountId !== undefined) query.set('accountId', String(accountId));
  // a withdrawal's reference: the context carries its amount in the brand's currency and four-eyes
  if (reference !== undefined) query.set('reference', reference);
  const search = query.size > 0 ? `?${query}` : '';
  return useQuery({
    queryKey: ['bo', 'approval-context', clientId, accountId ?? null, reference ?? null],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${clientId}/approval-context${search}`, {
        schema: ApprovalContext,
        signal,
      }),
    enabled: clientId !== null,
  });
}

/** Asks for a booking: nothing is booked until a second member approves. */
export function useCreateMoneyRequest(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: AdjustmentKind; amount: string; reason: string; accountId?: number }) =>
      (
        await staffRequest(`/api/backoffice/clients/${clientId}/adjustments`, {
          method: 'POST',
          body: input,
          schema: MoneyRequestAnswer,
        })
      ).request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueQueryKey('requests') }),
  });
}

export type RequestDecision =
  | { kind: 'approve'; reason: string }
  | { kind: 'reject'; reason: string }
  | { kind: 'cancel'; reason: string };

/** Approves (books it), rejects (reason required) or, for the requester, cancels a request. */
export function useRequestDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reference, decision }: { reference: string; decision: RequestDecision }) => {
      const path = `${requestPath(reference)}/${decision.kind}`;
      const body = decision.reason ? { reason: decision.reason } : {};
      if (decision.kind === 'approve')
        return staffRequest(path, { method: 'POST', body, schema: MoneyRequestApproved });
      const answer = await staffRequest(path, { method: 'POST', body, schema: MoneyRequestAnswer });
      return { ...answer, balance: null };
    },
    // an approval books: the client's balance, ledger and transactions change with it
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bo'] }),
  });
}

const limitsKey = (brandId: number | undefined) => ['bo', 'money-limits', brandId] as const;

/** Each money role's caps on a brand, with a raise waiting for a second admin. */
export function useMoneyLimits(brandId: number | undefined) {
  return useQuery({
    queryKey: limitsKey(brandId),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/brands/${brandId}/money-limits`, { schema: MoneyLimitsAnswer, signal }),
    enabled: brandId !== undefined,
  });
}

export interface LimitsText {
  maxSingle: string;
  maxDailyPerMember: string;
  maxDailyPerClient: string;
}

/** Sets a role's caps (lowered ones apply at once, raised ones wait for a second admin) or confirms a raise. */
export function useMoneyLimitsChange(brandId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'set'; role: MoneyLimitRole; limits: LimitsText }
        | { kind: 'confirm'; role: MoneyLimitRole },
    ) => {
      const path = `/api/backoffice/brands/${brandId}/money-limits/${change.role}`;
      return change.kind === 'set'
        ? staffRequest(path, { method: 'PUT', body: change.limits, schema: MoneyLimitsAnswer })
        : staffRequest(`${path}/confirm`, { method: 'POST', body: {}, schema: MoneyLimitsAnswer });
    },
    onSuccess: (answer) => queryClient.setQueryData(limitsKey(brandId), answer),
  });
}
