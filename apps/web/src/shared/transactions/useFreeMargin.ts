import { freeMargin } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { type BalanceData, tradingApi } from '../../api/trading.js';
import { useAuth } from '../session/useAuth.js';
import { useLogout } from '../session/useLogout.js';

/** Query key of the withdraw screen's balance; a withdrawal request invalidates it. */
export const WITHDRAW_BALANCE_QUERY_KEY = ['payments', 'balance'] as const;

export interface Funds {
  balance: number;
  /** spec §9: balance − Σ open amounts; what may be withdrawn. */
  freeMargin: number;
  /** Σ open amounts: what open positions hold. */
  inPositions: number;
}

/** Balance and free margin from getBalance; servers without `summary` get it from the open positions. */
export function fundsOf(data: BalanceData): Funds {
  const open = data.positions?.open ?? [];
  const free =
    data.summary?.freeMargin ??
    freeMargin(
      data.balance,
      open.map((position) => position.amount),
    );
  const balance = data.summary?.balance ?? data.balance;
  return { balance, freeMargin: free, inPositions: Math.max(0, balance - free) };
}

/**
 * POST /api/accounts/getBalance for the withdraw form (spec §5: the amount may not exceed the free margin),
 * read afresh on every visit and when the window regains focus, since trades elsewhere change it.
 */
export function useFunds() {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const query = useQuery({
    queryKey: [...WITHDRAW_BALANCE_QUERY_KEY, token],
    queryFn: ({ signal }) => tradingApi.getBalance(token, signal).then(fundsOf),
    enabled: !!token,
    refetchOnWindowFocus: true,
  });
  const { error } = query;
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
  return query;
}
