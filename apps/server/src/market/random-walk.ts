/**
 * The price process of the simulated market, shared by the live feed (tick by tick, forward in time)
 * and the history generator (candle by candle, backward from where the live walk starts), so both
 * show the same statistics.
 *
 * Log mid price: a driftless geometric Brownian motion plus compound-Poisson jumps, both
 * martingale-corrected so the expected price does not drift. Time is trading time: only open
 * market time moves the price, and `volatility` (jumps included) is per trading year
 * (`tradingYearMs`), so a stock open 6.5 h a day is as volatile per year as its figure says.
 */
import type { Instrument } from './instruments.js';
import { tradingYearMs } from './market-hours.js';
import type { Random } from './random.js';

export interface WalkModel {
  /** Variance of the diffusion part per trading year (volatility² minus the jumps' share). */
  readonly diffusionVariance: number;
  readonly jumpsPerYear: number;
  /** Standard deviation of a jump's log size. */
  readonly jumpSize: number;
  /** Open milliseconds in a trading year of the instrument's schedule. */
  readonly tradingYearMs: number;
}

/** The walk parameters of an instrument; `jumps: false` puts all the volatility in the diffusion. */
export function walkModel(instrument: Instrument, options: { jumps?: boolean } = {}): WalkModel {
  const jumps = options.jumps ?? true;
  const total = instrument.volatility ** 2;
  const jumpVariance = jumps ? instrument.jumpsPerYear * instrument.jumpSize ** 2 : 0;
  return {
    // The catalogue loader keeps the jumps' share at most half, so this stays positive.
    diffusionVariance: total - jumpVariance,
    jumpsPerYear: jumps ? instrument.jumpsPerYear : 0,
    jumpSize: jumps ? instrument.jumpSize : 0,
    tradingYearMs: tradingYearMs(instrument),
  };
}

/** Change of the log price over `dtMs` of open market (one draw of the process). */
export function logIncrement(model: WalkModel, dtMs: number, rng: Random): number {
  if (dtMs <= 0) return 0;
  const dt = dtMs / model.tradingYearMs;
  const v = model.diffusionVariance * dt;
  let x = -0.5 * v + Math.sqrt(v) * rng.normal();
  if (model.jumpsPerYear > 0) {
    const chance = 1 - Math.exp(-model.jumpsPerYear * dt);
    if (rng.next() < chance) {
      const s = model.jumpSize;
      x += -0.5 * s * s + s * rng.normal();
    }
  }
  return x;
}

/** `value` rounded to `decimals` places (half away from zero for positive prices). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
