/**
 * Twelve months of candle history (spec §9 chart range), generated on first start so the chart has
 * a past, and consistent with the simulated market: the same walk model (random-walk.ts), run
 * backward from the instant and price where the live walk starts, so the history's last close is the
 * live walk's first mid — no gap, no jump.
 *
 * Generating ticks for a year would take billions of draws, so the history is generated candle by
 * candle at the finest resolution kept for each stretch of time (`CANDLE_DEPTH_MS`): 1-minute
 * candles for the last week, 5-minute before that up to a month, 15-minute up to a quarter, hourly
 * for the rest of the year. Each step draws the close-to-open move of the walk over the bucket's open
 * market time, and the high and low from the exact distribution of a Brownian bridge's maximum and
 * minimum between them. Coarser resolutions are aggregated from the steps, so every resolution
 * agrees with every other wherever both exist. Closed market time produces no candles.
 *
 * All stretch boundaries fall on UTC midnights, so no coarser bucket mixes two step sizes.
 */

import {
  aggregateCandles,
  bucketStart,
  CANDLE_DEPTH_MS,
  type Candle,
  type CandleStore,
  RESOLUTION_MS,
  RESOLUTIONS,
  type Resolution,
} from './candles.js';
import type { Instrument } from './instruments.js';
import { openMsBetween } from './market-hours.js';
import { seedFrom, Xoshiro128 } from './random.js';
import { logIncrement, roundTo, walkModel } from './random-walk.js';
import { DEFAULT_TICK_INTERVAL_MS } from './simulated-feed.js';

const DAY = 86_400_000;

export interface HistoryOptions {
  seed: number;
  /** Where the history ends and the live walk starts, epoch ms. */
  end: number;
  /** Mid price at `end` per symbol: must be the live feed's start prices; default reference prices. */
  endPrices?: Readonly<Record<string, number>>;
  /** Length of the history in calendar months; default 12 (spec §9). */
  months?: number;
  /** How far back each resolution goes, ms; default `CANDLE_DEPTH_MS` (capped at the history's start). */
  depthMs?: Partial<Record<Resolution, number>>;
  /** Mean tick interval of the live feed, for the volume (tick count) of generated candles. */
  tickIntervalMs?: number;
  jumps?: boolean;
}

export type CandleSeries = Record<Resolution, Candle[]>;

/** First instant of a history of `months` calendar months ending at `end`: UTC midnight on or before. */
export function historyStart(end: number, months = 12): number {
  const d = new Date(end);
  d.setUTCMonth(d.getUTCMonth() - months);
  return Math.floor(d.getTime() / DAY) * DAY;
}

/** Where each resolution's candles begin (UTC midnights; a finer resolution never begins earlier). */
export function resolutionStarts(
  options: Pick<HistoryOptions, 'end' | 'months' | 'depthMs'>,
): Record<Resolution, number> {
  const start = historyStart(options.end, options.months ?? 12);
  const depth = { ...CANDLE_DEPTH_MS, ...options.depthMs };
  const starts = {} as Record<Resolution, number>;
  let previous = Number.POSITIVE_INFINITY;
  for (const resolution of RESOLUTIONS) {
    // The first midnight inside the depth, so a resolution never holds more than its depth.
    const from = Math.max(start, Math.ceil((options.end - depth[resolution]) / DAY) * DAY);
    starts[resolution] = Math.min(from, previous);
    previous = starts[resolution];
  }
  return starts;
}

/** The history of one instrument at every resolution (pure: same options, same candles). */
export function instrumentHistory(instrument: Instrument, options: HistoryOptions): CandleSeries {
  const starts = resolutionStarts(options);
  const model = walkModel(instrument, { jumps: options.jumps ?? true });
  const rng = new Xoshiro128(seedFrom(options.seed, options.end, instrument.symbol, 'history'));
  const meanTick = options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
  const precision = instrument.precision;
  const endMid = options.endPrices?.[instrument.symbol] ?? instrument.referencePrice;
  if (!(endMid > 0)) throw new RangeError(`end price of ${instrument.symbol} must be positive`);

  // Walk backward from the end, one stretch at a time, finest stretch first.
  const stepsByStretch = {} as CandleSeries;
  let logPrice = Math.log(endMid);
  let stretchEnd = options.end;
  for (const step of RESOLUTIONS) {
    const backward: Candle[] = [];
    const stretchStart = starts[step];
    const size = RESOLUTION_MS[step];
    for (let time = bucketStart(stretchEnd - 1, step); time >= stretchStart; time -= size) {
      const openMs = openMsBetween(instrument, time, Math.min(time + size, stretchEnd));
      if (openMs <= 0) continue;
      const close = logPrice;
      const open = close - logIncrement(model, openMs, rng);
      // Extremes of a Brownian bridge from open to close with this variance: P(max ≥ m) =
      // exp(−2 (m − open)(m − close) / v), sampled by inverting it.
      const v = (model.diffusionVariance * openMs) / model.tradingYearMs;
      const d2 = (close - open) ** 2;
      const high = (open + close + Math.sqrt(d2 - 2 * v * Math.log(1 - rng.next()))) / 2;
      const low = (open + close - Math.sqrt(d2 - 2 * v * Math.log(1 - rng.next()))) / 2;
      backward.push({
        time,
        open: roundTo(Math.exp(open), precision),
        high: roundTo(Math.exp(high), precision),
        low: roundTo(Math.exp(low), precision),
        close: roundTo(Math.exp(close), precision),
        volume: Math.max(1, Math.round((openMs / meanTick) * (0.85 + 0.3 * rng.next()))),
      });
      logPrice = open;
    }
    stepsByStretch[step] = backward.reverse();
    stretchEnd = Math.min(stretchEnd, stretchStart);
  }

  // Each resolution: its own stretch's steps, then the next finer resolution's candles, aggregated.
  const series = {} as CandleSeries;
  let finer: Candle[] = [];
  for (const resolution of RESOLUTIONS) {
    series[resolution] = aggregateCandles(stepsByStretch[resolution].concat(finer), resolution);
    finer = series[resolution];
  }
  return series;
}

/** Generates the history of every instrument into `store`; returns what it did and how long it took. */
export function generateHistory(
  instruments: readonly Instrument[],
  store: CandleStore,
  options: HistoryOptions,
): { instruments: number; candles: number; elapsedMs: number } {
  const began = performance.now();
  let candles = 0;
  for (const instrument of instruments) {
    const series = instrumentHistory(instrument, options);
    for (const resolution of RESOLUTIONS) {
      store.load(instrument.symbol, resolution, series[resolution]);
      candles += series[resolution].length;
    }
  }
  return { instruments: instruments.length, candles, elapsedMs: performance.now() - began };
}
