/**
 * `npm run bench -- engine`: the trading engine's tick path (architecture §5).
 * 100,000 open positions with SL/TP over 10,000 accounts and 110 symbols, 1,000,000 replayed ticks of a seeded
 * random walk, through the indexed engine and — for a prefix, extrapolated — the naive full-scan reference,
 * checking that both fire exactly the same closes on the common prefix. Deterministic for a given seed.
 */
import { performance } from 'node:perf_hooks';
import { buyPrice, CALCULATOR_LEVERAGES, moneyFromCents, sellPrice } from '@openbroker/domain';
import {
  Engine,
  type EngineEvent,
  type EngineInstrument,
  type EngineQuote,
  type EngineSnapshot,
  NaiveEngine,
  type OrderRecord,
  type PositionRecord,
} from '../apps/server/src/engine/index.js';
import { percentile } from './stats.js';

const SEED = 20_261_121;
const SYMBOLS = 110;
const ACCOUNTS = 10_000;
const POSITIONS_PER_ACCOUNT = 10;
const TICKS = 1_000_000;
/**
 * The naive reference replays two stretches, each for at most NAIVE_MAX_TICKS ticks or NAIVE_BUDGET_MS: the prefix
 * from the same book, and a window from the middle (WINDOW_START) restored from the indexed engine's snapshot.
 */
const NAIVE_MAX_TICKS = 4_000;
const NAIVE_BUDGET_MS = 12_000;
const WINDOW_START = TICKS / 2;
/** Feed time between two ticks: 110 symbols × about 4 ticks per second. */
const TICK_MS = 2.25;

/** mulberry32: small, fast, seedable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

interface Market {
  instruments: EngineInstrument[];
  mids: number[];
  spreads: number[];
  /** Per-tick volatility of the mid (relative). */
  sigmas: number[];
}

/**
 * Per class: price range, relative spread, and daily volatility. The walk gives each symbol about one typical
 * trading day's volatility over the replay (1,000,000 ticks ≈ 9,100 ticks per symbol), plus rare gaps.
 */
const CLASSES = [
  { name: 'crypto', id: 1, count: 20, price: [0.5, 60_000], spread: 0.0006, dailyVol: 0.035 },
  { name: 'forex', id: 2, count: 35, price: [0.6, 160], spread: 0.00008, dailyVol: 0.007 },
  { name: 'stocks', id: 3, count: 45, price: [8, 900], spread: 0.0003, dailyVol: 0.018 },
  { name: 'commodities', id: 4, count: 10, price: [2, 2_500], spread: 0.0004, dailyVol: 0.016 },
] as const;
/** Probability of a gap per tick, and its size (relative, standard deviation). */
const GAP_PROBABILITY = 1 / 20_000;
const GAP_SIZE = 0.01;
/** Share of positions with scalper-tight SL/TP (0.03–0.3 % away) instead of 0.5–4 %. */
const SCALPER_SHARE = 0.1;
/** Share of positions with a stop loss that trail it, at the stop's distance. */
const TRAILING_SHARE = 0.2;
/** Pending limit/stop orders per account, 0.3–3 % away from the price. */
const ORDERS_PER_ACCOUNT = 2;
/** Share of accounts that hold one leveraged crypto bet with a thin cushion: these meet the stop-out. */
const CONCENTRATED_SHARE = 0.03;

function market(random: () => number): Market {
  const m: Market = { instruments: [], mids: [], spreads: [], sigmas: [] };
  for (const c of CLASSES) {
    for (let i = 0; i < c.count; i++) {
      const [lo, hi] = c.price;
      m.instruments.push({
        symbol: `${c.name.slice(0, 3).toUpperCase()}${String(i).padStart(3, '0')}`,
        name: `${c.name} ${i}`,
        categoryId: c.id,
        categoryName: c.name,
        leverage: CALCULATOR_LEVERAGES.join(','),
      });
      m.mids.push(lo * (hi / lo) ** random());
      m.spreads.push(c.spread);
      m.sigmas.push(c.dailyVol / Math.sqrt(TICKS / SYMBOLS));
    }
  }
  if (m.instruments.length !== SYMBOLS) throw new Error('catalogue size');
  return m;
}

function quoteOf(symbol: string, mid: number, spread: number, ts: number): EngineQuote {
  return { symbol, bid: mid * (1 - spread / 2), ask: mid * (1 + spread / 2), ts };
}

/**
 * Accounts with 10 positions each, SL and TP 0.5–4 % away (10 % of levels 0.03–0.3 %; 15 % of positions without
 * one or the other), 20 % of accounts thin
 * (balance 2–12 % above the margin in use), and a few concentrated: one crypto symbol, one direction, high leverage,
 * no stop loss.
 */
