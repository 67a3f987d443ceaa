import type { OhlcCandle } from './types.js';

/**
 * Eight hourly candles the tests work out by hand (times 0, 3600, …):
 *
 *   i  open  high  low   close   true range (vs previous close)
 *   0   9    10.5   8.5  10      2    (high − low: no previous close)
 *   1  10    11.5   9.5  11      2
 *   2  11    12.5  10.5  12      2
 *   3  12    12.5  10    11      2.5
 *   4  11    14    11    13      3
 *   5  13    15    13    14      2
 *   6  14    14    11    12      3    (|low − previous close| = |11 − 14|)
 *   7  12    13.5  12    13      1.5
 */
const ROWS: readonly [number, number, number, number][] = [
  [9, 10.5, 8.5, 10],
  [10, 11.5, 9.5, 11],
  [11, 12.5, 10.5, 12],
  [12, 12.5, 10, 11],
  [11, 14, 11, 13],
  [13, 15, 13, 14],
  [14, 14, 11, 12],
  [12, 13.5, 12, 13],
];

export const HOUR = 3600;

export const CANDLES: readonly OhlcCandle[] = ROWS.map(([open, high, low, close], i) => ({
  time: i * HOUR,
  open,
  high,
  low,
  close,
}));
