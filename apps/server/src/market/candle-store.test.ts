import { describe, expect, it } from 'vitest';
import { MemoryCandleStore } from './candle-store.js';
import type { Candle } from './candles.js';

const T0 = Date.parse('2026-11-18T15:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const precisions: Record<string, number> = { EURUSD: 5, BTCUSD: 2 };
const newStore = (retentionMs?: Partial<Record<'1m' | '1D', number>>) =>
  new MemoryCandleStore({ precisionOf: (s) => precisions[s], retentionMs });
const candle = (minute: number, price = 1.16501, volume = 1): Candle => ({
  time: T0 + minute * MINUTE,
  open: price,
  high: Number((price + 0.0001).toFixed(5)),
  low: Number((price - 0.0001).toFixed(5)),
  close: price,
  volume,
});

describe('in-memory candle store', () => {
  it('appends newer candles and replaces the latest one with the same time', () => {
    const store = newStore();
    store.upsert('EURUSD', '1m', candle(0));
    store.upsert('EURUSD', '1m', candle(1));
    store.upsert('EURUSD', '1m', candle(1, 1.2, 5));
    expect(store.candlesBetween('EURUSD', '1m', T0, T0 + 2 * MINUTE)).toEqual([candle(0), candle(1, 1.2, 5)]);
    expect(store.latest('EURUSD', '1m')).toEqual(candle(1, 1.2, 5));
    expect(store.latest('EURUSD', '5m')).toBeUndefined();
  });

  it('refuses a candle older than the latest, off the minute grid, or for an unknown symbol', () => {
    const store = newStore();
    store.upsert('EURUSD', '1m', candle(5));
    expect(() => store.upsert('EURUSD', '1m', candle(4))).toThrow(
      /EURUSD 1m: candle at 2026-11-18T15:04:00.000Z is not after the latest \(2026-11-18T15:05:00.000Z\)/,
    );
    expect(() => store.upsert('EURUSD', '1m', { ...candle(6), time: T0 + 1 })).toThrow(
      /not on a whole UTC minute/,
    );
    expect(() => store.upsert('NOPE', '1m', candle(6))).toThrow(/No precision known for symbol "NOPE"/);
    expect(() => store.upsert('BTCUSD', '1m', candle(6, 1e9))).toThrow(/does not fit 2 decimals/);
  });

  it('answers candlesBetween as from ≤ time < to, ascending', () => {
    const store = newStore();
    for (let m = 0; m < 10; m++) store.upsert('EURUSD', '1m', candle(m, 1 + m / 100));
    const times = (from: number, to: number) =>
      store.candlesBetween('EURUSD', '1m', from, to).map((c) => (c.time - T0) / MINUTE);
    expect(times(T0 + 2 * MINUTE, T0 + 5 * MINUTE)).toEqual([2, 3, 4]);
    expect(times(T0 + 2 * MINUTE - 1, T0 + 5 * MINUTE + 1)).toEqual([2, 3, 4, 5]);
    expect(times(T0 + 20 * MINUTE, T0 + 30 * MINUTE)).toEqual([]);
    expect(times(T0 + 5 * MINUTE, T0 + 5 * MINUTE)).toEqual([]);
    expect(store.candlesBetween('BTCUSD', '1m', 0, T0)).toEqual([]);
  });

  it('keeps prices exactly at their precision', () => {
    const store = newStore();
    store.upsert('EURUSD', '1m', {
      time: T0,
      open: 1.16501,
      high: 1.16599,
      low: 0.00001,
      close: 1.1,
      volume: 3,
    });
    store.upsert('BTCUSD', '1m', {
      time: T0,
      open: 95_000.01,
      high: 123_456.78,
      low: 0.01,
      close: 1,
      volume: 3,
    });
    expect(store.latest('EURUSD', '1m')).toEqual({
      time: T0,
      open: 1.16501,
      high: 1.16599,
      low: 0.00001,
      close: 1.1,
      volume: 3,
    });
    expect(store.latest('BTCUSD', '1m')).toEqual({
      time: T0,
      open: 95_000.01,
      high: 123_456.78,
      low: 0.01,
      close: 1,
      volume: 3,
    });
  });

  it('drops candles older than the retention window as new ones arrive, and keeps growing past its first arrays', () => {
    const store = newStore({ '1m': 100 * MINUTE });
    for (let m = 0; m < 1_000; m++) store.upsert('EURUSD', '1m', candle(m));
    const kept = store.candlesBetween('EURUSD', '1m', 0, T0 + DAY);
    expect(kept).toHaveLength(101);
    expect(kept[0]?.time).toBe(T0 + 899 * MINUTE);
    expect(store.stats()).toMatchObject({ series: 1, candles: 101 });
  });

  it('loads a whole series, replacing what was there, and refuses unsorted input', () => {
    const store = newStore();
    store.upsert('EURUSD', '1D', { ...candle(0), time: T0 - (T0 % DAY) + 10 * DAY });
    const days = Array.from({ length: 5 }, (_, d) => ({ ...candle(0), time: T0 - (T0 % DAY) + d * DAY }));
    store.load('EURUSD', '1D', days);
    expect(store.candlesBetween('EURUSD', '1D', 0, T0 + 30 * DAY)).toEqual(days);
    expect(() => store.load('EURUSD', '1D', [days[1] as Candle, days[0] as Candle])).toThrow(
      /is not after the latest/,
    );
    expect(() => store.load('EURUSD', '1D', [days[0] as Candle, days[0] as Candle])).toThrow(
      /is not after the latest/,
    );
  });
});
