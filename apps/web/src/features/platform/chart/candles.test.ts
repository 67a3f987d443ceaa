import { describe, expect, it } from 'vitest';
import { bucketStart, candleAfterTick, mergeCandles, validCandles } from './candles.js';

const T = Date.UTC(2026, 10, 20, 13, 47, 12) / 1000;

describe('candles (UTC buckets, spec §9)', () => {
  it('buckets start on the UTC grid of each resolution', () => {
    expect(new Date(bucketStart(T, '1m') * 1000).toISOString()).toBe('2026-11-20T13:47:00.000Z');
    expect(new Date(bucketStart(T, '15m') * 1000).toISOString()).toBe('2026-11-20T13:45:00.000Z');
    expect(new Date(bucketStart(T, '4h') * 1000).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(new Date(bucketStart(T, '1D') * 1000).toISOString()).toBe('2026-11-20T00:00:00.000Z');
  });

  it('a tick extends the current candle and opens the next bucket with a new one', () => {
    const start = bucketStart(T, '1h');
    const last = { time: start, open: 10, high: 12, low: 9, close: 11, volume: 5 };
    expect(candleAfterTick(last, 13, T, '1h')).toEqual({
      time: start,
      open: 10,
      high: 13,
      low: 9,
      close: 13,
      volume: 6,
    });
    expect(candleAfterTick(last, 8, T, '1h')).toMatchObject({ low: 8, high: 12, close: 8 });
    expect(candleAfterTick(last, 11.5, T + 3600, '1h')).toEqual({
      time: start + 3600,
      open: 11.5,
      high: 11.5,
      low: 11.5,
      close: 11.5,
      volume: 1,
    });
    expect(candleAfterTick(null, 7, T, '1h')).toMatchObject({ time: start, open: 7, close: 7 });
  });

  it('a late tick never rewrites a newer candle', () => {
    const newer = { time: bucketStart(T, '1m') + 60, open: 1, high: 1, low: 1, close: 1, volume: 0 };
    expect(candleAfterTick(newer, 5, T, '1m')).toBe(newer);
  });

  it('merges overlapping pages into one ascending list and drops malformed candles', () => {
    const c = (time: number, close = 1) => ({ time, open: 1, high: 1, low: 1, close, volume: 0 });
    expect(
      mergeCandles([
        [c(3), c(4)],
        [c(1), c(2), c(3, 9)],
      ]).map((x) => x.time),
    ).toEqual([1, 2, 3, 4]);
    expect(validCandles([c(1), { time: 2, open: 'x' }, null])).toEqual([c(1)]);
    expect(validCandles({})).toEqual([]);
  });
});
