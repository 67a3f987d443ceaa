import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryCandleStore } from './candle-store.js';
import {
  aggregateCandles,
  bucketStart,
  type Candle,
  CandleBuilder,
  candlePrice,
  RESOLUTION_MS,
  RESOLUTIONS,
  type Resolution,
} from './candles.js';
import type { Quote } from './feed.js';
import { loadCatalogue } from './instruments.js';

const catalogue = loadCatalogue();
const EURUSD = catalogue.require('EURUSD');
const T0 = Date.parse('2026-11-18T15:00:00Z');

const newStore = () => new MemoryCandleStore({ precisionOf: (s) => catalogue.get(s)?.precision });
const quote = (ts: number, bid: number, ask: number, symbol = 'EURUSD'): Quote => ({ symbol, bid, ask, ts });

describe('candle buckets are aligned to UTC', () => {
  it.each([
    ['1m', '2026-11-18T15:07:59.999Z', '2026-11-18T15:07:00.000Z'],
    ['5m', '2026-11-18T15:07:12.000Z', '2026-11-18T15:05:00.000Z'],
    ['15m', '2026-11-18T15:44:59.000Z', '2026-11-18T15:30:00.000Z'],
    ['1h', '2026-11-18T15:44:59.000Z', '2026-11-18T15:00:00.000Z'],
    ['4h', '2026-11-18T15:44:59.000Z', '2026-11-18T12:00:00.000Z'],
    ['4h', '2026-11-18T03:59:59.999Z', '2026-11-18T00:00:00.000Z'],
    ['1D', '2026-11-18T23:59:59.999Z', '2026-11-18T00:00:00.000Z'],
  ] as const)('%s bucket of %s starts at %s', (resolution, at, start) => {
    expect(new Date(bucketStart(Date.parse(at), resolution)).toISOString()).toBe(start);
  });

  it('every resolution divides the next, and a day', () => {
    for (let i = 1; i < RESOLUTIONS.length; i++) {
      const r = RESOLUTIONS[i] as Resolution;
      expect(RESOLUTION_MS[r] % RESOLUTION_MS[RESOLUTIONS[i - 1] as Resolution]).toBe(0);
      expect(RESOLUTION_MS['1D'] % RESOLUTION_MS[r]).toBe(0);
    }
  });
});

describe('candles built from live ticks: OHLC of the mid, volume = tick count', () => {
  it('builds open, high, low, close of the mid rounded to the precision', () => {
    const store = newStore();
    const builder = new CandleBuilder(store, catalogue.instruments);
    builder.onQuote(quote(T0 + 1_000, 1.165, 1.16512)); // mid 1.16506
    builder.onQuote(quote(T0 + 20_000, 1.1652, 1.16532)); // 1.16526
    builder.onQuote(quote(T0 + 40_000, 1.1648, 1.16492)); // 1.16486
    builder.onQuote(quote(T0 + 59_999, 1.1651, 1.16521)); // 1.165155 → 1.16516 (half up on the grid)
    builder.onQuote(quote(T0 + 60_000, 1.1653, 1.16542)); // next minute
    const [first, second] = store.candlesBetween('EURUSD', '1m', T0, T0 + 120_000);
    expect(first).toEqual({
      time: T0,
      open: 1.16506,
      high: 1.16526,
      low: 1.16486,
      close: 1.16516,
      volume: 4,
    });
    expect(second).toEqual({
      time: T0 + 60_000,
      open: 1.16536,
      high: 1.16536,
      low: 1.16536,
      close: 1.16536,
      volume: 1,
    });
    expect(store.latest('EURUSD', '1h')).toEqual({
      time: T0,
      open: 1.16506,
      high: 1.16536,
      low: 1.16486,
      close: 1.16536,
      volume: 5,
    });
  });

  it('ignores a tick that arrives after its bucket closed, and counts it', () => {
    const store = newStore();
    const builder = new CandleBuilder(store, catalogue.instruments, ['1m']);
    builder.onQuote(quote(T0 + 61_000, 1.165, 1.16512));
    builder.onQuote(quote(T0 + 1_000, 1.2, 1.20012));
    expect(builder.late).toBe(1);
    expect(store.candlesBetween('EURUSD', '1m', 0, T0 + 120_000)).toHaveLength(1);
  });

  it('ignores unknown symbols and broken quotes', () => {
    const store = newStore();
    const builder = new CandleBuilder(store, catalogue.instruments);
    builder.onQuote(quote(T0, 1, 2, 'NOPE'));
    builder.onQuote(quote(T0, 1.2, 1.1));
    expect(store.latest('EURUSD', '1m')).toBeUndefined();
  });

  it('aggregates by first open, last close, extremes and summed volume', () => {
    const c = (minute: number, open: number, high: number, low: number, close: number): Candle => ({
      time: T0 + minute * 60_000,
      open,
      high,
      low,
      close,
      volume: 2,
    });
    expect(aggregateCandles([c(0, 10, 12, 9, 11), c(3, 11, 15, 10, 14), c(5, 14, 14, 8, 9)], '5m')).toEqual([
      { time: T0, open: 10, high: 15, low: 9, close: 14, volume: 4 },
      { time: T0 + 300_000, open: 14, high: 14, low: 8, close: 9, volume: 2 },
    ]);
    expect(() => aggregateCandles([c(5, 1, 1, 1, 1), c(0, 1, 1, 1, 1)], '5m')).toThrow(/ascending/);
  });

  it('mid price helper rounds to the instrument precision', () => {
    expect(candlePrice({ bid: 1.16501, ask: 1.16512 }, EURUSD.precision)).toBe(1.16507);
  });
});

