import type { Quote } from '@openbroker/domain';
import type { Candle, CandleResolution } from '../../../api/types.js';

/** Bucket length of each resolution, in seconds (UTC buckets: a day starts at 00:00 UTC). */
export const RESOLUTION_SECONDS: Record<CandleResolution, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '4h': 14_400,
  '1D': 86_400,
};

/** spec §9: the chart reaches back 12 months. */
export const HISTORY_SECONDS = 365 * 86_400;
/** Candles per request: a screenful and then some; older ones load while scrolling back. */
export const CANDLES_PER_PAGE = 1500;

/** Start (unix s) of the UTC bucket `time` (unix s) falls in. */
export const bucketStart = (time: number, resolution: CandleResolution): number => {
  const size = RESOLUTION_SECONDS[resolution];
  return Math.floor(time / size) * size;
};

/** The chart's price for a quote: the mid, as the server's candles are built (market/README). */
export const midPrice = (quote: Quote): number => (quote.buy + quote.sell) / 2;

/**
 * The last candle after a tick at `price` at `time` (unix s): the same bucket extends it, a later bucket
 * opens a new candle at the tick. `last` is the newest candle known (history or live).
 */
export function candleAfterTick(
  last: Candle | null,
  price: number,
  time: number,
  resolution: CandleResolution,
): Candle {
  const start = bucketStart(time, resolution);
  if (last && last.time === start) {
    return {
      ...last,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
      close: price,
      volume: (last.volume ?? 0) + 1,
    };
  }
  if (last && last.time > start) return last; // a late tick never rewrites a newer bucket
  return { time: start, open: price, high: price, low: price, close: price, volume: 1 };
}

/** Merges pages of candles (any order, overlapping) into one ascending list without duplicate times. */
export function mergeCandles(pages: readonly (readonly Candle[])[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const page of pages) for (const candle of page) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

const isCandle = (value: unknown): value is Candle => {
  const c = value as Partial<Candle> | null;
  return (
    !!c &&
    Number.isFinite(c.time) &&
    Number.isFinite(c.open) &&
    Number.isFinite(c.high) &&
    Number.isFinite(c.low) &&
    Number.isFinite(c.close)
  );
};

/** Keeps the well-formed candles of an answer. */
export const validCandles = (data: unknown): Candle[] => (Array.isArray(data) ? data.filter(isCandle) : []);
