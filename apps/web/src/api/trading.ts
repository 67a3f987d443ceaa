import type { BalancePayload, PositionsPayload } from '@openbroker/domain';
import { apiRequest } from './client.js';

/** POST /api/accounts/getBalance (spec §7). `summary` is ours; older servers leave it out. */
export interface BalanceData {
  balance: number;
  positions: PositionsPayload;
  summary?: BalancePayload;
}

export const tradingApi = {
  /** The account's balance and positions, for the first paint before the trading socket is up. */
  getBalance: (token: string, signal?: AbortSignal) =>
    apiRequest<BalanceData>('/api/accounts/getBalance', { body: {}, token, ...(signal ? { signal } : {}) }),
};
