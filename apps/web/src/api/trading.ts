import { BalanceData } from '@openbroker/domain';
import { apiRequest } from './client.js';

/** POST /api/accounts/getBalance (spec §7); the answer's contract is the domain's `BalanceData`. */
export type { BalanceData };

export const tradingApi = {
  /** The account's balance and positions, for the first paint before the trading socket is up. */
  getBalance: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/accounts/getBalance', {
      body: {},
      token,
      schema: BalanceData,
      ...(signal ? { signal } : {}),
    }),
};
