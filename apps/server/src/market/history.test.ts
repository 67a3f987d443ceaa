import { describe, expect, it } from 'vitest';
import { MemoryCandleStore } from './candle-store.js';
import {
  aggregateCandles,
  bucketStart,
  type Candle,
  CandleBuilder,
  RESOLUTION_MS,
  RESOLUTIONS,
  type Resolution,
} from './candles.js';
import { ManualClock } from './clock.js';
import type { Quote } from './feed.js';
import { generateHistory, historyStart, instrumentHistory, resolutionStarts } from './history.js';
import { type Instrument, loadCatalogue } from './instruments.js';
import { isOpen, openMsBetween, tradingYearMs } from './market-hours.js';
import { SimulatedFeed } from './simulated-feed.js';

const catalogue = loadCatalogue();
const BTCUSD = catalogue.require('BTCUSD');
const EURUSD = catalogue.require('EURUSD');
const AAPL = catalogue.require('AAPL');
const GOLD = catalogue.require('GOLD');
const DAY = 86_400_000;
// Wednesday 18 November 2026, 15:07:12.345 UTC: mid-minute, so every resolution ends in a partial candle.
const END = Date.parse('2026-11-18T15:07:12.345Z');
const newStore = () => new MemoryCandleStore({ precisionOf: (s) => catalogue.get(s)?.precision });

describe('history: 12 months of candles generated with the simulated walk', () => {
  it('is pure: the same seed and end give the same candles, another seed others', () => {
    const a = instrumentHistory(EURUSD, { seed: 1, end: END });
    expect(instrumentHistory(EURUSD, { seed: 1, end: END })).toEqual(a);
    expect(instrumentHistory(EURUSD, { seed: 2, end: END })['1h']).not.toEqual(a['1h']);
  });

  it('covers 12 months at 1h, 4h and 1D, and shorter recent windows at 1m, 5m and 15m', () => {
    const starts = resolutionStarts({ end: END });
    expect(new Date(historyStart(END)).toISOString()).toBe('2025-11-18T00:00:00.000Z');
    expect(new Date(starts['1D']).toISOString()).toBe('2025-11-18T00:00:00.000Z');
    expect(new Date(starts['1m']).toISOString()).toBe('2026-11-12T00:00:00.000Z');
    expect(new Date(starts['5m']).toISOString()).toBe('2026-10-20T00:00:00.000Z');
    const h = instrumentHistory(BTCUSD, { seed: 1, end: END });
    for (const r of RESOLUTIONS) {
      expect(h[r][0]?.time, r).toBe(starts[r]);
      expect(h[r].at(-1)?.time, r).toBe(bucketStart(END - 1, r));
      // Crypto never closes: no bucket is missing.
      expect(h[r].length, r).toBe(Math.floor((END - starts[r]) / RESOLUTION_MS[r]) + 1);
    }
    expect(h['1D']).toHaveLength(366);
  });

  it('ends exactly where the live walk starts: the last close is the start price', () => {
    for (const instrument of [BTCUSD, EURUSD, AAPL, GOLD]) {
      const h = instrumentHistory(instrument, {
        seed: 1,
        end: END,
        endPrices: { [instrument.symbol]: instrument.referencePrice * 1.01 },
      });
      const expected = Number((instrument.referencePrice * 1.01).toFixed(instrument.precision));
      for (const r of RESOLUTIONS) expect(h[r].at(-1)?.close, `${instrument.symbol} ${r}`).toBe(expected);
    }
  });

  it('is a continuous path: each candle opens at the previous close', () => {
    const h = instrumentHistory(AAPL, { seed: 3, end: END });
    for (const r of RESOLUTIONS) {
      const candles = h[r];
      for (let i = 1; i < candles.length; i++) {
        expect((candles[i] as Candle).open).toBe((candles[i - 1] as Candle).close);
      }
    }
  });

  it('has consistent candles: low ≤ open, close ≤ high, and at least one tick each', () => {
    for (const instrument of [BTCUSD, EURUSD, AAPL, GOLD]) {
      const h = instrumentHistory(instrument, { seed: 4, end: END });
      for (const r of RESOLUTIONS) {
        for (const c of h[r]) {
          if (
            !(
              c.low <= Math.min(c.open, c.close) &&
              c.high >= Math.max(c.open, c.close) &&
              c.low > 0 &&
              c.volume >= 1
            )
          ) {
            throw new Error(
              `${instrument.symbol} ${r} candle at ${new Date(c.time).toISOString()} is inconsistent`,
            );
          }
        }
      }
    }
  });

  it('has no candles while the market is closed', () => {
    for (const instrument of [AAPL, EURUSD, GOLD, catalogue.require('JP225'), catalogue.require('WHEAT')]) {
      const h = instrumentHistory(instrument, { seed: 5, end: END });
      for (const r of RESOLUTIONS) {
        const empty = h[r].filter((c) => openMsBetween(instrument, c.time, c.time + RESOLUTION_MS[r]) === 0);
        expect(empty, `${instrument.symbol} ${r}`).toEqual([]);
      }
      expect(h['1m'].every((c) => isOpen(instrument, c.time))).toBe(true);
    }
    // No Saturday for forex, no Sunday for US stocks.
    const fx = instrumentHistory(EURUSD, { seed: 5, end: END })['1D'];
    expect(fx.some((c) => new Date(c.time).getUTCDay() === 6)).toBe(false);
    const stock = instrumentHistory(AAPL, { seed: 5, end: END })['1D'];
    expect(stock.some((c) => [0, 6].includes(new Date(c.time).getUTCDay()))).toBe(false);
  });

  it('agrees with itself across resolutions wherever both exist', () => {
    const h = instrumentHistory(EURUSD, { seed: 6, end: END });
    const starts = resolutionStarts({ end: END });
    for (let i = 0; i < RESOLUTIONS.length; i++) {
      for (let j = i + 1; j < RESOLUTIONS.length; j++) {
        const fine = RESOLUTIONS[i] as Resolution;
        const coarse = RESOLUTIONS[j] as Resolution;
        const overlap = h[coarse].filter((c) => c.time >= starts[fine]);
        expect(aggregateCandles(h[fine], coarse), `${fine} → ${coarse}`).toEqual(overlap);
      }
    }
  });

  it.each([
    ['BTCUSD', 0.12],
    ['AAPL', 0.15],
    ['EURUSD', 0.12],
  ])('%s: daily returns over the year have the catalogue volatility (±%s)', (symbol, tolerance) => {
    const instrument = catalogue.require(symbol) as Instrument;
    const days = instrumentHistory(instrument, { seed: 7, end: END })['1D'];
    let squares = 0;
    let openMs = 0;
    for (let i = 1; i < days.length; i++) {
      const c = days[i] as Candle;
      squares += Math.log(c.close / c.open) ** 2;
      openMs += openMsBetween(instrument, c.time, Math.min(c.time + DAY, END));
    }
    const vol = Math.sqrt((squares / openMs) * tradingYearMs(instrument));
    expect(Math.abs(vol / instrument.volatility - 1)).toBeLessThan(tolerance);
  });
});

