import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import type { Quote } from './feed.js';
import { type Instrument, loadCatalogue } from './instruments.js';
import { isOpen, nextOpenMs, openMsBetween, tradingYearMs } from './market-hours.js';
import { InstrumentWalk, SimulatedFeed, simulateQuotes } from './simulated-feed.js';

const catalogue = loadCatalogue();
const BTCUSD = catalogue.require('BTCUSD');
const EURUSD = catalogue.require('EURUSD');
const AAPL = catalogue.require('AAPL');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Wednesday 18 November 2026, 15:00 UTC: crypto, forex and US stocks all open.
const START = Date.parse('2026-11-18T15:00:00Z');

function collect(feed: SimulatedFeed): Quote[] {
  const quotes: Quote[] = [];
  feed.onQuote((q) => quotes.push(q));
  return quotes;
}

async function run(options: {
  seed: number;
  instruments: readonly Instrument[];
  ms: number;
  start?: number;
}) {
  const clock = new ManualClock(options.start ?? START);
  const feed = new SimulatedFeed({ instruments: options.instruments, seed: options.seed, clock });
  const quotes = collect(feed);
  await feed.start();
  clock.advance(options.ms);
  await feed.stop();
  return { quotes, clock };
}

describe('simulated market: deterministic for a seed and a start time', () => {
  const instruments = [BTCUSD, EURUSD, AAPL, catalogue.require('GOLD')];

  it('the same seed and start give the same quotes', async () => {
    const a = await run({ seed: 7, instruments, ms: 30_000 });
    const b = await run({ seed: 7, instruments, ms: 30_000 });
    expect(a.quotes.length).toBeGreaterThan(400);
    expect(b.quotes).toEqual(a.quotes);
  });

  it('another seed or another start time gives other quotes', async () => {
    const a = await run({ seed: 7, instruments, ms: 5_000 });
    const b = await run({ seed: 8, instruments, ms: 5_000 });
    const c = await run({ seed: 7, instruments, ms: 5_000, start: START + 1 });
    expect(b.quotes).not.toEqual(a.quotes);
    expect(c.quotes.map((q) => q.bid)).not.toEqual(a.quotes.map((q) => q.bid));
  });

  it('does not depend on how often the timers fire: the feed catches up to the clock', async () => {
    const fine = await run({ seed: 3, instruments, ms: 20_000 });
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ instruments, seed: 3, clock });
    const coarse = collect(feed);
    await feed.start();
    // A clock whose timers fire late: jump ahead in steps of 1.7 s, ignoring the wake-up times.
    for (let t = 0; t < 20_000; t += 1_700) clock.advanceTo(Math.min(START + 20_000, START + t + 1_700));
    await feed.stop();
    const bySymbol = (qs: Quote[]) => instruments.map((i) => qs.filter((q) => q.symbol === i.symbol));
    expect(bySymbol(coarse)).toEqual(bySymbol(fine.quotes));
  });

  it('the pure walk (simulateQuotes) produces exactly what the feed emits', async () => {
    const { quotes } = await run({ seed: 11, instruments, ms: 60_000 });
    for (const instrument of instruments) {
      const pure = [...simulateQuotes(instrument, { seed: 11, startTime: START, until: START + 60_001 })];
      expect(quotes.filter((q) => q.symbol === instrument.symbol)).toEqual(pure);
    }
  });

  it('emits in time order across instruments', async () => {
    const { quotes } = await run({ seed: 5, instruments: catalogue.instruments, ms: 10_000 });
    for (let i = 1; i < quotes.length; i++) {
      expect((quotes[i] as Quote).ts).toBeGreaterThanOrEqual((quotes[i - 1] as Quote).ts);
    }
  });
});

