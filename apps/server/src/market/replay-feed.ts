/**
 * Replays ticks from a CSV file (`ts,symbol,bid,ask`), for tests and benchmarks: in real time, at a
 * speed factor, or as fast as possible.
 *
 * The file format, one tick a line:
 *   ts      epoch milliseconds (1795446432345) or ISO 8601 with a zone (2026-11-23T15:07:12.345Z)
 *   symbol  the platform symbol (EURUSD)
 *   bid     sell price, a positive decimal
 *   ask     buy price, a positive decimal, not below the bid
 * An optional header line `ts,symbol,bid,ask`, blank lines and `#` comment lines are ignored.
 * Timestamps must not go back in time. Every bad line is reported with its number and the reason.
 */
import { readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Clock, systemClock, type TimerHandle } from './clock.js';
import { type PriceFeed, type Quote, QuoteEmitter, type QuoteListener } from './feed.js';

export interface TickCsvProblem {
  /** 1-based line number. */
  readonly line: number;
  readonly reason: string;
  readonly text: string;
}

export interface ParsedTicks {
  readonly quotes: Quote[];
  readonly problems: TickCsvProblem[];
}

export interface ParseTickCsvOptions {
  /** When given, a symbol it does not contain is a bad line. */
  knownSymbols?: ReadonlySet<string>;
}

/** A tick file has bad lines; the message lists the first ones. */
export class TickCsvError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly TickCsvProblem[],
  ) {
    const shown = problems.slice(0, 10).map((p) => `  line ${p.line}: ${p.reason} — "${truncate(p.text)}"`);
    const more = problems.length > 10 ? `\n  … and ${problems.length - 10} more` : '';
    super(`Tick file ${source} has ${problems.length} bad line(s):\n${shown.join('\n')}${more}`);
    this.name = 'TickCsvError';
  }
}

const HEADER = /^ts,symbol,bid,ask$/i;
const EPOCH_MS = /^\d{1,16}$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const SYMBOL = /^[A-Za-z0-9._:!-]{1,32}$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Parses a tick CSV text; never throws, returns the good quotes and every problem. */
export function parseTickCsv(text: string, options: ParseTickCsvOptions = {}): ParsedTicks {
  const quotes: Quote[] = [];
  const problems: TickCsvProblem[] = [];
  const lines = text.split('\n');
  let previousTs = Number.NEGATIVE_INFINITY;
  let seenContent = false;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] as string;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const fields = trimmed.split(',').map((f) => f.trim());
    if (!seenContent) {
      seenContent = true;
      if (HEADER.test(fields.join(','))) continue;
    }
    const problem = (reason: string) => problems.push({ line: index + 1, reason, text: line });
    if (fields.length !== 4) {
      problem(`expected 4 fields (ts,symbol,bid,ask), found ${fields.length}`);
      continue;
    }
    const [tsText, symbol, bidText, askText] = fields as [string, string, string, string];
    const ts = parseTimestamp(tsText);
    if (ts === undefined) {
      problem(`timestamp "${tsText}" is neither epoch milliseconds nor ISO 8601 with a time zone`);
      continue;
    }
    if (!SYMBOL.test(symbol)) {
      problem(`symbol "${symbol}" is not 1–32 letters, digits or . _ : ! -`);
      continue;
    }
    if (options.knownSymbols && !options.knownSymbols.has(symbol)) {
      problem(`unknown symbol "${symbol}"`);
      continue;
    }
    const bid = parsePrice(bidText);
    const ask = parsePrice(askText);
    if (bid === undefined) {
      problem(`bid "${bidText}" is not a positive number`);
      continue;
    }
    if (ask === undefined) {
      problem(`ask "${askText}" is not a positive number`);
      continue;
    }
    if (bid > ask) {
      problem(`bid ${bidText} is above ask ${askText}`);
      continue;
    }
    if (ts < previousTs) {
      problem(`timestamp goes back in time (previous tick at ${new Date(previousTs).toISOString()})`);
      continue;
    }
    previousTs = ts;
    quotes.push({ symbol, bid, ask, ts });
  }
  return { quotes, problems };
}

/** Writes quotes as a tick CSV (with header), the format `parseTickCsv` reads. */
export function formatTickCsv(quotes: Iterable<Quote>): string {
  const lines = ['ts,symbol,bid,ask'];
  for (const q of quotes) lines.push(`${q.ts},${q.symbol},${q.bid},${q.ask}`);
  return `${lines.join('\n')}\n`;
}

