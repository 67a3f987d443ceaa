/**
 * Indicator series of a candle series, for the terminal's chart: one value per candle (null while the indicator
 * warms up), computed by the `trading-signals` library, the one the auto-trader uses, never our own arithmetic.
 *
 * The chart shows the usual charting figures: RSI and ATR use Wilder's smoothing (the library's default), EMAs
 * start from the first close, Bollinger Bands use the population standard deviation. The auto-trader's RSI and
 * ATR use simple averages instead (auto-trading/strategies.ts; docs/auto-trading.md tells clients their figures can
 * differ a little).
 */
import { ATR, BollingerBands, EMA, MACD, RSI, SMA, StochasticOscillator } from 'trading-signals';
import {
  type IndicatorConfig,
  type IndicatorKind,
  type IndicatorParams,
  indicatorConfigSchema,
} from './params.js';
import type { IndicatorPoint, OhlcCandle } from './types.js';

/** The lines each indicator draws, in the order the chart lists their values. */
export const INDICATOR_LINES = Object.freeze({
  sma: ['value'],
  ema: ['value'],
  bollinger: ['upper', 'middle', 'lower'],
  rsi: ['value'],
  macd: ['macd', 'signal', 'histogram'],
  atr: ['value'],
  stochastic: ['k', 'd'],
} as const satisfies Record<IndicatorKind, readonly string[]>);

export type IndicatorLineName<K extends IndicatorKind> = (typeof INDICATOR_LINES)[K][number];

/** An indicator's lines, each aligned with the candles (same length, same times); of any indicator: the union. */
export type IndicatorSeries<K extends IndicatorKind = IndicatorKind> = K extends IndicatorKind
  ? Record<IndicatorLineName<K>, IndicatorPoint[]>
  : never;

/** An indicator's values at one candle (null: none yet). */
export type IndicatorValues<K extends IndicatorKind = IndicatorKind> = K extends IndicatorKind
  ? Record<IndicatorLineName<K>, number | null>
  : never;

/**
 * One candle into the library's indicator; `replace` puts it in place of the last candle fed (the library's
 * replace mode, for a candle that is still forming). Lines it leaves out have no value at that candle.
 */
type Step<K extends IndicatorKind> = (
  candle: OhlcCandle,
  replace: boolean,
) => Partial<Record<IndicatorLineName<K>, number | null>> | null;

/** Where a library indicator has a figure yet (an EMA returns one from its first input but is not stable). */
const stable = (indicator: { isStable: boolean }, value: number | null | undefined): number | null =>
  indicator.isStable && value !== null && value !== undefined ? value : null;

const STEPS: { [K in IndicatorKind]: (params: IndicatorParams<K>) => Step<K> } = {
  sma: ({ period }) => {
    const sma = new SMA(period);
    return (c, replace) => ({ value: stable(sma, sma.update(c.close, replace)) });
  },
  ema: ({ period }) => {
    const ema = new EMA(period);
    return (c, replace) => ({ value: stable(ema, ema.update(c.close, replace)) });
  },
  bollinger: ({ period, stdDev }) => {
    const bands = new BollingerBands(period, stdDev);
    return (c, replace) => bands.update(c.close, replace);
  },
  rsi: ({ period }) => {
    const rsi = new RSI(period);
    return (c, replace) => ({ value: stable(rsi, rsi.update(c.close, replace)) });
  },
  macd: ({ fast, slow, signal }) => {
    const signalEma = new EMA(signal);
    const macd = new MACD(new EMA(fast), new EMA(slow), signalEma);
    return (c, replace) => {
      const result = macd.update(c.close, replace);
      if (!result) return null;
      return signalEma.isStable ? result : { macd: result.macd };
    };
  },
  atr: ({ period }) => {
    const atr = new ATR(period);
    return (c, replace) => ({ value: stable(atr, atr.update(c, replace)) });
  },
  stochastic: ({ kPeriod, dPeriod, smoothing }) => {
    const stochastic = new StochasticOscillator({ kPeriod, dPeriod, kSlowingPeriod: smoothing });
    return (c, replace) => {
      const result = stochastic.update(c, replace);
      return result && { k: result.stochK, d: result.stochD };
    };
  },
};

const valuesOf = <L extends string>(names: readonly L[], values: Partial<Record<L, number | null>> | null) =>
  Object.fromEntries(names.map((name) => [name, values?.[name] ?? null])) as Record<L, number | null>;

/** Feeds every candle to `step` and lays its values out as lines aligned with the candles. */
function lines<L extends string>(
  candles: readonly OhlcCandle[],
  names: readonly L[],
  step: (candle: OhlcCandle, replace: boolean) => Partial<Record<L, number | null>> | null,
): Record<L, IndicatorPoint[]> {
  const out = Object.fromEntries(names.map((name) => [name, [] as IndicatorPoint[]])) as Record<
    L,
    IndicatorPoint[]
  >;
  for (const candle of candles) {
    const values = valuesOf(names, step(candle, false));
    for (const name of names) out[name].push({ time: candle.time, value: values[name] });
  }
  return out;
}

