/**
 * The built-in simulated market, the default feed (architecture §1: the product runs with no
 * outside network). Each instrument walks on its own seeded generator (random-walk.ts), ticks about
 * 4 times a second (125–375 ms apart), never while its market is closed, and quotes a bid and an ask
 * around the mid with a spread that varies ±20 % around the catalogue's typical spread.
 *
 * Deterministic: the same seed, start time and start prices give the same quotes, whatever the
 * timers do, because tick times come from the generator and the feed only catches up to the clock.
 * `simulateQuotes` is the same walk as a pure generator (for tests, benchmarks and CSV replays).
 */

import { type Clock, systemClock, type TimerHandle } from './clock.js';
import { type PriceFeed, type Quote, QuoteEmitter, type QuoteListener } from './feed.js';
import type { Instrument } from './instruments.js';
import { isOpen, nextOpenMs, openMsBetween } from './market-hours.js';
import { seedFrom, Xoshiro128 } from './random.js';
import { logIncrement, roundTo, type WalkModel, walkModel } from './random-walk.js';

export const DEFAULT_TICK_INTERVAL_MS = 250;

export interface WalkOptions {
  seed: number;
  /** Epoch ms where the walk starts; its first quote is at this instant when the market is open. */
  startTime: number;
  /** Mid price at `startTime`; default the instrument's reference price. */
  startMid?: number;
  /** Mean time between ticks; default 250 ms (4 a second). */
  tickIntervalMs?: number;
  /** Whether the walk jumps now and then; default true. */
  jumps?: boolean;
}

/** One instrument's walk: a state machine that yields its ticks in time order. */
export class InstrumentWalk {
  private readonly rng: Xoshiro128;
  private readonly model: WalkModel;
  private readonly meanInterval: number;
  private readonly factor: number;
  private logMid: number;
  private lastTs: number;
  private due: number;

  constructor(
    readonly instrument: Instrument,
    options: WalkOptions,
  ) {
    this.rng = new Xoshiro128(seedFrom(options.seed, options.startTime, instrument.symbol, 'live'));
    this.model = walkModel(instrument, { jumps: options.jumps ?? true });
    this.meanInterval = options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
    this.factor = 10 ** instrument.precision;
    const startMid = options.startMid ?? instrument.referencePrice;
    if (!(startMid > 0)) throw new RangeError(`start price of ${instrument.symbol} must be positive`);
    this.logMid = Math.log(startMid);
    this.lastTs = options.startTime;
    this.due = isOpen(instrument, options.startTime) ? options.startTime : this.afterClose(options.startTime);
  }

  /** Time of the next tick, epoch ms. */
  get nextTs(): number {
    return this.due;
  }

  /** The current (unrounded) mid price. */
  get mid(): number {
    return Math.exp(this.logMid);
  }

  /** Produces the tick at `nextTs` and schedules the one after it. */
  step(): Quote {
    const ts = this.due;
    const openMs = openMsBetween(this.instrument, this.lastTs, ts);
    this.logMid += logIncrement(this.model, openMs, this.rng);
    this.lastTs = ts;
    const quote = this.quote(ts);
    this.due = this.following(ts);
    return quote;
  }

  /**
   * Skips the ticks before `now`: the next tick is at `now` (or when the market next opens) and
   * moves the price by the whole elapsed open time in one step. Used when the process fell behind.
   */
  fastForward(now: number): void {
    if (now <= this.due) return;
    this.due = isOpen(this.instrument, now) ? now : this.afterClose(now);
  }

  private quote(ts: number): Quote {
    const mid = Math.exp(this.logMid);
    const half = (this.instrument.spread * (0.8 + 0.4 * this.rng.next())) / 2;
    const point = 1 / this.factor;
    const bid = Math.max(point, Math.round((mid - half) * this.factor) / this.factor);
    let ask = Math.round((mid + half) * this.factor) / this.factor;
    if (ask - bid < point * 0.5) ask = roundTo(bid + point, this.instrument.precision);
    return { symbol: this.instrument.symbol, bid, ask, ts };
  }

  private following(ts: number): number {
    const t = ts + Math.round(this.meanInterval * (0.5 + this.rng.next()));
    return isOpen(this.instrument, t) ? t : this.afterClose(t);
  }

  /** First tick time of the next session after the closed instant `t`: its open plus a jitter. */
  private afterClose(t: number): number {
    const open = nextOpenMs(this.instrument, t);
    if (open === null) return t;
    const jittered = open + Math.floor(this.meanInterval * this.rng.next());
    return isOpen(this.instrument, jittered) ? jittered : open;
  }
}