describe('property: aggregating finer candles equals building the coarser ones from the same ticks', () => {
  const ticks = fc
    .array(
      fc.record({
        dt: fc.integer({ min: 0, max: 90_000 }),
        mid: fc.integer({ min: 100_000, max: 130_000 }),
        spread: fc.integer({ min: 1, max: 30 }),
      }),
      { minLength: 1, maxLength: 400 },
    )
    .map((steps) => {
      let ts = T0 - 7_200_000 + 17;
      return steps.map(({ dt, mid, spread }) => {
        ts += dt;
        return quote(ts, (mid - spread) / 100_000, (mid + spread) / 100_000);
      });
    });

  it('1m → 5m, 15m, 1h, 4h and 1D', () => {
    fc.assert(
      fc.property(ticks, (qs) => {
        const store = newStore();
        const builder = new CandleBuilder(store, catalogue.instruments);
        for (const q of qs) builder.onQuote(q);
        const all = (r: Resolution) => store.candlesBetween('EURUSD', r, 0, Number.MAX_SAFE_INTEGER);
        const minutes = all('1m');
        expect(minutes.reduce((n, c) => n + c.volume, 0)).toBe(qs.length);
        for (const r of RESOLUTIONS.slice(1)) expect(aggregateCandles(minutes, r)).toEqual(all(r));
        // Aggregation composes: 5m → 1h equals 1m → 1h.
        expect(aggregateCandles(all('5m'), '1h')).toEqual(all('1h'));
      }),
      { numRuns: 150 },
    );
  });
});

describe('a candle is told closed when the builder starts a newer bucket', () => {
  it('tells each resolution once, with the final candle, when the first tick of the next bucket arrives', () => {
    const store = newStore();
    const builder = new CandleBuilder(store, catalogue.instruments, ['1m', '5m']);
    const closed: { symbol: string; resolution: Resolution; candle: Candle }[] = [];
    builder.onCandleClosed((symbol, resolution, candle) => closed.push({ symbol, resolution, candle }));
    builder.onQuote(quote(T0 + 1_000, 1.165, 1.16512));
    builder.onQuote(quote(T0 + 30_000, 1.1652, 1.16532));
    expect(closed).toEqual([]);
    builder.onQuote(quote(T0 + 61_000, 1.1648, 1.16492)); // a new minute: the first 1m candle is final
    expect(closed).toEqual([
      {
        symbol: 'EURUSD',
        resolution: '1m',
        candle: { time: T0, open: 1.16506, high: 1.16526, low: 1.16506, close: 1.16526, volume: 2 },
      },
    ]);
    // a late tick of the closed minute closes nothing (it still counts in the open 5m bucket)
    builder.onQuote(quote(T0 + 59_000, 1.16, 1.16));
    expect(closed).toHaveLength(1);
    builder.onQuote(quote(T0 + 5 * 60_000, 1.1651, 1.16521)); // the 5m bucket and the second minute close
    expect(closed.slice(1).map((c) => [c.resolution, new Date(c.candle.time).toISOString()])).toEqual([
      ['1m', '2026-11-18T15:01:00.000Z'],
      ['5m', '2026-11-18T15:00:00.000Z'],
    ]);
    expect(closed[2]?.candle).toMatchObject({ open: 1.16506, high: 1.16526, low: 1.16, close: 1.16 });
  });

  it('stops telling a listener once it unsubscribed', () => {
    const builder = new CandleBuilder(newStore(), catalogue.instruments, ['1m']);
    let told = 0;
    const off = builder.onCandleClosed(() => {
      told += 1;
    });
    builder.onQuote(quote(T0, 1.165, 1.16512));
    builder.onQuote(quote(T0 + 60_000, 1.165, 1.16512));
    off();
    builder.onQuote(quote(T0 + 120_000, 1.165, 1.16512));
    expect(told).toBe(1);
  });
});