function book(random: () => number, m: Market): EngineSnapshot {
  const quotes = m.instruments.map((ins, i) =>
    quoteOf(ins.symbol, m.mids[i] as number, m.spreads[i] as number, 0),
  );
  const cryptos = CLASSES[0].count;
  const accounts: EngineSnapshot['accounts'][number][] = [];
  const positions: PositionRecord[] = [];
  const orders: OrderRecord[] = [];
  let id = 1;
  for (let a = 1; a <= ACCOUNTS; a++) {
    const concentrated = random() < CONCENTRATED_SHARE;
    const bet = {
      symbol: Math.floor(random() * cryptos),
      direction: random() < 0.5 ? 'buy' : 'sell',
    } as const;
    let margin = 0;
    for (let k = 0; k < POSITIONS_PER_ACCOUNT; k++) {
      const s = concentrated ? bet.symbol : Math.floor(random() * SYMBOLS);
      const quote = quotes[s] as EngineQuote;
      const direction = concentrated ? bet.direction : random() < 0.5 ? 'buy' : 'sell';
      const leverage = concentrated
        ? random() < 0.5
          ? 20
          : 30
        : (CALCULATOR_LEVERAGES[Math.floor(random() * CALCULATOR_LEVERAGES.length)] as number);
      const amount = moneyFromCents(Math.round((10 + random() * 490) * 100));
      // opened a while ago, somewhere near today's price
      const dealt = direction === 'buy' ? buyPrice(quote.ask) : sellPrice(quote.bid);
      const openRate = dealt * (1 + (random() - 0.5) * 0.004);
      const valuation = direction === 'buy' ? sellPrice(quote.bid) : buyPrice(quote.ask);
      const sign = direction === 'buy' ? 1 : -1;
      const distance = () =>
        random() < SCALPER_SHARE ? 0.0003 + random() * 0.0027 : 0.005 + random() * 0.035;
      const stopLoss = valuation * (1 - sign * distance());
      const takeProfit = valuation * (1 + sign * distance());
      const hasStop = !concentrated && random() < 0.85;
      const trailing = hasStop && random() < TRAILING_SHARE ? Math.abs(valuation - stopLoss) : null;
      positions.push({
        id: id++,
        accountId: a,
        symbol: quote.symbol,
        direction,
        amount,
        leverage,
        openRate: openRate as PositionRecord['openRate'],
        openedAt: 0,
        stopLoss: (hasStop ? stopLoss : null) as PositionRecord['stopLoss'],
        takeProfit: (random() < 0.85 ? takeProfit : null) as PositionRecord['takeProfit'],
        trailingDistance: trailing as PositionRecord['stopLoss'],
      });
      margin += amount;
    }
    for (let k = 0; k < ORDERS_PER_ACCOUNT; k++) {
      const quote = quotes[Math.floor(random() * SYMBOLS)] as EngineQuote;
      const direction = random() < 0.5 ? 'buy' : 'sell';
      const orderType = random() < 0.5 ? 'limit' : 'stop';
      const reference = direction === 'buy' ? buyPrice(quote.ask) : sellPrice(quote.bid);
      // a buy limit and a sell stop below the price, a buy stop and a sell limit above it
      const below = (direction === 'buy') === (orderType === 'limit');
      const away = 0.003 + random() * 0.027;
      orders.push({
        id: id++,
        accountId: a,
        symbol: quote.symbol,
        direction,
        orderType,
        price: (reference * (below ? 1 - away : 1 + away)) as OrderRecord['price'],
        amount: moneyFromCents(Math.round((10 + random() * 90) * 100)),
        leverage: CALCULATOR_LEVERAGES[Math.floor(random() * 4)] as number,
        stopLoss: null,
        takeProfit: null,
        trailingDistance: null,
        expiry: { kind: 'gtc' },
        expiresAt: null,
        createdAt: 0,
        status: 'open',
      });
    }
    const thin = concentrated || random() < 0.2;
    const cushion = thin ? 1.02 + random() * 0.1 : 1.2 + random() * 3;
    accounts.push({
      id: a,
      verified: true,
      assetsGroupPermission: [1, 2, 3, 4],
      customLeverage: {},
      balance: moneyFromCents(Math.round(margin * cushion * 100)),
    });
  }
  return { accounts, positions, orders, quotes };
}

interface Ticks {
  symbol: Int32Array;
  bid: Float64Array;
  ask: Float64Array;
  ts: Float64Array;
}

