import type { OhlcCandle } from './types.js';

/**
 * Heikin-Ashi candles of ordinary ones (same times):
 * - close = (open + high + low + close) / 4;
 * - open = (previous Heikin-Ashi open + previous Heikin-Ashi close) / 2; the first one (open + close) / 2;
 * - high = max(high, HA open, HA close); low = min(low, HA open, HA close).
 * `previous` is the Heikin-Ashi candle before `candles[0]` when a series is continued (the chart's live candle after
 * its history); without it the first candle starts the series.
 */
export function heikinAshi(candles: readonly OhlcCandle[], previous: OhlcCandle | null = null): OhlcCandle[] {
  const out: OhlcCandle[] = [];
  let before = previous;
  for (const { time, open, high, low, close } of candles) {
    const haClose = (open + high + low + close) / 4;
    const haOpen = before ? (before.open + before.close) / 2 : (open + close) / 2;
    const candle = {
      time,
      open: haOpen,
      high: Math.max(high, haOpen, haClose),
      low: Math.min(low, haOpen, haClose),
      close: haClose,
    };
    out.push(candle);
    before = candle;
  }
  return out;
}
