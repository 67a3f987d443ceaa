import {
  TRANSACTION_STATUS,
  TRANSACTION_TABS,
  type TransactionDto,
  type TransactionTab,
  transactionSign,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { paymentsApi } from '../../api/payments.js';
import { useAuth } from '../session/useAuth.js';
import { useLogout } from '../session/useLogout.js';

/** Query key prefix of the client's transaction list; screens that book money invalidate it. */
export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;

/** The transactions listed under a tab, by the spec §9 type ids, in the server's order (newest first). */
export function transactionsForTab(rows: readonly TransactionDto[], tab: TransactionTab): TransactionDto[] {
  const ids: readonly number[] = TRANSACTION_TABS[tab];
  return rows.filter((row) => ids.includes(row.transaction_type_id));
}

/** The client's withdrawals that still wait for staff (reserved on the ledger, not paid yet). */
export function pendingWithdrawals(rows: readonly TransactionDto[]): TransactionDto[] {
  return transactionsForTab(rows, 'withdrawals').filter(
    (row) => row.transaction_status_id === TRANSACTION_STATUS.pending,
  );
}

/** A transaction's amount with its sign: withdrawals are negative, whatever sign the row carries. */
export const signedAmount = (row: TransactionDto): number =>
  transactionSign(row.transaction_type_id) * Math.abs(Number(row.amount));

/**
 * GET /api/transactions/get/{token} (spec §7), refetched when the window regains focus (a payment page in
 * another tab, or staff confirming a wire, changes it). A 401 ends the session like everywhere else.
 */
export function useTransactions(options: { refetchInterval?: number | false } = {}) {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const query = useQuery({
    queryKey: [...TRANSACTIONS_QUERY_KEY, token],
    queryFn: ({ signal }) => paymentsApi.transactions(token, signal),
    enabled: !!token,
    refetchOnWindowFocus: true,
    refetchInterval: options.refetchInterval ?? false,
  });
  const { error } = query;
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
  return query;
}