describe('simulated market: ticks', () => {
  it('ticks about 4 times a second per instrument, 125–375 ms apart', () => {
    const quotes = [...simulateQuotes(BTCUSD, { seed: 1, startTime: START, until: START + HOUR })];
    expect(quotes.length / 3600).toBeGreaterThan(3.9);
    expect(quotes.length / 3600).toBeLessThan(4.1);
    for (let i = 1; i < quotes.length; i++) {
      const gap = (quotes[i] as Quote).ts - (quotes[i - 1] as Quote).ts;
      expect(gap).toBeGreaterThanOrEqual(125);
      expect(gap).toBeLessThanOrEqual(375);
    }
  });

  it('starts at the start price, at the start instant, when the market is open', () => {
    const [first] = simulateQuotes(EURUSD, { seed: 1, startTime: START, startMid: 1.2, until: START + 1 });
    expect(first?.ts).toBe(START);
    expect(((first?.bid ?? 0) + (first?.ask ?? 0)) / 2).toBeCloseTo(1.2, 4);
  });

  it('quotes a bid below the ask, on the price grid, with a spread around the typical one', () => {
    for (const instrument of catalogue.instruments) {
      let n = 0;
      for (const q of simulateQuotes(instrument, { seed: 2, startTime: START, until: START + 20_000 })) {
        n += 1;
        expect(q.ask).toBeGreaterThan(q.bid);
        const points = (p: number) => p / instrument.pointSize;
        expect(Math.abs(points(q.bid) - Math.round(points(q.bid)))).toBeLessThan(1e-6);
        expect(Math.abs(points(q.ask) - Math.round(points(q.ask)))).toBeLessThan(1e-6);
        const spread = q.ask - q.bid;
        expect(spread).toBeGreaterThanOrEqual(instrument.spread * 0.8 - instrument.pointSize * 1.01);
        expect(spread).toBeLessThanOrEqual(
          Math.max(instrument.spread * 1.2, 0) + instrument.pointSize * 1.01,
        );
      }
      if (isOpen(instrument, START)) expect(n, instrument.symbol).toBeGreaterThan(50);
    }
  });

  it('never ticks while the market is closed: a week with a weekend and daily breaks, every schedule', () => {
    const oneOfEach = [...new Map(catalogue.instruments.map((i) => [i.scheduleId, i])).values()];
    // Thursday 29 Oct – Thursday 5 Nov 2026: Europe fell back on 25 Oct, the US falls back on 1 Nov.
    // Ticks every ~5 s keep the week quick; the hours logic does not depend on the rate.
    const from = Date.parse('2026-10-29T00:00:00Z');
    const interval = 5_000;
    for (const instrument of oneOfEach) {
      let count = 0;
      let closedTicks = 0;
      let lateOpens = 0;
      let previous = from;
      for (const q of simulateQuotes(instrument, {
        seed: 9,
        startTime: from,
        until: from + 7 * DAY,
        tickIntervalMs: interval,
      })) {
        if (!isOpen(instrument, q.ts)) closedTicks += 1;
        // After a closed stretch the first tick comes within one tick interval of the open.
        if (openMsBetween(instrument, previous, q.ts) < q.ts - previous) {
          if (q.ts - (nextOpenMs(instrument, previous) as number) >= interval) lateOpens += 1;
        }
        previous = q.ts;
        count += 1;
      }
      expect(closedTicks, instrument.symbol).toBe(0);
      expect(lateOpens, instrument.symbol).toBe(0);
      const expected = openMsBetween(instrument, from, from + 7 * DAY) / interval;
      expect(count / expected, instrument.symbol).toBeGreaterThan(0.97);
      expect(count / expected, instrument.symbol).toBeLessThan(1.03);
    }
  });

  it('at the real tick rate: forex stops at Friday 22:00 UTC and starts at Sunday 22:00 UTC', () => {
    const friday = Date.parse('2026-11-20T21:00:00Z');
    const quotes = [
      ...simulateQuotes(EURUSD, { seed: 6, startTime: friday, until: Date.parse('2026-11-22T23:00:00Z') }),
    ];
    const lastFriday = quotes.filter((q) => q.ts < Date.parse('2026-11-21T00:00:00Z')).at(-1) as Quote;
    const firstSunday = quotes.find((q) => q.ts > Date.parse('2026-11-21T00:00:00Z')) as Quote;
    expect(quotes.every((q) => isOpen(EURUSD, q.ts))).toBe(true);
    expect(Date.parse('2026-11-20T22:00:00Z') - lastFriday.ts).toBeLessThanOrEqual(375);
    expect(firstSunday.ts - Date.parse('2026-11-22T22:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(firstSunday.ts - Date.parse('2026-11-22T22:00:00Z')).toBeLessThan(250);
    expect(quotes.length).toBeGreaterThan(2 * 3600 * 3.9);
  });

  it('does not move the price while the market is closed (trading time), except by the first tick', () => {
    // Friday close to Monday open for AAPL: the weekend adds no variance, so the gap is one tick's worth.
    const friday = Date.parse('2026-11-20T20:59:00Z');
    const quotes = [
      ...simulateQuotes(AAPL, {
        seed: 4,
        startTime: friday,
        until: Date.parse('2026-11-23T14:31:00Z'),
        jumps: false,
      }),
    ];
    const weekend = quotes.findIndex((q, i) => i > 0 && q.ts - (quotes[i - 1] as Quote).ts > HOUR);
    const before = quotes[weekend - 1] as Quote;
    const after = quotes[weekend] as Quote;
    const mid = (q: Quote) => (q.bid + q.ask) / 2;
    expect(Math.abs(Math.log(mid(after) / mid(before)))).toBeLessThan(0.002);
  });
});

describe('simulated market: statistics of the walk', () => {
  /** Annualised volatility of 1-minute mid returns, measured in trading time. */
  function realisedVolatility(instrument: Instrument, from: number, days: number, jumps: boolean): number {
    const walk = new InstrumentWalk(instrument, { seed: 123, startTime: from, jumps });
    let sumSquares = 0;
    let openMs = 0;
    let lastMid: number | undefined;
    let lastTs = from;
    let nextSample = from;
    const until = from + days * DAY;
    while (walk.nextTs < until) {
      const q = walk.step();
      if (q.ts < nextSample) continue;
      const mid = (q.bid + q.ask) / 2;
      if (lastMid !== undefined) {
        sumSquares += Math.log(mid / lastMid) ** 2;
        openMs += openMsBetween(instrument, lastTs, q.ts);
      }
      lastMid = mid;
      lastTs = q.ts;
      nextSample = q.ts + MINUTE;
    }
    // Variance per open millisecond, scaled to a trading year.
    return Math.sqrt((sumSquares / openMs) * tradingYearMs(instrument));
  }

  it.each([
    ['BTCUSD', 2],
    ['EURUSD', 3],
    ['AAPL', 10],
  ])('%s: annualised volatility within 7 %% of the catalogue figure', (symbol, days) => {
    const instrument = catalogue.require(symbol);
    const vol = realisedVolatility(instrument, START, days, false);
    expect(vol / instrument.volatility).toBeGreaterThan(0.93);
    expect(vol / instrument.volatility).toBeLessThan(1.07);
  });

  it('jumps happen at about the catalogue rate', () => {
    // Over half a year of BTCUSD sampled about once a minute, count moves beyond 6 standard
    // deviations of the diffusion over their interval: practically only jumps get there.
    const instrument = BTCUSD;
    const walk = new InstrumentWalk(instrument, { seed: 99, startTime: START, tickIntervalMs: MINUTE });
    const perMs = instrument.volatility ** 2 / tradingYearMs(instrument);
    let big = 0;
    let last = walk.step();
    const until = START + 182 * DAY;
    while (walk.nextTs < until) {
      const q = walk.step();
      const sigma = Math.sqrt(perMs * (q.ts - last.ts));
      if (Math.abs(Math.log((q.bid + q.ask) / (last.bid + last.ask))) > 6 * sigma) big += 1;
      last = q;
    }
    // 12 jumps a year of 3 % → about 6 in half a year, most of them well beyond 6σ of a minute.
    expect(big).toBeGreaterThanOrEqual(1);
    expect(big).toBeLessThanOrEqual(15);
  });
});

describe('simulated market: as a feed', () => {
  it('honours start prices, e.g. the last prices after a restart', async () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({
      instruments: [BTCUSD],
      seed: 1,
      clock,
      startPrices: { BTCUSD: 50_000 },
    });
    const quotes = collect(feed);
    await feed.start();
    expect(feed.startTime).toBe(START);
    expect(quotes[0]?.bid).toBeGreaterThan(49_900);
    expect(quotes[0]?.ask).toBeLessThan(50_100);
    await feed.stop();
  });

  it('stops cleanly: no timer left, no quote after stop', async () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ instruments: [BTCUSD, EURUSD], seed: 1, clock });
    const quotes = collect(feed);
    await feed.start();
    clock.advance(1_000);
    await feed.stop();
    const count = quotes.length;
    expect(clock.pending).toBe(0);
    clock.advance(10_000);
    expect(quotes.length).toBe(count);
  });

  it('skips to the present after a long stall instead of bursting every missed tick', async () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ instruments: [BTCUSD], seed: 1, clock, maxLagMs: 5_000 });
    const quotes = collect(feed);
    await feed.start();
    // The process was suspended for a minute: time moves on without the timers running on the way.
    clock.stall(60_000);
    clock.advance(1);
    expect(quotes.length).toBeLessThan(5);
    expect(quotes.at(-1)?.ts).toBe(START + 60_000);
    await feed.stop();
  });

  it('keeps running when a listener throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ instruments: [BTCUSD], seed: 1, clock, onError: (e) => errors.push(e) });
    feed.onQuote(() => {
      throw new Error('boom');
    });
    const quotes = collect(feed);
    await feed.start();
    clock.advance(2_000);
    await feed.stop();
    expect(quotes.length).toBeGreaterThan(5);
    expect(errors.length).toBe(quotes.length);
  });

  it('a listener can unsubscribe', async () => {
    const clock = new ManualClock(START);
    const feed = new SimulatedFeed({ instruments: [BTCUSD], seed: 1, clock });
    const quotes: Quote[] = [];
    const off = feed.onQuote((q) => quotes.push(q));
    await feed.start();
    clock.advance(1_000);
    off();
    const count = quotes.length;
    clock.advance(1_000);
    expect(quotes.length).toBe(count);
    await feed.stop();
  });
});
