/**
 * Where candles live. `CandleStore` (declared in candles.ts, next to the candle it stores) is the small
 * contract the candle builder, the history generator and the chart endpoint use; `MemoryCandleStore` is
 * the in-process implementation (a database repository can implement the same contract later, e.g.
 * keeping the recent candles in memory and persisting the closed ones).
 */
import { CANDLE_DEPTH_MS, type Candle, type CandleStore, type Resolution } from './candles.js';

// the contract, also reachable next to its in-memory implementation
export type { CandleStore } from './candles.js';

export interface MemoryCandleStoreOptions {
  /** Price decimals per symbol; candles of a symbol it does not know are refused. */
  precisionOf: (symbol: string) => number | undefined;
  /** How long each resolution is kept behind its latest candle, ms; default `CANDLE_DEPTH_MS`. */
  retentionMs?: Partial<Record<Resolution, number>>;
}

const MINUTE = 60_000;
const MAX_POINTS = 2 ** 31 - 1;
const INITIAL_CAPACITY = 64;

/**
 * Candles in memory, column-wise in typed arrays: the time in minutes (Uint32) and the prices as
 * integer points of the instrument's precision (Int32), 24 bytes a candle, so a year of history
 * for every instrument fits in tens of megabytes. Each series keeps its resolution's retention
 * window behind its latest candle and drops older candles as new ones arrive.
 */
export class MemoryCandleStore implements CandleStore {
  private readonly series = new Map<string, Series>();
  private readonly retention: Record<Resolution, number>;

  constructor(private readonly options: MemoryCandleStoreOptions) {
    this.retention = { ...CANDLE_DEPTH_MS, ...options.retentionMs };
  }

  candlesBetween(symbol: string, resolution: Resolution, from: number, to: number): Candle[] {
    const series = this.series.get(key(symbol, resolution));
    return series ? series.between(from, to) : [];
  }

  latest(symbol: string, resolution: Resolution): Candle | undefined {
    return this.series.get(key(symbol, resolution))?.last();
  }

  upsert(symbol: string, resolution: Resolution, candle: Candle): void {
    this.seriesFor(symbol, resolution).upsert(candle);
  }

  load(symbol: string, resolution: Resolution, candles: readonly Candle[]): void {
    const series = this.seriesFor(symbol, resolution);
    series.reset(candles.length);
    for (const candle of candles) series.upsert(candle, true);
  }

  /** Number of series and candles held and the bytes their arrays take. */
  stats(): { series: number; candles: number; bytes: number } {
    let candles = 0;
    let bytes = 0;
    for (const s of this.series.values()) {
      candles += s.length;
      bytes += s.bytes;
    }
    return { series: this.series.size, candles, bytes };
  }

  private seriesFor(symbol: string, resolution: Resolution): Series {
    const k = key(symbol, resolution);
    let series = this.series.get(k);
    if (!series) {
      const precision = this.options.precisionOf(symbol);
      if (precision === undefined) throw new RangeError(`No precision known for symbol "${symbol}"`);
      series = new Series(`${symbol} ${resolution}`, precision, this.retention[resolution]);
      this.series.set(k, series);
    }
    return series;
  }
}

function key(symbol: string, resolution: Resolution): string {
  return `${symbol}\u0000${resolution}`;
}

/** One symbol and resolution: the live window [head, tail) of growable columnar arrays. */
class Series {
  private minutes = new Uint32Array(INITIAL_CAPACITY);
  private open = new Int32Array(INITIAL_CAPACITY);
  private high = new Int32Array(INITIAL_CAPACITY);
  private low = new Int32Array(INITIAL_CAPACITY);
  private close = new Int32Array(INITIAL_CAPACITY);
  private volume = new Uint32Array(INITIAL_CAPACITY);
  private head = 0;
  private tail = 0;
  private readonly scale: number;

  constructor(
    private readonly name: string,
    private readonly precision: number,
    private readonly retentionMs: number,
  ) {
    this.scale = 10 ** precision;
  }

  get length(): number {
    return this.tail - this.head;
  }

  get bytes(): number {
    return this.minutes.byteLength * 6;
  }