/** A seeded random walk per symbol with rare jumps (gaps), replayed in a random symbol order. */
function ticks(random: () => number, m: Market): Ticks {
  const t: Ticks = {
    symbol: new Int32Array(TICKS),
    bid: new Float64Array(TICKS),
    ask: new Float64Array(TICKS),
    ts: new Float64Array(TICKS),
  };
  const mids = [...m.mids];
  for (let i = 0; i < TICKS; i++) {
    const s = Math.floor(random() * SYMBOLS);
    const jump = random() < GAP_PROBABILITY ? gaussian(random) * GAP_SIZE : 0;
    const mid = (mids[s] as number) * Math.exp((m.sigmas[s] as number) * gaussian(random) + jump);
    mids[s] = mid;
    const spread = m.spreads[s] as number;
    t.symbol[i] = s;
    t.bid[i] = mid * (1 - spread / 2);
    t.ask[i] = mid * (1 + spread / 2);
    t.ts[i] = (i + 1) * TICK_MS;
  }
  return t;
}

interface Close {
  tick: number;
  id: number;
  cause: string;
  rate: number;
  profit: number;
  shortfall: number;
}

const sameClose = (a: Close, b: Close) =>
  a.tick === b.tick &&
  a.id === b.id &&
  a.cause === b.cause &&
  a.rate === b.rate &&
  a.profit === b.profit &&
  a.shortfall === b.shortfall;

/** Order fills and rejections seen, by event type (both engines; compared like closes by count). */
const orderOutcomes = new Map<string, number>();

function recorder(closes: Close[], tick: { i: number }, counts?: Map<string, number>) {
  return (events: readonly EngineEvent[]) => {
    for (const e of events) {
      if (counts && (e.type === 'order.filled' || e.type === 'order.rejected'))
        counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
      if (e.type !== 'position.closed') continue;
      const p = e.position;
      closes.push({
        tick: tick.i,
        id: p.id,
        cause: p.cause,
        rate: p.closedRate,
        profit: p.profit,
        shortfall: p.shortfall,
      });
    }
  };
}

const us = (ms: number) => `${(ms * 1_000).toFixed(2)} µs`;
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** Replays ticks [from, to) through the naive reference for at most the budget; returns the ticks done and ms. */
function replayNaive(
  naive: NaiveEngine,
  at: { i: number },
  quoteAt: (i: number) => EngineQuote,
  from: number,
) {
  const start = performance.now();
  let i = from;
  while (i < from + NAIVE_MAX_TICKS && i < TICKS && performance.now() - start < NAIVE_BUDGET_MS) {
    at.i = i;
    naive.onQuote(quoteAt(i));
    i++;
  }
  return { ticks: i - from, ms: performance.now() - start };
}

function compare(indexed: readonly Close[], naive: readonly Close[], from: number, to: number): string {
  const mine = indexed.filter((c) => c.tick >= from && c.tick < to);
  const same = mine.length === naive.length && mine.every((c, i) => sameClose(c, naive[i] as Close));
  const causes = new Map<string, number>();
  for (const c of mine) causes.set(c.cause, (causes.get(c.cause) ?? 0) + 1);
  const detail = [...causes].map(([k, v]) => `${k} ${v}`).join(', ');
  return `${same ? 'identical' : 'DIFFERENT'}: indexed ${fmt(mine.length)}, naive ${fmt(naive.length)} closes${detail ? ` (${detail})` : ''}`;
}

