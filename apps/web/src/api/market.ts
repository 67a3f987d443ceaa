import { apiRequest } from './client.js';
import type { Asset, Candle, CandleResolution, Instrument } from './types.js';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Market data: the public instrument list and candles, and the client's tradable assets (spec §7). */
export const marketApi = {
  /** GET /api/market/instruments (public). */
  instruments: (signal?: AbortSignal) =>
    apiRequest<Instrument[]>('/api/market/instruments', withSignal(signal)),

  /** spec §7 GET /api/get/assets?token= (the token travels in the query). */
  assets: (token: string, signal?: AbortSignal) =>
    apiRequest<Asset[]>(`/api/get/assets?token=${encodeURIComponent(token)}`, {
      token,
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
    return apiRequest<Candle[]>(`/api/market/candles?${params}`, withSignal(signal));
  },
};