function parseTimestamp(text: string): number | undefined {
  if (EPOCH_MS.test(text)) return Number(text);
  if (!ISO_WITH_ZONE.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

function parsePrice(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export interface ReplayFeedOptions {
  /** A CSV file, CSV text, or quotes already in memory. */
  source: { path: string } | { text: string } | { quotes: readonly Quote[] };
  /** 1 = real time (default), 10 = ten times faster, 'max' = as fast as possible. */
  speed?: number | 'max';
  /** 'reject' (default): `start()` fails listing the bad lines. 'skip': they are dropped and given to `onBadLines`. */
  badLines?: 'reject' | 'skip';
  onBadLines?: (problems: readonly TickCsvProblem[]) => void;
  knownSymbols?: ReadonlySet<string>;
  /** Stamp quotes with the replay clock's time instead of the file's (for live demos with staleness checks). */
  restamp?: boolean;
  clock?: Clock;
  /** In 'max' mode, quotes emitted before yielding to the event loop; default 10 000. */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/** A `PriceFeed` that replays a tick file. */
export class ReplayFeed implements PriceFeed {
  private readonly clock: Clock;
  private readonly emitter: QuoteEmitter;
  private quotes: readonly Quote[] | undefined;
  private index = 0;
  private running = false;
  private timer: TimerHandle | undefined;
  private beganAt = 0;
  private firstTs = 0;
  private done: Promise<void> = Promise.resolve();
  private markDone: () => void = () => {};

  constructor(private readonly options: ReplayFeedOptions) {
    this.clock = options.clock ?? systemClock;
    this.emitter = new QuoteEmitter(options.onError);
    const speed = options.speed ?? 1;
    if (speed !== 'max' && !(typeof speed === 'number' && speed > 0 && Number.isFinite(speed))) {
      throw new RangeError(`replay speed must be a positive number or 'max', got ${String(speed)}`);
    }
  }

  /** Quotes emitted so far. */
  get emitted(): number {
    return this.index;
  }

  /** Quotes in the file. */
  get total(): number {
    return this.quotes?.length ?? 0;
  }

  onQuote(listener: QuoteListener): () => void {
    return this.emitter.add(listener);
  }

  /** Loads and checks the ticks (rejects on bad lines unless `badLines: 'skip'`), then starts replaying. */
  async start(): Promise<void> {
    if (this.running) return;
    if (!this.quotes) this.quotes = await this.load();
    if (this.index >= this.quotes.length) return;
    this.running = true;
    this.done = new Promise((resolve) => {
      this.markDone = resolve;
    });
    const speed = this.options.speed ?? 1;
    if (speed === 'max') {
      void this.runFlat();
    } else {
      this.beganAt = this.clock.now();
      this.firstTs = (this.quotes[this.index] as Quote).ts;
      this.pump(speed);
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.markDone();
  }

  /** Resolves when every quote has been emitted, or the feed was stopped. */
  finished(): Promise<void> {
    return this.done;
  }

  private async load(): Promise<readonly Quote[]> {
    const source = this.options.source;
    if ('quotes' in source) return source.quotes;
    const text = 'path' in source ? await readFile(source.path, 'utf8') : source.text;
    const parsed = parseTickCsv(text, { knownSymbols: this.options.knownSymbols });
    if (parsed.problems.length > 0) {
      if ((this.options.badLines ?? 'reject') === 'reject') {
        throw new TickCsvError('path' in source ? source.path : '(text)', parsed.problems);
      }
      this.options.onBadLines?.(parsed.problems);
    }
    return parsed.quotes;
  }

  private emit(quote: Quote): void {
    this.emitter.emit(this.options.restamp ? { ...quote, ts: this.clock.now() } : quote);
  }

  /** Timed replay: emits what is due at the replay clock, then sleeps until the next tick. */
  private pump(speed: number): void {
    this.timer = undefined;
    const quotes = this.quotes as readonly Quote[];
    if (!this.running) return;
    const now = this.clock.now();
    const replayTs = this.firstTs + (now - this.beganAt) * speed;
    while (this.running && this.index < quotes.length && (quotes[this.index] as Quote).ts <= replayTs) {
      this.emit(quotes[this.index++] as Quote);
    }
    if (!this.running) return;
    if (this.index >= quotes.length) {
      this.running = false;
      this.markDone();
      return;
    }
    const due = this.beganAt + ((quotes[this.index] as Quote).ts - this.firstTs) / speed;
    this.timer = this.clock.setTimer(() => this.pump(speed), Math.max(0, Math.ceil(due - now)));
  }

  /** As fast as possible, yielding to the event loop between batches so `stop()` and I/O get a turn. */
  private async runFlat(): Promise<void> {
    const quotes = this.quotes as readonly Quote[];
    const batch = this.options.batchSize ?? 10_000;
    while (this.running && this.index < quotes.length) {
      const end = Math.min(quotes.length, this.index + batch);
      while (this.running && this.index < end) this.emit(quotes[this.index++] as Quote);
      if (this.index < quotes.length) await nextTurn();
    }
    if (this.running) {
      this.running = false;
      this.markDone();
    }
  }
}
