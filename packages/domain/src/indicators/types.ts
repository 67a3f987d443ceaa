import type { Candle } from '../contracts/market.js';

/**
 * A candle as the indicators read it: the market contract's candle (GET /api/market/candles) without its volume.
 * `time` is the bucket start in unix seconds; prices are plain numbers, like every chart price.
 */
export type OhlcCandle = Pick<Candle, 'time' | 'open' | 'high' | 'low' | 'close'>;

/** One value of an indicator line at a candle's time; null while the indicator warms up (too few candles yet). */
export interface IndicatorPoint {
  time: number;
  value: number | null;
}
