import { useQueries } from '@tanstack/react-query';
import { marketApi } from '../../../api/market.js';
import { dailyCloses } from './marketData.js';

const DAY_S = 86_400;
/** Enough days to reach back over a long weekend or a holiday. */
const LOOKBACK_DAYS = 10;

export interface DailyCloses {
  previousClose: number | null;
  lastClose: number | null;
}

/**
 * Yesterday's close (for the day's change) and the newest close (for closed markets) of each symbol, from
 * the public daily candles. Symbols not yet loaded, or failing, are missing from the map.
 */
export function useDailyCloses(symbols: readonly string[], enabled = true): Map<string, DailyCloses> {
  const now = Date.now();
  // One key per UTC hour: the day's figures are refreshed without a new query on every render.
  const hour = Math.floor(now / 3_600_000);
  const results = useQueries({
    queries: symbols.map((symbol) => ({
      queryKey: ['daily-closes', symbol, hour],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const to = Math.floor(Date.now() / 1000);
        const candles = await marketApi.candles(
          { symbol, resolution: '1D', from: to - LOOKBACK_DAYS * DAY_S, to },
          signal,
        );
        return dailyCloses(candles, Date.now());
      },
      enabled,
      staleTime: 15 * 60_000,
      retry: false,
    })),
  });
  const map = new Map<string, DailyCloses>();
  results.forEach((result, index) => {
    const symbol = symbols[index];
    if (symbol && result.data) map.set(symbol, result.data);
  });
  return map;
}
