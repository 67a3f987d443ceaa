/**
 * `npm run bench -- auto-trading`: the "it must scale" figure. 10,000 verified accounts with auto-trading on,
 * spread over 110 quoted instruments (each account watching 3–8 of them, half a trend follower, half mean reversion,
 * three parameter sets each, all on 1h candles), in the real server pieces without a database: the MarketService
 * (quote book, candle builder, MemoryCandleStore with a month of generated history, the candle-closed hook), the
 * TradingService with its engine restored from an in-memory book (10,000 auto accounts with open client and auto
 * positions, one manual account) over a repository stub whose commit returns at once like bench/engine.ts, and the
 * AutoTradingRunner wired to them as AutoTradingService wires it.
 *
 * Ticks arrive on a timer (one every TICK_MS, round robin over the symbols) and a manual open-then-close round trip
 * is due every MANUAL_EVERY_MS; each records its delay from the time it was due to the engine having processed it.
 * First a stretch without any candle close (the baseline), then candle closes of every instrument at once (a burst
 * of one closing tick per symbol at the top of the simulated hour): the runner evaluates every subscribed account
 * (analyse once per symbol and parameter set, decide per account) and submits the decisions through the trading
 * service — the path of a client's own command. NATURAL_CLOSES closes come from the random walk; WORST_CLOSES more
 * replace each symbol's recent 1h candles with a flat stretch, a three-candle drift and a 2 % jump, so every
 * parameter set signals at once (trend: a crossover, mean reversion: an exit) and every subscribed account decides.
 *
 * Prints figures, asserts nothing. Seeded; timings vary with the machine's load.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import {
  type AutoTradingSettings,
  DEFAULT_TRADING_PROFILE,
  moneyFromCents,
  resolveOffers,
  type StrategyParams,
  validateAutoTradingSettings,
} from '@openbroker/domain';
import type { EngineSnapshot, PositionRecord } from '../apps/server/src/engine/index.js';
import { type Candle, RESOLUTION_MS } from '../apps/server/src/market/candles.js';
import { systemClock } from '../apps/server/src/market/clock.js';
import { generateHistory } from '../apps/server/src/market/history.js';
import { type Catalogue, type Instrument, parseCatalogue } from '../apps/server/src/market/instruments.js';
import { roundTo } from '../apps/server/src/market/random-walk.js';
import {
  AutoTradingRunner,
  type EvaluationReport,
  type RunnerAccount,
  type SubmitReport,
} from '../apps/server/src/modules/auto-trading/auto-trading.runner.js';
import { MarketService } from '../apps/server/src/modules/market/market.service.js';
import { PositionIdReserve } from '../apps/server/src/modules/trading/position-ids.js';
import type { TradingRepo } from '../apps/server/src/modules/trading/trading.repo.js';
import { TradingService } from '../apps/server/src/modules/trading/trading.service.js';
import { ascending, percentile } from './stats.js';

const SEED = 20_261_124;
const SYMBOLS = 110;
const AUTO_ACCOUNTS = 10_000;
const MANUAL_ACCOUNT = AUTO_ACCOUNTS + 1;
const BRANDS = 4;
const TIMEFRAME = '1h' as const;
const HOUR = RESOLUTION_MS[TIMEFRAME];
/** Tuesday 2026-11-24 06:20 UTC: the simulated market starts here; the closes follow at 07:00, 08:00, … */
const SIM_START = Date.UTC(2026, 10, 24, 6, 20);
/** One tick every TICK_MS of wall time, round robin over the symbols (1,000 ticks/s, ~9 per symbol per second). */
const TICK_MS = 1;
/** A manual open-then-close round trip is due every MANUAL_EVERY_MS. */
const MANUAL_EVERY_MS = 5;
const MANUAL_SYMBOL = 'BTCUSD';
/** Wall time of the baseline (no candle close), of the ticks before each close, and after each evaluation. */
const BASELINE_MS = Number(process.env.AUTO_BASELINE_MS ?? 3_000);
const PRE_CLOSE_MS = 800;
const POST_MS = 300;
const NATURAL_CLOSES = Number(process.env.AUTO_CLOSES ?? 12);
const WORST_CLOSES = 2;
/**
 * The repository stub's commit: 0 (default) returns at once like bench/engine.ts; AUTO_COMMIT_MS=n resolves after n ms
 * instead, like a database round trip (the engine's accounts then wait for it and the event loop is free meanwhile).
 */
const COMMIT_MS = Number(process.env.AUTO_COMMIT_MS ?? 0);
/** The worst case's jump: 2 % of the price (at least 30 price steps). */
const JUMP = 0.02;
/** The seed's categories (seed/seed.ts): id, name, leverage list. */
const CATEGORIES = [
  { id: 1, name: 'forex', leverage: '1,3,5,10,15,20,30' },
  { id: 2, name: 'stocks', leverage: '1,3,5' },
  { id: 3, name: 'crypto', leverage: '1,2' },
  { id: 4, name: 'commodities', leverage: '1,3,5,10,15,20' },
  { id: 5, name: 'index', leverage: '1,3,5,10,15,20' },
] as const;
const LEVERAGES = new Map<number, number[]>(CATEGORIES.map((c) => [c.id, c.leverage.split(',').map(Number)]));