/** The quotes the simulated feed produces for one instrument from `startTime` until (excluding) `until`. */
export function* simulateQuotes(
  instrument: Instrument,
  options: WalkOptions & { until: number },
): Generator<Quote> {
  const walk = new InstrumentWalk(instrument, options);
  while (walk.nextTs < options.until) yield walk.step();
}

export interface SimulatedFeedOptions {
  instruments: readonly Instrument[];
  seed: number;
  clock?: Clock;
  /** Where the walks start; default `clock.now()` at the first `start()`. */
  startTime?: number;
  /** Mid prices at the start per symbol (e.g. the last known prices after a restart); default reference prices. */
  startPrices?: Readonly<Record<string, number>>;
  tickIntervalMs?: number;
  jumps?: boolean;
  /**
   * When the process falls further behind than this (a blocked event loop, a suspended laptop), a
   * walk skips to the present in one step instead of replaying every missed tick. Default 5000 ms.
   */
  maxLagMs?: number;
  /** Receives errors thrown by quote listeners. */
  onError?: (error: unknown) => void;
}

// Wake up at least this often, so a wall-clock jump or a long weekend never leaves a stale timer.
const MAX_SLEEP_MS = 60_000;

/** The simulated market as a `PriceFeed`. */
export class SimulatedFeed implements PriceFeed {
  private readonly clock: Clock;
  private readonly emitter: QuoteEmitter;
  private readonly maxLagMs: number;
  private queue: WalkQueue | undefined;
  private timer: TimerHandle | undefined;
  private running = false;
  private started: number | undefined;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.clock = options.clock ?? systemClock;
    this.emitter = new QuoteEmitter(options.onError);
    this.maxLagMs = options.maxLagMs ?? 5_000;
  }

  /** Where the walks started (epoch ms), once started. */
  get startTime(): number | undefined {
    return this.started;
  }

  onQuote(listener: QuoteListener): () => void {
    return this.emitter.add(listener);
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (!this.queue) {
      const startTime = this.options.startTime ?? this.clock.now();
      this.started = startTime;
      this.queue = new WalkQueue(
        this.options.instruments.map(
          (instrument) =>
            new InstrumentWalk(instrument, {
              seed: this.options.seed,
              startTime,
              startMid: this.options.startPrices?.[instrument.symbol],
              tickIntervalMs: this.options.tickIntervalMs,
              jumps: this.options.jumps,
            }),
        ),
      );
    }
    this.running = true;
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Emits every tick that is due, then sleeps until the next one. */
  private pump(): void {
    this.timer = undefined;
    const queue = this.queue;
    if (!this.running || !queue) return;
    const now = this.clock.now();
    for (let walk = queue.peek(); walk && walk.nextTs <= now; walk = queue.peek()) {
      if (now - walk.nextTs > this.maxLagMs) {
        walk.fastForward(now);
        queue.reposition();
        continue;
      }
      const quote = walk.step();
      queue.reposition();
      this.emitter.emit(quote);
      if (!this.running) return; // a listener stopped the feed
    }
    const next = queue.peek();
    if (next) {
      const delay = Math.min(Math.max(0, next.nextTs - now), MAX_SLEEP_MS);
      this.timer = this.clock.setTimer(() => this.pump(), delay);
    }
  }
}

/** Binary min-heap of walks by next tick time (ties by catalogue order, for determinism). */
class WalkQueue {
  private readonly heap: Array<{ walk: InstrumentWalk; order: number }>;

  constructor(walks: InstrumentWalk[]) {
    this.heap = walks.map((walk, order) => ({ walk, order }));
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  peek(): InstrumentWalk | undefined {
    return this.heap[0]?.walk;
  }

  /** Restores the order after the top walk's next tick time changed (it only moves later). */
  reposition(): void {
    this.siftDown(0);
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a] as { walk: InstrumentWalk; order: number };
    const y = this.heap[b] as { walk: InstrumentWalk; order: number };
    return x.walk.nextTs < y.walk.nextTs || (x.walk.nextTs === y.walk.nextTs && x.order < y.order);
  }

  private siftDown(start: number): void {
    const n = this.heap.length;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) return;
      const tmp = this.heap[i] as { walk: InstrumentWalk; order: number };
      this.heap[i] = this.heap[m] as { walk: InstrumentWalk; order: number };
      this.heap[m] = tmp;
      i = m;
    }
  }
}
