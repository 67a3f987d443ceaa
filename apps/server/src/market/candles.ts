/**
 * Candles for the chart (spec §9: 12 months, UTC). Resolutions 1m, 5m, 15m, 1h, 4h and 1D, each
 * bucket aligned to UTC (a 4h candle starts at 00, 04, … 20 UTC; a day at 00:00 UTC).
 *
 * Prices are the mid, (bid + ask) / 2 rounded to the instrument's precision. The mid rather than the
 * bid: the chart then sits between the buy and the sell price the client deals at, buys and sells
 * draw symmetrically around it, and a change of the broker's spread does not rewrite chart history.
 * Volume is the number of ticks in the candle (there is no traded volume in a quote feed).
 */
import { isValidQuote, type PriceFeed, type Quote } from './feed.js';
import type { Instrument } from './instruments.js';
import { roundTo } from './random-walk.js';

export const RESOLUTIONS = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Bucket length of each resolution, ms. */
export const RESOLUTION_MS: Readonly<Record<Resolution, number>> = Object.freeze({
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1D': DAY,
});

/**
 * How far back each resolution is kept, ms: minute candles for a week, 5-minute for a month,
 * 15-minute for a quarter, and the hourly and coarser ones for 12 months plus a margin.
 */
export const CANDLE_DEPTH_MS: Readonly<Record<Resolution, number>> = Object.freeze({
  '1m': 7 * DAY,
  '5m': 30 * DAY,
  '15m': 90 * DAY,
  '1h': 400 * DAY,
  '4h': 400 * DAY,
  '1D': 400 * DAY,
});

export interface Candle {
  /** Bucket start, epoch ms (UTC). */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Ticks in the bucket. */
  readonly volume: number;
}

/** Where candles are kept: the builder writes through to it; `MemoryCandleStore` is the in-process one. */
export interface CandleStore {
  /** Candles of `symbol` at `resolution` with `from ≤ time < to` (epoch ms), ascending. */
  candlesBetween(symbol: string, resolution: Resolution, from: number, to: number): Candle[];
  /** The most recent candle, if any. */
  latest(symbol: string, resolution: Resolution): Candle | undefined;
  /** Appends a candle newer than the latest, or replaces the latest when it has the same time. */
  upsert(symbol: string, resolution: Resolution, candle: Candle): void;
  /** Replaces the whole series with `candles` (ascending, unique times), e.g. generated history. */
  load(symbol: string, resolution: Resolution, candles: readonly Candle[]): void;
}

export function isResolution(value: string): value is Resolution {
  return (RESOLUTIONS as readonly string[]).includes(value);
}

/** Start of the UTC-aligned bucket of `resolution` that contains `ts`. */
export function bucketStart(ts: number, resolution: Resolution): number {
  const size = RESOLUTION_MS[resolution];
  return Math.floor(ts / size) * size;
}

/** The candle price of a quote: the mid rounded to `precision` decimals. */
export function candlePrice(quote: Pick<Quote, 'bid' | 'ask'>, precision: number): number {
  return roundTo((quote.bid + quote.ask) / 2, precision);
}

/**
 * Merges ascending candles into `resolution` buckets (open of the first, close of the last, extremes,
 * summed volume). Each input candle must lie within one target bucket (a finer, dividing resolution).
 */
export function aggregateCandles(candles: readonly Candle[], resolution: Resolution): Candle[] {
  const out: Candle[] = [];
  let current:
    | { time: number; open: number; high: number; low: number; close: number; volume: number }
    | undefined;
  for (const c of candles) {
    const time = bucketStart(c.time, resolution);
    if (current && current.time === time) {
      if (c.high > current.high) current.high = c.high;
      if (c.low < current.low) current.low = c.low;
      current.close = c.close;
      current.volume += c.volume;
    } else {
      if (current) {
        if (time < current.time)
          throw new RangeError('aggregateCandles needs candles in ascending time order');
        out.push(current);
      }
      current = { time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
    }
  }
  if (current) out.push(current);
  return out;
}

/** Told when a candle closed: `candle` is final (the builder started a newer bucket of that symbol and resolution). */
export type CandleClosedListener = (symbol: string, resolution: Resolution, candle: Candle) => void;

/**
 * Builds the candles of every resolution from live quotes, writing through to a `CandleStore`. A
 * bucket the store already holds (the last, partial candle of the generated history) is continued,
 * not restarted, so history and live candles join without a gap. A quote older than the bucket
 * already started cannot change a closed candle and is counted in `late` instead.
 *
 * A candle is closed when the first quote of a later bucket arrives (the strategies run on closed
 * candles only). While a market is shut no quote arrives, so its last candle before the close is told at the
 * first quote after it opens again.
 */
export class CandleBuilder {
  private readonly instruments: ReadonlyMap<string, Instrument>;
  private lateCount = 0;
  private readonly closedListeners = new Set<CandleClosedListener>();

  constructor(
    private readonly store: CandleStore,
    instruments: Iterable<Instrument>,
    private readonly resolutions: readonly Resolution[] = RESOLUTIONS,
  ) {
    this.instruments = new Map([...instruments].map((i) => [i.symbol, i]));
  }

  /** Quotes that arrived after their bucket had closed. */
  get late(): number {
    return this.lateCount;
  }

  onQuote(quote: Quote): void {
    const instrument = this.instruments.get(quote.symbol);
    if (!instrument || !isValidQuote(quote)) return;
    const price = candlePrice(quote, instrument.precision);
    for (const resolution of this.resolutions) {
      const time = bucketStart(quote.ts, resolution);
      const last = this.store.latest(quote.symbol, resolution);
      if (last && last.time === time) {
        this.store.upsert(quote.symbol, resolution, {
          time,
          open: last.open,
          high: price > last.high ? price : last.high,
          low: price < last.low ? price : last.low,
          close: price,
          volume: last.volume + 1,
        });
      } else if (!last || last.time < time) {
        this.store.upsert(quote.symbol, resolution, {
          time,
          open: price,
          high: price,
          low: price,
          close: price,
          volume: 1,
        });
        if (last) for (const listener of this.closedListeners) listener(quote.symbol, resolution, last);
      } else {
        this.lateCount += 1;
      }
    }
  }

  /**
   * Calls `listener(symbol, resolution, candle)` for every candle that closed, after the newer bucket is stored;
   * returns the unsubscribe. Listeners run inside `onQuote`: they must be quick (queue the work, do not run it).
   */
  onCandleClosed(listener: CandleClosedListener): () => void {
    this.closedListeners.add(listener);
    return () => {
      this.closedListeners.delete(listener);
    };
  }

  /** Builds candles from a feed's quotes; returns the function that detaches it. */
  attach(feed: PriceFeed): () => void {
    return feed.onQuote((quote) => this.onQuote(quote));
  }
}