export async function engineFigures(): Promise<boolean> {
  const random = rng(SEED);
  const m = market(random);
  const snapshot = book(random, m);
  const replay = ticks(random, m);
  const symbols = m.instruments.map((i) => i.symbol);
  const quoteAt = (i: number): EngineQuote => {
    const s = replay.symbol[i] as number;
    return {
      symbol: symbols[s] as string,
      bid: replay.bid[i] as number,
      ask: replay.ask[i] as number,
      ts: replay.ts[i] as number,
    };
  };

  console.log(`\nTrading engine (single core, Node ${process.version}, seed ${SEED})`);
  console.log(
    `book: ${fmt(snapshot.positions.length)} open positions (${fmt(snapshot.positions.filter((p) => p.trailingDistance).length)} with trailing stops) and ${fmt(snapshot.orders?.length ?? 0)} pending orders over ${fmt(ACCOUNTS)} accounts and ${SYMBOLS} symbols; replay: ${fmt(TICKS)} ticks of a seeded random walk (about one trading day of volatility per symbol, rare gaps)`,
  );

  // ---- indexed engine
  const tick = { i: -1 };
  const closes: Close[] = [];
  const setupStart = performance.now();
  const engine = Engine.restore(snapshot, {
    instruments: m.instruments,
    persistence: { commit: () => undefined },
    onEvents: recorder(closes, tick, orderOutcomes),
  });
  engine.sweep(0);
  const setupMs = performance.now() - setupStart;
  const heapAfterSetup = process.memoryUsage().heapUsed;

  const times = new Float64Array(TICKS);
  let middle: EngineSnapshot | null = null;
  let elapsed = 0;
  for (let i = 0; i < TICKS; i++) {
    if (i === WINDOW_START) middle = engine.snapshot(); // outside the timed section
    tick.i = i;
    const quote = quoteAt(i);
    const t0 = performance.now();
    engine.onQuote(quote);
    const dt = performance.now() - t0;
    times[i] = dt;
    elapsed += dt;
  }
  const problems = engine.verifyIndexes();
  const sorted = times.slice().sort();
  let slowest = 0;
  for (let i = 1; i < TICKS; i++) if ((times[i] as number) > (times[slowest] as number)) slowest = i;
  const indexedRate = TICKS / (elapsed / 1_000);
  const causes = new Map<string, number>();
  for (const c of closes) causes.set(c.cause, (causes.get(c.cause) ?? 0) + 1);

  console.log(
    '\nindexed engine (per-symbol heaps for SL, TP, termination, trailing thresholds, pending orders and account danger prices)',
  );
  console.log(
    `  setup              restore of the book + first sweep ${fmt(setupMs)} ms, heap ${fmt(heapAfterSetup / 2 ** 20)} MiB`,
  );
  console.log(
    `  throughput         ${fmt(indexedRate)} ticks/s (Σ per-tick time ${fmt(elapsed)} ms for ${fmt(TICKS)} ticks)`,
  );
  console.log(
    `  per tick           p50 ${us(percentile(sorted, 0.5))}, p99 ${us(percentile(sorted, 0.99))}, p99.9 ${us(percentile(sorted, 0.999))}, max ${us(times[slowest] as number)} (tick ${fmt(slowest)}: ${closes.filter((c) => c.tick === slowest).length} closes)`,
  );
  console.log(
    `  closes             ${fmt(closes.length)}: ${[...causes].map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}; ${fmt(engine.stats().openPositions)} still open`,
  );
  console.log(
    `  pending orders     ${[...orderOutcomes].map(([k, v]) => `${k} ${fmt(v)}`).join(', ') || 'none fired'}; ${fmt(engine.stats().openOrders)} still open`,
  );
  console.log(`  memory             heap ${fmt(process.memoryUsage().heapUsed / 2 ** 20)} MiB at the end`);
  console.log(
    `  index check        ${problems.length === 0 ? 'consistent' : `${problems.length} problems: ${problems.slice(0, 3).join('; ')}`}`,
  );

  // ---- naive full-scan reference: the prefix from the same book, and a window from the middle
  const naiveTick = { i: -1 };
  const prefixCloses: Close[] = [];
  const prefixNaive = NaiveEngine.restore(snapshot, {
    instruments: m.instruments,
    onEvents: recorder(prefixCloses, naiveTick),
  });
  prefixNaive.sweep(0);
  const prefix = replayNaive(prefixNaive, naiveTick, quoteAt, 0);

  const windowCloses: Close[] = [];
  const windowNaive = NaiveEngine.restore(middle as EngineSnapshot, {
    instruments: m.instruments,
    onEvents: recorder(windowCloses, naiveTick),
  });
  naiveTick.i = -1; // a close here (none expected: the snapshot is faithful) fails the comparison
  windowNaive.sweep(replay.ts[WINDOW_START - 1] as number);
  const window = replayNaive(windowNaive, naiveTick, quoteAt, WINDOW_START);

  const naiveRate = (prefix.ticks + window.ticks) / ((prefix.ms + window.ms) / 1_000);
  console.log('\nnaive full-scan reference (every tick scans every open position and every account)');
  console.log(
    `  throughput         ${fmt(naiveRate)} ticks/s, measured on ${fmt(prefix.ticks + window.ticks)} ticks; ${fmt(TICKS)} ticks would take about ${fmt(TICKS / naiveRate)} s (extrapolated, not run)`,
  );

  const prefixResult = compare(closes, prefixCloses, 0, prefix.ticks);
  const windowResult = compare(closes, windowCloses, WINDOW_START, WINDOW_START + window.ticks);
  const ratio = indexedRate / naiveRate;
  console.log('\ncomparison (tick, position, cause, price, profit, shortfall of every close)');
  console.log(`  prefix             ticks 0–${fmt(prefix.ticks - 1)} from the same book: ${prefixResult}`);
  console.log(
    `  window             ticks ${fmt(WINDOW_START)}–${fmt(WINDOW_START + window.ticks - 1)}, naive restored from the indexed engine's snapshot at tick ${fmt(WINDOW_START)}: ${windowResult}`,
  );
  console.log(`  speed ratio        ${fmt(ratio)}× (indexed ticks/s ÷ naive ticks/s)`);
  const met = indexedRate >= 250_000 && ratio >= 100;
  console.log(
    `  targets            ≥ 250,000 ticks/s and ≥ 100× the naive reference: ${met ? 'met' : 'NOT met'}`,
  );
  return (
    !prefixResult.startsWith('DIFFERENT') && !windowResult.startsWith('DIFFERENT') && problems.length === 0
  );
}
