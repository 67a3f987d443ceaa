import { AssetList, CandleList, type CandleResolution, InstrumentList } from '@openbroker/domain';
import { apiRequest } from './client.js';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * Market data: the public instrument list and candles, and the client's tradable assets (spec §7); answers'
 * contracts in the domain's contracts/market.ts.
 */
export const marketApi = {
  /** GET /api/market/instruments (public). */
  instruments: (signal?: AbortSignal) =>
    apiRequest('/api/market/instruments', { schema: InstrumentList, ...withSignal(signal) }),

  /** spec §7 GET /api/get/assets?token= (the token travels in the query). */
  assets: (token: string, signal?: AbortSignal) =>
    apiRequest(`/api/get/assets?token=${encodeURIComponent(token)}`, {
      token,
      schema: AssetList,
      ...withSignal(signal),
    }),

  /** GET /api/market/candles: UTC candles of `resolution` with `from` ≤ time < `to` (unix seconds). */
  candles: (
    query: { symbol: string; resolution: CandleResolution; from: number; to: number },
    signal?: AbortSignal,
  ) => {
    const params = new URLSearchParams({
      symbol: query.symbol,
      resolution: query.resolution,
      from: String(Math.floor(query.from)),
      to: String(Math.floor(query.to)),
    });
    return apiRequest(`/api/market/candles?${params}`, { schema: CandleList, ...withSignal(signal) });
  },
};