/** The parameter sets clients pick: the defaults most often, two variants less often. */
const TREND_SETS: StrategyParams[] = [
  {
    strategy: 'trend',
    timeframe: TIMEFRAME,
    fastPeriod: 10,
    slowPeriod: 30,
    atrPeriod: 14,
    stopAtr: 2,
    takeProfitAtr: 3,
  },
  {
    strategy: 'trend',
    timeframe: TIMEFRAME,
    fastPeriod: 5,
    slowPeriod: 20,
    atrPeriod: 14,
    stopAtr: 1.5,
    takeProfitAtr: 2.5,
  },
  {
    strategy: 'trend',
    timeframe: TIMEFRAME,
    fastPeriod: 20,
    slowPeriod: 50,
    atrPeriod: 20,
    stopAtr: 2.5,
    takeProfitAtr: 4,
  },
];
const MEAN_REVERSION_SETS: StrategyParams[] = [
  {
    strategy: 'meanReversion',
    timeframe: TIMEFRAME,
    rsiPeriod: 14,
    oversold: 30,
    overbought: 70,
    exitLevel: 50,
    atrPeriod: 14,
    stopAtr: 2,
    takeProfitAtr: 3,
  },
  {
    strategy: 'meanReversion',
    timeframe: TIMEFRAME,
    rsiPeriod: 7,
    oversold: 25,
    overbought: 75,
    exitLevel: 50,
    atrPeriod: 10,
    stopAtr: 1.5,
    takeProfitAtr: 2,
  },
  {
    strategy: 'meanReversion',
    timeframe: TIMEFRAME,
    rsiPeriod: 21,
    oversold: 35,
    overbought: 65,
    exitLevel: 50,
    atrPeriod: 20,
    stopAtr: 2.5,
    takeProfitAtr: 4,
  },
];
/** Share of trend accounts, and how often each parameter set is picked. */
const TREND_SHARE = 0.55;
const SET_WEIGHTS = [0.5, 0.3, 0.2];

/** mulberry32: small, fast, seedable (as bench/engine.ts). */
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The shipped catalogue without its Hong Kong and Sydney indices (110 instruments), every instrument on the 24/7
 * schedule: the worst case is every instrument closing a candle at the same moment, which real trading hours never
 * allow (Tokyo and New York are never open together).
 */