  /** Empties the series, with room for `capacity` candles. */
  reset(capacity: number): void {
    const n = Math.max(INITIAL_CAPACITY, capacity);
    if (n !== this.minutes.length) {
      this.minutes = new Uint32Array(n);
      this.open = new Int32Array(n);
      this.high = new Int32Array(n);
      this.low = new Int32Array(n);
      this.close = new Int32Array(n);
      this.volume = new Uint32Array(n);
    }
    this.head = 0;
    this.tail = 0;
  }

  last(): Candle | undefined {
    return this.tail > this.head ? this.at(this.tail - 1) : undefined;
  }

  between(from: number, to: number): Candle[] {
    const lo = this.firstIndexAtOrAfter(from);
    const hi = this.firstIndexAtOrAfter(to);
    const out: Candle[] = [];
    for (let i = lo; i < hi; i++) out.push(this.at(i));
    return out;
  }

  upsert(candle: Candle, loading = false): void {
    if (!(candle.time % MINUTE === 0 && candle.time >= 0)) {
      throw new RangeError(`${this.name}: candle time ${candle.time} is not on a whole UTC minute`);
    }
    const minute = candle.time / MINUTE;
    if (this.tail > this.head) {
      const lastMinute = this.minutes[this.tail - 1] as number;
      if (minute === lastMinute && !loading) {
        this.write(this.tail - 1, minute, candle);
        return;
      }
      if (minute <= lastMinute) {
        throw new RangeError(
          `${this.name}: candle at ${new Date(candle.time).toISOString()} is not after the latest ` +
            `(${new Date(lastMinute * MINUTE).toISOString()})`,
        );
      }
    }
    if (this.tail === this.minutes.length) this.makeRoom();
    this.write(this.tail, minute, candle);
    this.tail += 1;
    this.trim(minute);
  }

  private at(i: number): Candle {
    const s = this.scale;
    return {
      time: (this.minutes[i] as number) * MINUTE,
      open: (this.open[i] as number) / s,
      high: (this.high[i] as number) / s,
      low: (this.low[i] as number) / s,
      close: (this.close[i] as number) / s,
      volume: this.volume[i] as number,
    };
  }

  private write(i: number, minute: number, c: Candle): void {
    this.minutes[i] = minute;
    this.open[i] = this.points(c.open);
    this.high[i] = this.points(c.high);
    this.low[i] = this.points(c.low);
    this.close[i] = this.points(c.close);
    this.volume[i] = c.volume;
  }

  private points(price: number): number {
    const points = Math.round(price * this.scale);
    if (!(points >= 0 && points <= MAX_POINTS)) {
      throw new RangeError(
        `${this.name}: price ${price} does not fit ${this.precision} decimals in the candle store`,
      );
    }
    return points;
  }

  /** Drops candles older than the retention window behind the newest one. */
  private trim(newestMinute: number): void {
    const cutoff = newestMinute - this.retentionMs / MINUTE;
    while (this.head < this.tail && (this.minutes[this.head] as number) < cutoff) this.head += 1;
  }

  /** Compacts when at least half the arrays is dropped history, otherwise doubles the capacity. */
  private makeRoom(): void {
    const length = this.tail - this.head;
    const capacity = length * 2 <= this.minutes.length ? this.minutes.length : this.minutes.length * 2;
    const move = <T extends Uint32Array | Int32Array>(array: T, make: (n: number) => T): T => {
      // Compacting in place is safe: set() copies correctly between overlapping views of one buffer.
      const next = capacity === array.length ? array : make(capacity);
      next.set(array.subarray(this.head, this.tail), 0);
      return next;
    };
    this.minutes = move(this.minutes, (n) => new Uint32Array(n));
    this.open = move(this.open, (n) => new Int32Array(n));
    this.high = move(this.high, (n) => new Int32Array(n));
    this.low = move(this.low, (n) => new Int32Array(n));
    this.close = move(this.close, (n) => new Int32Array(n));
    this.volume = move(this.volume, (n) => new Uint32Array(n));
    this.head = 0;
    this.tail = length;
  }

  private firstIndexAtOrAfter(t: number): number {
    const minute = Math.ceil(t / MINUTE);
    let lo = this.head;
    let hi = this.tail;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.minutes[mid] as number) < minute) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