/** Simple moving average of the closes over `period` candles. */
export function smaSeries(candles: readonly OhlcCandle[], params: IndicatorParams<'sma'>): IndicatorPoint[] {
  return lines(candles, INDICATOR_LINES.sma, STEPS.sma(params)).value;
}

/** Exponential moving average of the closes (weight 2 / (period + 1)), from the `period`-th candle on. */
export function emaSeries(candles: readonly OhlcCandle[], params: IndicatorParams<'ema'>): IndicatorPoint[] {
  return lines(candles, INDICATOR_LINES.ema, STEPS.ema(params)).value;
}

/** Bollinger Bands: the SMA of the closes and `stdDev` standard deviations above and below it. */
export function bollingerSeries(
  candles: readonly OhlcCandle[],
  params: IndicatorParams<'bollinger'>,
): IndicatorSeries<'bollinger'> {
  return lines(candles, INDICATOR_LINES.bollinger, STEPS.bollinger(params));
}

/** Relative strength index (Wilder's smoothing) of the closes, from candle `period + 1` on. */
export function rsiSeries(candles: readonly OhlcCandle[], params: IndicatorParams<'rsi'>): IndicatorPoint[] {
  return lines(candles, INDICATOR_LINES.rsi, STEPS.rsi(params)).value;
}

/**
 * MACD: the fast EMA minus the slow EMA of the closes (from the `slow`-th candle), its `signal` EMA (from `signal`
 * MACD values on) and the histogram, MACD minus signal.
 */
export function macdSeries(
  candles: readonly OhlcCandle[],
  params: IndicatorParams<'macd'>,
): IndicatorSeries<'macd'> {
  return lines(candles, INDICATOR_LINES.macd, STEPS.macd(params));
}

/** Average true range (Wilder's smoothing) over `period` candles; the first candle's true range is its high − low. */
export function atrSeries(candles: readonly OhlcCandle[], params: IndicatorParams<'atr'>): IndicatorPoint[] {
  return lines(candles, INDICATOR_LINES.atr, STEPS.atr(params)).value;
}

/**
 * Stochastic oscillator: %K, where the close sits in the range of the last `kPeriod` candles (0–100) averaged over
 * `smoothing` candles, and %D, the average of %K over `dPeriod` candles; both from the candle where %D has a value.
 */
export function stochasticSeries(
  candles: readonly OhlcCandle[],
  params: IndicatorParams<'stochastic'>,
): IndicatorSeries<'stochastic'> {
  return lines(candles, INDICATOR_LINES.stochastic, STEPS.stochastic(params));
}

/** The config checked: a config outside the ranges of params.ts throws a RangeError. */
function checked<C extends IndicatorConfig>(config: C): C {
  const parsed = indicatorConfigSchema.safeParse(config);
  if (!parsed.success) throw new RangeError(`invalid ${String(config.kind)} parameters`);
  return parsed.data as C;
}

function stepOf<C extends IndicatorConfig>(config: C): Step<C['kind']> {
  return (STEPS[config.kind] as (params: C['params']) => Step<C['kind']>)(config.params);
}

/**
 * The lines of an indicator over the candles (ascending by time). Its parameters are checked first: a config outside
 * the ranges of params.ts throws a RangeError (read configs with `parseIndicatorConfig`).
 */
export function computeIndicator<C extends IndicatorConfig>(
  config: C,
  candles: readonly OhlcCandle[],
): IndicatorSeries<C['kind']> {
  const valid = checked(config);
  return lines(candles, INDICATOR_LINES[valid.kind], stepOf(valid)) as IndicatorSeries<C['kind']>;
}

/** An indicator computed over closed candles that also gives its values at the forming candle after them. */
export interface IndicatorRun<K extends IndicatorKind = IndicatorKind> {
  /** The lines over the closed candles, as `computeIndicator` gives them. */
  series: IndicatorSeries<K>;
  /**
   * The values at a candle after the closed ones (the chart's live candle), without the cost of the whole series:
   * call it again with the same candle's newer state. A candle of another time starts over from the closed candles.
   */
  next(candle: OhlcCandle): IndicatorValues<K>;
}

/**
 * `computeIndicator` over closed candles, kept open for the candle forming after them: each `next` feeds it in place
 * of the previous one (the library's replace mode), so the values are those of `computeIndicator` over the closed
 * candles and that candle.
 */
export function runIndicator<C extends IndicatorConfig>(
  config: C,
  closed: readonly OhlcCandle[],
): IndicatorRun<C['kind']> {
  const valid = checked(config);
  const names = INDICATOR_LINES[valid.kind] as readonly IndicatorLineName<C['kind']>[];
  let step = stepOf(valid);
  const series = lines(closed, names, step) as IndicatorSeries<C['kind']>;
  let forming: number | null = null;
  return {
    series,
    next(candle) {
      if (forming !== null && forming !== candle.time) {
        step = stepOf(valid);
        for (const c of closed) step(c, false);
        forming = null;
      }
      const values = step(candle, forming !== null);
      forming = candle.time;
      return valuesOf(names, values) as IndicatorValues<C['kind']>;
    },
  };
}