function benchCatalogue(): Catalogue {
  const path = new URL('../apps/server/src/market/instruments.json', import.meta.url);
  const data = JSON.parse(readFileSync(path, 'utf8')) as {
    schedules: Record<string, unknown>;
    instruments: { symbol: string; hours: string }[];
  };
  const always = Object.entries(data.schedules).find(
    ([, s]) => (s as { kind: string }).kind === 'always',
  )?.[0];
  if (!always) throw new Error('instruments.json has no 24/7 schedule');
  const instruments = data.instruments
    .filter((i) => i.hours !== 'hkex' && i.hours !== 'asx')
    .map((i) => ({ ...i, hours: always }));
  if (instruments.length !== SYMBOLS)
    throw new Error(`expected ${SYMBOLS} instruments, got ${instruments.length}`);
  return parseCatalogue({ ...data, instruments }, 'instruments.json (bench)');
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

function weighted<T>(random: () => number, list: readonly T[]): T {
  let r = random();
  for (let i = 0; i < list.length; i++) {
    r -= SET_WEIGHTS[i] ?? 0;
    if (r < 0) return list[i] as T;
  }
  return list[list.length - 1] as T;
}

/** The highest leverage of the list not above `max` (the strategy's rule), else the lowest. */
const leverageFor = (list: readonly number[], max: number) =>
  list.reduce((best, l) => (l <= max && l > best ? l : best), list[0] ?? 1);

interface Book {
  snapshot: EngineSnapshot;
  accounts: RunnerAccount[];
  subscriptions: number;
}

/**
 * 10,000 auto-trading accounts (4 brands) with 0–4 open client positions and 0–3 open auto positions each (on
 * symbols they watch, SL/TP 1–4 % away), and one manual account for the round trips.
 */
function book(random: () => number, catalogue: Catalogue): Book {
  const instruments = catalogue.instruments;
  const symbols = instruments.map((i) => i.symbol);
  const offers = resolveOffers(undefined);
  const quotes = instruments.map((i) => ({
    symbol: i.symbol,
    bid: roundTo(i.referencePrice - i.spread / 2, i.precision),
    ask: roundTo(i.referencePrice + i.spread / 2, i.precision),
    ts: SIM_START,
  }));
  const accounts: EngineSnapshot['accounts'][number][] = [];
  const positions: PositionRecord[] = [];
  const runnerAccounts: RunnerAccount[] = [];
  let subscriptions = 0;
  let id = 1;
  const position = (
    accountId: number,
    ins: Instrument,
    amount: number,
    leverage: number,
    auto: boolean,
  ): PositionRecord => {
    const direction = random() < 0.5 ? 'buy' : 'sell';
    const sign = direction === 'buy' ? 1 : -1;
    const price = ins.referencePrice;
    const away = () => 0.01 + random() * 0.03;
    return {
      id: id++,
      accountId,
      symbol: ins.symbol,
      direction,
      amount: moneyFromCents(Math.round(amount * 100)),
      leverage,
      openRate: roundTo(price * (1 + (random() - 0.5) * 0.01), ins.precision) as PositionRecord['openRate'],
      openedAt: SIM_START - Math.floor(random() * 5 * 86_400_000),
      stopLoss: (auto || random() < 0.85
        ? roundTo(price * (1 - sign * away()), ins.precision)
        : null) as PositionRecord['stopLoss'],
      takeProfit: (auto || random() < 0.85
        ? roundTo(price * (1 + sign * away()), ins.precision)
        : null) as PositionRecord['takeProfit'],
      ...(auto ? { origin: 'auto' as const } : {}),
    };
  };

  for (let a = 1; a <= AUTO_ACCOUNTS; a++) {
    const brandId = 1 + (a % BRANDS);
    const trend = random() < TREND_SHARE;
    const params = weighted(random, trend ? TREND_SETS : MEAN_REVERSION_SETS);
    const watched = new Set<string>();
    const count = 3 + Math.floor(random() * 6);
    while (watched.size < count) watched.add(pick(random, symbols));
    subscriptions += watched.size;
    const fixed = random() < 0.6;
    const maxLeverage = pick(random, [2, 5, 10, 20, 30]);
    const balanceCents = Math.round((2_000 + random() * 48_000) * 100);
    const raw = {
      params,
      limits: {
        symbols: [...watched],
        amount: fixed
          ? { mode: 'fixed', value: 50 + Math.floor(random() * 46) * 10 }
          : { mode: 'percent', value: 1 + Math.floor(random() * 5) },
        maxPositions: 3 + Math.floor(random() * 8),
        maxLeverage,
        dailyLossLimit: Math.round(balanceCents * 0.05) / 100,
        drawdownLimit: Math.round(balanceCents * 0.15) / 100,
        closeOnLimit: random() < 0.1,
      },
    };
    const checked = validateAutoTradingSettings(raw, { offers, maxLeverage: null, symbols });
    if (!checked.ok) throw new Error(`account ${a}: invalid settings ${JSON.stringify(checked.errors)}`);
    const settings: AutoTradingSettings = checked.value;
    runnerAccounts.push({ id: a, brandId, settings, enabledAt: SIM_START - 7 * 86_400_000 });

    let margin = 0;
    const autoCount = Math.floor(random() * 4);
    const autoSymbols = [...watched].slice(0, autoCount);
    for (const symbol of autoSymbols) {
      const ins = catalogue.require(symbol);
      const amount = 50 + Math.floor(random() * 46) * 10;
      const leverage = leverageFor(LEVERAGES.get(ins.categoryId) ?? [1], maxLeverage);
      positions.push(position(a, ins, amount, leverage, true));
      margin += amount;
    }
    const clientCount = Math.floor(random() * 5);
    for (let k = 0; k < clientCount; k++) {
      const ins = pick(random, instruments);
      const amount = 10 + Math.floor(random() * 490);
      positions.push(position(a, ins, amount, pick(random, LEVERAGES.get(ins.categoryId) ?? [1]), false));
      margin += amount;
    }
    accounts.push({
      id: a,
      verified: true,
      assetsGroupPermission: CATEGORIES.map((c) => c.id),
      customLeverage: {},
      profile: `brand:${brandId}`,
      balance: moneyFromCents(balanceCents + Math.round(margin * 100)),
    });
  }
  accounts.push({
    id: MANUAL_ACCOUNT,
    verified: true,
    assetsGroupPermission: CATEGORIES.map((c) => c.id),
    customLeverage: {},
    profile: 'brand:1',
    balance: moneyFromCents(100_000_000),
  });
  return { snapshot: { accounts, positions, quotes }, accounts: runnerAccounts, subscriptions };
}

/** The trading repository without a database: the book as the snapshot, commits that return at once (COMMIT_MS). */
function memoryRepo(snapshot: EngineSnapshot, counts: { commits: number }): TradingRepo {
  let next = 10_000_000;
  const stub: Pick<
    TradingRepo,
    'positionIds' | 'categories' | 'loadSnapshot' | 'commit' | 'haltedSymbols' | 'loadAccount' | 'history'
  > = {
    positionIds: new PositionIdReserve(async (count) => Array.from({ length: count }, () => next++)),
    categories: async () => new Map(CATEGORIES.map((c) => [c.id, { name: c.name, leverage: c.leverage }])),
    loadSnapshot: async () => snapshot,
    // like bench/engine.ts: nothing to wait for, the engine applies the batch at once
    commit: (() => {
      counts.commits += 1;
      return COMMIT_MS > 0 ? sleep(COMMIT_MS) : undefined;
    }) as unknown as TradingRepo['commit'],
    haltedSymbols: async () => [],
    loadAccount: async () => undefined,
    history: async () => [],
  };
  return stub as unknown as TradingRepo;
}

/** The runner as the server builds it, recording each evaluation's report and each submission's time. */
class MeasuredRunner extends AutoTradingRunner {
  evaluations: { report: EvaluationReport; doneAt: number }[] = [];
  submissions: { report: SubmitReport; decisions: number; ms: number }[] = [];

  override async evaluate(...args: Parameters<AutoTradingRunner['evaluate']>): Promise<EvaluationReport> {
    const report = await super.evaluate(...args);
    this.evaluations.push({ report, doneAt: performance.now() });
    return report;
  }

  override async submit(...args: Parameters<AutoTradingRunner['submit']>): Promise<SubmitReport> {
    const [pending] = args;
    const began = performance.now();
    const report = await super.submit(...args);
    let decisions = 0;
    for (const p of pending) decisions += p.decisions.length;
    this.submissions.push({ report, decisions, ms: performance.now() - began });
    return report;
  }
}

type Kind = 'natural' | 'worst';

interface CloseFigures {
  kind: Kind;
  /** First evaluations (one per symbol), and later ones of the accounts deferred past a submission. */
  evaluations: number;
  again: number;
  deferred: number;
  subscribed: number;
  decided: number;
  analysed: number;
  decisions: number;
  opened: number;
  closed: number;
  refused: number;
  skipped: number;
  /** Σ of the evaluations' synchronous time (analyse + decide), the longest single one. */
  busyMs: number;
  longestBusyMs: number;
  /** Close → every subscribed account evaluated once (the first pass); close → every decision submitted (wall). */
  decidedMs: number;
  idleMs: number;
  submitMs: number;
  /** The 110 closing ticks: their ingest, including what the candle-closed hook ran synchronously. */
  burstMs: number;
  /** CPU time the process got from the close to the last submission (below the wall time: it waited for a core). */
  cpuMs: number;
  journal: number;
}

interface Timed {
  due: number;
  done: number;
}

const ms2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '–');
const fmt = (n: number) => Math.round(n).toLocaleString('en');