describe('history and the live market join without a gap', () => {
  it('the first live quote is at the last close, and live ticks continue the partial candles', async () => {
    const instruments = [BTCUSD, EURUSD, GOLD];
    const store = newStore();
    generateHistory(instruments, store, { seed: 9, end: END });
    const before = new Map(
      instruments.flatMap((i) =>
        RESOLUTIONS.map((r) => [`${i.symbol} ${r}`, store.latest(i.symbol, r) as Candle]),
      ),
    );

    const clock = new ManualClock(END);
    const feed = new SimulatedFeed({ instruments, seed: 9, clock });
    const builder = new CandleBuilder(store, instruments);
    const first = new Map<string, Quote>();
    feed.onQuote((q) => {
      if (!first.has(q.symbol)) first.set(q.symbol, q);
    });
    builder.attach(feed);
    await feed.start();
    clock.advance(90_000);
    await feed.stop();

    for (const instrument of instruments) {
      const lastMinute = before.get(`${instrument.symbol} 1m`) as Candle;
      const live = first.get(instrument.symbol) as Quote;
      expect(live.ts).toBe(END);
      // The mid of the first quote differs from the last close by at most rounding (one point).
      expect(Math.abs((live.bid + live.ask) / 2 - lastMinute.close)).toBeLessThanOrEqual(
        instrument.pointSize * 1.01,
      );
      for (const r of RESOLUTIONS) {
        const history = before.get(`${instrument.symbol} ${r}`) as Candle;
        expect(history.time).toBe(bucketStart(END, r));
        const [straddling] = store.candlesBetween(instrument.symbol, r, history.time, history.time + 1);
        // The candle that straddles the start keeps the history's open and adds the live ticks.
        expect(straddling?.open, `${instrument.symbol} ${r}`).toBe(history.open);
        expect(straddling?.high).toBeGreaterThanOrEqual(history.high);
        expect(straddling?.low).toBeLessThanOrEqual(history.low);
        expect(straddling?.volume).toBeGreaterThan(history.volume);
      }
      // The live minute after the start opens where the previous one closed (within a tick's move).
      const [straddle, next] = store.candlesBetween(
        instrument.symbol,
        '1m',
        bucketStart(END, '1m'),
        END + DAY,
      );
      expect(Math.abs(Math.log((next as Candle).open / (straddle as Candle).close))).toBeLessThan(0.005);
    }
  });

  it(`generates every instrument's history quickly (budget: 10 s on a 2-core machine)`, () => {
    const store = newStore();
    const result = generateHistory(catalogue.instruments, store, { seed: 42, end: END });
    const stats = store.stats();
    console.info(
      `history: ${result.instruments} instruments, ${result.candles.toLocaleString('en')} candles in ` +
        `${(result.elapsedMs / 1000).toFixed(2)} s; store ${(stats.bytes / 1024 / 1024).toFixed(1)} MiB`,
    );
    expect(result.instruments).toBe(catalogue.instruments.length);
    expect(stats.candles).toBe(result.candles);
    expect(stats.series).toBe(catalogue.instruments.length * RESOLUTIONS.length);
    // Generous against a busy CI machine; `npx tsx bench/market.ts` checks the 10 s target itself.
    expect(result.elapsedMs).toBeLessThan(30_000);
  });
});