function spread(values: readonly number[]): string {
  if (values.length === 0) return 'none';
  const sorted = ascending(values);
  return `p50 ${ms2(percentile(sorted, 0.5))}, p99 ${ms2(percentile(sorted, 0.99))}, max ${ms2(sorted[sorted.length - 1] as number)} ms (n = ${fmt(values.length)})`;
}

export async function autoTradingBench(): Promise<boolean> {
  const random = rng(SEED);
  const loadBefore = os.loadavg();
  const setupStart = performance.now();

  // ---- the simulated clock: wall time from SIM_START, plus the jumps to the next candle close
  const wall0 = performance.now();
  let simShift = 0;
  /** Before a close the clock stops just short of the hour, so only the closing burst closes the candles. */
  let ceiling = Number.POSITIVE_INFINITY;
  const rawNow = () => Math.floor(SIM_START + (performance.now() - wall0) + simShift);
  const simNow = () => Math.min(ceiling, rawNow());
  const jumpTo = (t: number) => {
    const now = rawNow();
    if (t > now) simShift += t - now;
  };

  // ---- market: catalogue, quote book, candle builder, a month of 1m…1D history ending at SIM_START
  const catalogue = benchCatalogue();
  const instruments = catalogue.instruments;
  const market = new MarketService({
    catalogue,
    feed: undefined,
    history: undefined,
    clock: { ...systemClock, now: simNow },
    log: () => undefined,
  });
  const history = generateHistory(instruments, market.candles, { seed: SEED, end: SIM_START, months: 1 });

  // ---- trading: the engine restored from the book through the trading service
  const made = book(random, catalogue);
  const counts = { commits: 0 };
  const trading = new TradingService(memoryRepo(made.snapshot, counts), market, {
    requoteTolerance: 0.005,
    stopOutLevel: 0.5,
    log: { info: () => undefined, error: (obj, msg) => console.error(msg, obj) },
  });
  for (let b = 1; b <= BRANDS; b++) trading.setProfile(`brand:${b}`, DEFAULT_TRADING_PROFILE);
  const restoreStart = performance.now();
  await trading.start();
  const restoreMs = performance.now() - restoreStart;
  const autoPositions = made.snapshot.positions.filter((p) => p.origin === 'auto').length;

  // ---- the runner, wired as AutoTradingService wires it
  const realised = new Map<number, { today: number; total: number }>();
  const errors: string[] = [];
  let journalLines = 0;
  /** The engine's refusals of the runner's commands, by message key (journaled once per account and symbol). */
  const refusals = new Map<string, number>();
  const runner = new MeasuredRunner(
    {
      trading,
      candles: market.candles,
      precisionOf: (symbol) => market.catalogue.get(symbol)?.precision,
      now: simNow,
      realised: (accountId) => realised.get(accountId) ?? { today: 0, total: 0 },
      killed: () => false,
      journal: async (lines) => {
        journalLines += lines.length;
        for (const line of lines)
          if (line.action === 'refused') {
            const key = line.outcome?.key ?? 'unknown';
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
      },
      error: (err, what) => {
        errors.push(`${what}: ${String(err)}`);
      },
    },
    // AUTO_CONCURRENCY: accounts submitting at once (default: the runner's)
    process.env.AUTO_CONCURRENCY ? { concurrency: Number(process.env.AUTO_CONCURRENCY) } : {},
  );
  for (const account of made.accounts) {
    runner.add(account);
    realised.set(account.id, { today: 0, total: 0 });
  }
  market.onCandleClosed((symbol, resolution, candle) => runner.onCandleClosed(symbol, resolution, candle));

  // ---- the price walk: per-tick volatility so that a simulated hour's ticks move like an hour of the market
  const mids = instruments.map((i) => i.referencePrice);
  const ticksPerCandle = (PRE_CLOSE_MS + POST_MS) / TICK_MS / SYMBOLS + 2;
  const sigmas = instruments.map(
    (i) => (i.volatility * Math.sqrt(HOUR / (365 * 86_400_000))) / Math.sqrt(ticksPerCandle),
  );
  /**
   * Scale of the walk's steps: 1 while a simulated hour's candle forms (compressed time), the real-time volatility
   * of a tick while the runner works (a second of wall time is a second of market then, so its decisions are not
   * requoted by a compressed walk), 0 in the worst case (the crafted candle stays as it is).
   */
  const realTime = Math.sqrt(((SYMBOLS * TICK_MS) / HOUR) * ticksPerCandle);
  let noise = 1;
  let refused = 0;
  const quoteOf = (s: number, ts: number) => {
    const ins = instruments[s] as Instrument;
    const mid = mids[s] as number;
    const bid = roundTo(mid - ins.spread / 2, ins.precision);
    const ask = Math.max(bid, roundTo(mid + ins.spread / 2, ins.precision));
    return { symbol: ins.symbol, bid, ask, ts };
  };
  const tick = (s: number) => {
    if (noise > 0) mids[s] = (mids[s] as number) * Math.exp((sigmas[s] as number) * noise * gaussian(random));
    if (!market.ingest(quoteOf(s, simNow()))) refused += 1;
  };
  /** One tick of every symbol now (after a jump of the clock, and the candle-closing burst). */
  const burst = () => {
    for (let s = 0; s < SYMBOLS; s++) tick(s);
  };
  burst();
  const setupMs = performance.now() - setupStart;

  // ---- garbage-collection pauses (part of every delay below)
  const gcPauses: { at: number; ms: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push({ at: entry.startTime, ms: entry.duration });
  });
  gcObserver.observe({ entryTypes: ['gc'] });

  // ---- the timed feed and the manual round trips
  /** Each timed tick: when it was due, when the engine had processed it, and how long its own processing took. */
  const ticks: (Timed & { ms: number })[] = [];
  const trips: (Timed & { ok: boolean })[] = [];
  let running = true;
  const feedStart = performance.now();
  let nextTick = 0;
  let turn = 0;
  const pump = () => {
    const now = performance.now();
    while (feedStart + nextTick * TICK_MS <= now) {
      const due = feedStart + nextTick * TICK_MS;
      nextTick += 1;
      const start = performance.now();
      tick(turn);
      turn = (turn + 1) % SYMBOLS;
      const done = performance.now();
      ticks.push({ due, done, ms: done - start });
    }
  };
  const feedTimer = setInterval(pump, TICK_MS);

  const roundTrip = async (): Promise<boolean> => {
    const last = market.book.last(MANUAL_SYMBOL);
    if (!last) return false;
    const opened = await trading.open({
      accountId: MANUAL_ACCOUNT,
      now: simNow(),
      symbol: MANUAL_SYMBOL,
      direction: 'buy',
      amount: 10,
      leverage: 1,
      price: last.ask * 1.00025,
      stop_lost: null,
      take_profit: null,
    });
    if (!opened.ok) return false;
    const event = opened.events.find((e) => e.type === 'position.opened');
    if (event?.type !== 'position.opened') return false;
    const now = market.book.last(MANUAL_SYMBOL) ?? last;
    const closed = await trading.close({
      accountId: MANUAL_ACCOUNT,
      now: simNow(),
      positionId: event.position.id,
      price: now.bid * 0.99975,
    });
    return closed.ok;
  };
  const manual = (async () => {
    while (running) {
      // the next slot on the grid; a slot missed while the loop was blocked is not replayed (a client waits)
      const now = performance.now();
      const due = feedStart + Math.ceil((now - feedStart) / MANUAL_EVERY_MS + 1e-9) * MANUAL_EVERY_MS;
      await sleep(due - now);
      if (!running) break;
      const ok = await roundTrip();
      trips.push({ due, done: performance.now(), ok });
    }
  })();

  // ---- baseline: ticks and manual trades, no candle close (after half a second for the setup's garbage)
  await sleep(500);
  const baselineFrom = performance.now();
  await sleep(BASELINE_MS);
  const baselineTo = performance.now();

  // ---- candle closes
  const windows: { kind: Kind; from: number; to: number }[] = [];
  const closes: CloseFigures[] = [];
  const closeWindows: { from: number; to: number }[] = [];
  let boundary = Math.floor(SIM_START / HOUR) * HOUR;
  for (let c = 0; c < NATURAL_CLOSES + WORST_CLOSES; c++) {
    const kind: Kind = c < NATURAL_CLOSES ? 'natural' : 'worst';
    boundary += HOUR;
    // late in the hour: the clock jumps to PRE_CLOSE_MS before the close, every symbol ticks once
    jumpTo(boundary - PRE_CLOSE_MS);
    ceiling = boundary - 1;
    if (kind === 'worst') {
      worstCase(market, instruments, mids, boundary, c % 2 === 0 ? 1 : -1);
      noise = 0;
    }
    burst();
    await sleep(PRE_CLOSE_MS - 5);
    const evaluationsBefore = runner.evaluations.length;
    const submissionsBefore = runner.submissions.length;
    const journalBefore = journalLines;
    // the top of the hour: one closing tick per symbol, each closing its 1h candle (the runner queues them)
    ceiling = Number.POSITIVE_INFINITY;
    jumpTo(boundary);
    if (kind === 'natural') noise = realTime;
    const cpuBefore = process.cpuUsage();
    const closeAt = performance.now();
    burst();
    const burstMs = performance.now() - closeAt;
    await runner.whenIdle();
    const idleAt = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    noise = 1;
    windows.push({ kind, from: closeAt, to: idleAt });
    const all = runner.evaluations.slice(evaluationsBefore);
    const submissions = runner.submissions.slice(submissionsBefore);
    // the first evaluation of each symbol covers all its accounts; an account that already has a decision in the
    // runner's batch is deferred and evaluated again for that symbol after the submission
    const seen = new Set<string>();
    const evaluations = all.filter((e) => !seen.has(e.report.symbol) && seen.add(e.report.symbol));
    const f: CloseFigures = {
      kind,
      evaluations: evaluations.length,
      again: all.length - evaluations.length,
      deferred: 0,
      subscribed: 0,
      decided: 0,
      analysed: 0,
      decisions: 0,
      opened: 0,
      closed: 0,
      refused: 0,
      skipped: 0,
      busyMs: 0,
      longestBusyMs: 0,
      decidedMs: Math.max(closeAt, ...evaluations.map((e) => e.doneAt)) - closeAt,
      idleMs: idleAt - closeAt,
      submitMs: 0,
      burstMs,
      cpuMs: (cpu.user + cpu.system) / 1_000,
      journal: journalLines - journalBefore,
    };
    for (const { report } of evaluations) {
      f.subscribed += report.accounts;
      f.analysed += report.analysed;
      f.deferred += report.deferred.length;
    }
    for (const { report } of all) {
      f.decided += report.decided;
      f.busyMs += report.busyMs;
      f.longestBusyMs = Math.max(f.longestBusyMs, report.busyMs);
    }
    for (const s of submissions) {
      f.decisions += s.decisions;
      f.opened += s.report.opened;
      f.closed += s.report.closed;
      f.refused += s.report.refused;
      f.skipped += s.report.skipped;
      f.submitMs += s.ms;
    }
    closes.push(f);
    closeWindows.push({ from: closeAt, to: idleAt });
    await sleep(POST_MS);
  }
  running = false;
  clearInterval(feedTimer);
  await manual;

  // ---- where a decided account's time goes: the trading service reads the runner makes per account (µs per call)
  const perCall = (fn: (account: RunnerAccount) => unknown): number => {
    for (const account of made.accounts.slice(0, 1_000)) fn(account);
    const began = performance.now();
    for (const account of made.accounts) fn(account);
    return ((performance.now() - began) * 1_000) / made.accounts.length;
  };
  const parts: [string, number][] = [
    ['funds', perCall((a) => trading.funds(a.id))],
    ['tradingTerms', perCall((a) => trading.tradingTerms(a.id, a.settings.limits.symbols[0] as string))],
    ['autoPositions', perCall((a) => trading.autoPositions(a.id))],
  ];
  await trading.stop();
  gcObserver.disconnect();
  const heapMiB = process.memoryUsage().heapUsed / 2 ** 20;
  const loadAfter = os.loadavg();

  // ---- figures
  const inWindow = (kind: Kind | 'baseline', t: number) =>
    kind === 'baseline'
      ? t >= baselineFrom && t < baselineTo
      : windows.some((w) => w.kind === kind && t >= w.from && t <= w.to);
  const delays = (list: readonly Timed[], kind: Kind | 'baseline') =>
    list.filter((x) => inWindow(kind, x.due)).map((x) => x.done - x.due);
  const stats = trading.stats();

  console.log(
    `\nAuto-trading at a candle close (Node ${process.version}, ${os.cpus().length} cores, load ${loadBefore
      .map((l) => l.toFixed(1))
      .join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after; seed ${SEED})`,
  );
  console.log(
    `setup              ${SYMBOLS} instruments (all open), ${fmt(history.candles)} candles of history in ${fmt(history.elapsedMs)} ms; ` +
      `engine restored in ${fmt(restoreMs)} ms with ${fmt(made.snapshot.accounts.length)} accounts and ` +
      `${fmt(made.snapshot.positions.length)} open positions (${fmt(autoPositions)} auto); setup ${fmt(setupMs)} ms`,
  );
  console.log(
    `runner             ${fmt(runner.size)} accounts on, ${fmt(made.subscriptions)} (account, symbol) subscriptions ` +
      `(~${fmt(made.subscriptions / SYMBOLS)} per symbol), ${TREND_SETS.length} trend + ${MEAN_REVERSION_SETS.length} mean-reversion ` +
      `parameter sets, all on ${TIMEFRAME}; the runner's defaults (4 ms slices of work between yields, ${process.env.AUTO_CONCURRENCY ?? 16} accounts submitting at once); ` +
      (COMMIT_MS > 0 ? `each commit resolves after ${COMMIT_MS} ms` : 'commits return at once (no database)'),
  );
  console.log(
    `feed               one tick every ${TICK_MS} ms round robin over the symbols; a manual open-then-close of ${MANUAL_SYMBOL} ` +
      `(TradingService, in process) due every ${MANUAL_EVERY_MS} ms; delays from the time each was due`,
  );

  const header = [
    'closes'.padEnd(22),
    'n'.padStart(3),
    'decided'.padStart(8),
    'decisions'.padStart(10),
    'opened'.padStart(7),
    'closed'.padStart(7),
    'refused'.padStart(8),
    '  Σ evaluate ms',
    '  close→evaluated ms',
    '  close→submitted ms',
  ];
  console.log(`\n${header.join(' ')}`);
  for (const kind of ['natural', 'worst'] as const) {
    const list = closes.filter((c) => c.kind === kind);
    if (list.length === 0) continue;
    const sum = (pick: (c: CloseFigures) => number) => list.reduce((s, c) => s + pick(c), 0) / list.length;
    const range = (pick: (c: CloseFigures) => number) => {
      const sorted = ascending(list.map(pick));
      return `${ms2(percentile(sorted, 0.5))} / ${ms2(percentile(sorted, 0.99))}`;
    };
    console.log(
      [
        (kind === 'natural' ? 'random walk (avg)' : 'every signal fires').padEnd(22),
        String(list.length).padStart(3),
        fmt(sum((c) => c.decided)).padStart(8),
        fmt(sum((c) => c.decisions)).padStart(10),
        fmt(sum((c) => c.opened)).padStart(7),
        fmt(sum((c) => c.closed)).padStart(7),
        fmt(sum((c) => c.refused)).padStart(8),
        `  ${range((c) => c.busyMs)}`.padEnd(20),
        `  ${range((c) => c.decidedMs)}`.padEnd(19),
        `  ${range((c) => c.idleMs)}`,
      ].join(' '),
    );
  }
  console.log(
    '(p50 / p99 over the closes; with this few closes p99 is the slowest one. Σ evaluate: the synchronous time of the ' +
      'evaluations, analyse + decide, wall clock; close→evaluated: until every subscribed account was evaluated once ' +
      '(the runner evaluates every queued close, then submits; an account with a decision on an earlier symbol is ' +
      'evaluated again for the later ones after that submission, within close→submitted); decided: accounts that ' +
      'reached decide (a signal other than none))',
  );
  console.log('\nper close');
  for (const [i, c] of closes.entries()) {
    const w = closeWindows[i] as { from: number; to: number };
    const own = ticks.filter((t) => t.due >= w.from && t.due <= w.to).map((t) => t.done - t.due);
    const worstTick = own.reduce((m, v) => Math.max(m, v), 0);
    const lateAt = ticks.find((t) => t.due >= w.from && t.due <= w.to && t.done - t.due === worstTick);
    const slowest = ticks
      .filter((t) => t.due >= w.from && t.due <= w.to)
      .reduce((m, t) => Math.max(m, t.ms), 0);
    console.log(
      `  #${String(i + 1).padStart(2)} ${c.kind.padEnd(7)} ${c.evaluations} symbols, ${fmt(c.subscribed)} subscribed, ` +
        `${fmt(c.deferred)} deferred (${c.again} evaluations again), ` +
        `${fmt(c.analysed)} analysed, ${fmt(c.decided)} decided → ${fmt(c.decisions)} decisions: ${fmt(c.opened)} opened, ` +
        `${fmt(c.closed)} closed, ${fmt(c.refused)} refused, ${fmt(c.skipped)} skipped, ${fmt(c.journal)} journal lines; ` +
        `evaluate Σ ${ms2(c.busyMs)} ms (longest symbol ${ms2(c.longestBusyMs)}), submit Σ ${ms2(c.submitMs)} ms, ` +
        `closing burst ${ms2(c.burstMs)} ms, all evaluated after ${ms2(c.decidedMs)} ms, submitted after ${ms2(c.idleMs)} ms (process CPU meanwhile ${ms2(c.cpuMs)} ms); ` +
        `longest tick delay ${ms2(worstTick)} ms (due ${ms2((lateAt?.due ?? w.from) - w.from)} ms after the close), ` +
        `slowest tick itself ${ms2(slowest)} ms`,
    );
  }

  console.log(
    '\nlatency (due → processed)      baseline, no evaluation         during the evaluations (close → submitted)',
  );
  const rows: [string, readonly Timed[]][] = [
    ['tick', ticks],
    ['manual round trip', trips],
  ];
  for (const [name, list] of rows) {
    console.log(`  ${name.padEnd(18)} baseline         ${spread(delays(list, 'baseline'))}`);
    console.log(`  ${''.padEnd(18)} random walk      ${spread(delays(list, 'natural'))}`);
    console.log(`  ${''.padEnd(18)} every signal     ${spread(delays(list, 'worst'))}`);
  }
  const own = (kind: Kind | 'baseline') => ticks.filter((t) => inWindow(kind, t.due)).map((t) => t.ms);
  console.log(`  ${'a tick itself'.padEnd(18)} baseline         ${spread(own('baseline'))}`);
  console.log(`  ${'(ingest → engine)'.padEnd(18)} random walk      ${spread(own('natural'))}`);
  console.log(`  ${''.padEnd(18)} every signal     ${spread(own('worst'))}`);
  console.log(
    `\nper call, µs       ${parts.map(([name, us]) => `${name} ${us.toFixed(1)}`).join('; ')} ` +
      `(${fmt(made.accounts.length)} accounts each, after the closes)`,
  );
  for (const kind of ['baseline', 'natural', 'worst'] as const) {
    const pauses = gcPauses.filter((g) => inWindow(kind, g.at)).map((g) => g.ms);
    const span =
      kind === 'baseline'
        ? baselineTo - baselineFrom
        : windows.filter((w) => w.kind === kind).reduce((sum, w) => sum + w.to - w.from, 0);
    console.log(
      `${kind === 'baseline' ? 'gc pauses' : ''.padEnd(9)}          ${kind.padEnd(8)} ${fmt(pauses.length)} in ${fmt(span)} ms, ` +
        `Σ ${ms2(pauses.reduce((sum, v) => sum + v, 0))} ms, longest ${ms2(Math.max(0, ...pauses))} ms`,
    );
  }
  const failedTrips = trips.filter((t) => !t.ok).length;
  console.log(
    `\nengine at the end  ${fmt(stats.openPositions)} open positions; ${fmt(counts.commits)} commits; ` +
      `${fmt(ticks.length)} timed ticks (${fmt(refused)} refused by the quote book); ${fmt(trips.length)} manual round trips` +
      `${failedTrips ? ` (${fmt(failedTrips)} refused)` : ''}; ${fmt(journalLines)} journal lines; heap ${fmt(heapMiB)} MiB`,
  );
  if (refusals.size > 0)
    console.log(
      `refusals           ${[...refusals]
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${key} ${fmt(n)}`)
        .join(', ')}`,
    );
  if (errors.length > 0) console.log(`runner errors      ${errors.length}: ${errors.slice(0, 3).join('; ')}`);

  const natural = closes.filter((c) => c.kind === 'natural');
  const worst = closes.filter((c) => c.kind === 'worst');
  const p99 = (list: readonly CloseFigures[]) => percentile(ascending(list.map((c) => c.decidedMs)), 0.99);
  console.log(
    `targets            every account evaluated < 200 ms after the close: random walk ${p99(natural) < 200 ? 'met' : 'MISSED'} ` +
      `(p99 ${ms2(p99(natural))} ms), every signal firing ${p99(worst) < 200 ? 'met' : 'MISSED'} (p99 ${ms2(p99(worst))} ms)`,
  );
  return errors.length === 0;
}

/**
 * The worst case: rewrites every symbol's recent 1h candles so that each parameter set signals on the candle closing
 * at `boundary` — 60 flat candles, three candles drifting one price step each against `direction`, then the current
 * candle jumps 2 % in `direction` (the ticks until the close stay there). Trend: the fast average was below (above)
 * the slow one and crosses it → buy (sell). Mean reversion: RSI goes from 0 (100) to above (below) 50 → exit long
 * (short). Alternate symbols jump the other way.
 */
function worstCase(
  market: MarketService,
  instruments: readonly Instrument[],
  mids: number[],
  boundary: number,
  direction: 1 | -1,
): void {
  const current = boundary - HOUR;
  for (const [s, ins] of instruments.entries()) {
    const d = s % 2 === 0 ? direction : -direction;
    const step = 10 ** -ins.precision;
    const p0 = roundTo(mids[s] as number, ins.precision);
    const older = market.candles.candlesBetween(ins.symbol, TIMEFRAME, 0, current - 63 * HOUR);
    const made: Candle[] = [...older];
    const flat = (time: number, price: number): Candle => ({
      time,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: 10,
    });
    for (let k = 63; k >= 4; k--) made.push(flat(current - k * HOUR, p0));
    for (let k = 3; k >= 1; k--) {
      const open = roundTo(p0 - d * (3 - k) * step, ins.precision);
      const close = roundTo(p0 - d * (4 - k) * step, ins.precision);
      made.push({
        time: current - k * HOUR,
        open,
        high: Math.max(open, close),
        low: Math.min(open, close),
        close,
        volume: 10,
      });
    }
    const from = roundTo(p0 - 3 * d * step, ins.precision);
    made.push(flat(current, from));
    market.candles.load(ins.symbol, TIMEFRAME, made);
    const jump = Math.max(from * JUMP, 30 * step);
    mids[s] = roundTo(from + d * jump, ins.precision);
  }
}
