/**
 * The two built-in strategies: what each reads from closed candles alone. `analyse` is shared by every
 * account on the same instrument and parameters (the server memoises it per symbol and params); the account and its
 * limits come in later, in `decide`. Indicators are the `trading-signals` library's, never our own arithmetic.
 *
 * ATR and RSI use the library's simple-average smoothing (`SMA`) rather than Wilder's: each indicator then depends
 * on an exact window of candles, so a signal is the same whether the server keeps 31 or 3000 candles, and a year's
 * backtest re-reads only short windows (Wilder's values would depend on how much history came before, and need
 * several periods of warm-up per candle). docs/auto-trading.md tells clients their RSI may differ from a chart's.
 */
import Decimal from 'decimal.js';
import { ATR, RSI, SMA } from 'trading-signals';
import { formatPrice } from '../format.js';
import type { Message } from '../messages.js';
import { Dec } from '../money.js';
import type {
  MeanReversionParams,
  StrategyCandle,
  StrategyParams,
  StrategySignal,
  StrategyTimeframe,
  TrendParams,
} from './types.js';

const MINUTE = 60_000;
const TIMEFRAME_MS: Readonly<Record<StrategyTimeframe, number>> = Object.freeze({
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1D': 1440 * MINUTE,
});

/** Length of one candle of a timeframe, in ms (a candle's close is its `time` plus this). */
export function timeframeMs(timeframe: StrategyTimeframe): number {
  return TIMEFRAME_MS[timeframe];
}

/**
 * Closed candles a signal needs: live and the backtest pass exactly the last `lookback` candles (more are ignored,
 * fewer give a warm-up 'none'). Trend: max(slow + 1, ATR period + 1); mean reversion: max(RSI period + 2, ATR
 * period + 1) — each indicator's last two values over exactly its own window.
 */
export function lookback(params: StrategyParams): number {
  if (params.strategy === 'trend') return Math.max(params.slowPeriod + 1, params.atrPeriod + 1);
  return Math.max(params.rsiPeriod + 2, params.atrPeriod + 1);
}

/** RSI figures in words: two decimals ('28.43'). */
export function formatRsi(value: number): string {
  return new Dec(value).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * The indicator's last two results after feeding it the inputs of the last `count` candles (null until it is
 * stable). Only that tail is read: extra history never changes a value.
 */
function lastTwo<I>(
  indicator: { add(input: I): number | null },
  candles: readonly StrategyCandle[],
  count: number,
  input: (candle: StrategyCandle) => I,
): [number | null, number | null] {
  let previous: number | null = null;
  let last: number | null = null;
  for (let k = Math.max(0, candles.length - count); k < candles.length; k++) {
    previous = last;
    last = indicator.add(input(candles[k] as StrategyCandle));
  }
  return [previous, last];
}

const closeOf = (c: StrategyCandle) => c.close;
const rangeOf = (c: StrategyCandle) => ({ high: c.high, low: c.low, close: c.close });

/**
 * ATR: the simple average of the true ranges of the last `atrPeriod` candles (each against its previous close), so
 * it depends on exactly `atrPeriod + 1` candles — no smoothing memory that a longer history would change.
 */
function atrOf(atrPeriod: number, candles: readonly StrategyCandle[]): number | null {
  return lastTwo(new ATR(atrPeriod, SMA), candles, atrPeriod + 1, rangeOf)[1];
}

/** Whether the closes of candles [from, to) are all the same. */
function flat(candles: readonly StrategyCandle[], from: number, to: number): boolean {
  const first = (candles[from] as StrategyCandle).close;
  for (let k = from + 1; k < to; k++) if ((candles[k] as StrategyCandle).close !== first) return false;
  return true;
}

function warmUp(params: StrategyParams, candles: readonly StrategyCandle[]): StrategySignal {
  const last = candles.at(-1);
  return {
    action: 'none',
    reason: { key: 'auto.reason.warmup', params: { needed: lookback(params), available: candles.length } },
    indicators: {},
    candleTime: last?.time ?? 0,
    close: last?.close ?? 0,
    atr: null,
  };
}

function analyseTrend(params: TrendParams, candles: readonly StrategyCandle[]): StrategySignal {
  const last = candles.at(-1) as StrategyCandle;
  // each average is fed exactly the closes it needs for its last two values: cheap, and independent of extra history
  const [fastPrevious, fast] = lastTwo(new SMA(params.fastPeriod), candles, params.fastPeriod + 1, closeOf);
  const [slowPrevious, slow] = lastTwo(new SMA(params.slowPeriod), candles, params.slowPeriod + 1, closeOf);
  const atr = atrOf(params.atrPeriod, candles);
  if (fastPrevious === null || fast === null || slowPrevious === null || slow === null || atr === null)
    return warmUp(params, candles);

  const indicators = {
    smaFast: fast,
    smaSlow: slow,
    smaFastPrevious: fastPrevious,
    smaSlowPrevious: slowPrevious,
    atr,
    close: last.close,
  };
  // the figures the reason names, formatted like prices on the platform (spec §9); the crossover's also name the
  // previous candle's (formatting is the costly part of a backtest's candle, so only what the text shows)
  const figures = (crossover: boolean): Record<string, string | number> => {
    const out: Record<string, string | number> = {
      fast: params.fastPeriod,
      slow: params.slowPeriod,
      smaFast: formatPrice(fast),
      smaSlow: formatPrice(slow),
    };
    if (crossover) {
      out.smaFastPrevious = formatPrice(fastPrevious);
      out.smaSlowPrevious = formatPrice(slowPrevious);
    }
    return out;
  };
  const signal = (action: StrategySignal['action'], key: Message['key']): StrategySignal => ({
    action,
    reason: { key, params: figures(action !== 'none') },
    indicators,
    candleTime: last.time,
    close: last.close,
    atr,
  });
  // a crossover: the fast average was not above (below) the slow one on the previous candle and is now
  if (fastPrevious <= slowPrevious && fast > slow) return signal('buy', 'auto.reason.trend.crossUp');
  if (fastPrevious >= slowPrevious && fast < slow) return signal('sell', 'auto.reason.trend.crossDown');
  if (fast > slow) return signal('none', 'auto.reason.trend.above');
  if (fast < slow) return signal('none', 'auto.reason.trend.below');
  return signal('none', 'auto.reason.trend.equal');
}

function analyseMeanReversion(
  params: MeanReversionParams,
  candles: readonly StrategyCandle[],
): StrategySignal {
  const last = candles.at(-1) as StrategyCandle;
  // RSI with simple averages of the last `rsiPeriod` gains and losses (Cutler's RSI): like the averages above it
  // reads exactly its window, `rsiPeriod + 2` closes for its last two values
  const [rsiPrevious, rsi] = lastTwo(new RSI(params.rsiPeriod, SMA), candles, params.rsiPeriod + 2, closeOf);
  const atr = atrOf(params.atrPeriod, candles);
  if (rsiPrevious === null || rsi === null || atr === null) return warmUp(params, candles);
  // without any change of the close the library reports an RSI of 100 (no losses, no gains); that reading means
  // nothing, so a window without movement gives no signal rather than an "overbought" one
  const p = params.rsiPeriod;
  const still =
    flat(candles, candles.length - p - 1, candles.length) ||
    flat(candles, candles.length - p - 2, candles.length - 1);

  const indicators = { rsi, rsiPrevious, atr, close: last.close };
  const figures = {
    rsi: formatRsi(rsi),
    rsiPrevious: formatRsi(rsiPrevious),
    oversold: params.oversold,
    overbought: params.overbought,
    exitLevel: params.exitLevel,
  };
  const signal = (action: StrategySignal['action'], key: Message['key']): StrategySignal => ({
    action,
    reason: { key, params: figures },
    indicators,
    candleTime: last.time,
    close: last.close,
    atr,
  });
  if (still) return signal('none', 'auto.reason.mr.flat');
  const { oversold, overbought, exitLevel } = params;
  // reaching the exit level comes first: a jump from below the oversold level to beyond the exit level in one
  // candle has already done what a buy would wait for, so it only closes (and symmetrically for sells)
  if (rsiPrevious < exitLevel && rsi >= exitLevel) return signal('exitLong', 'auto.reason.mr.exitLong');
  if (rsiPrevious > exitLevel && rsi <= exitLevel) return signal('exitShort', 'auto.reason.mr.exitShort');
  if (rsiPrevious < oversold && rsi >= oversold) return signal('buy', 'auto.reason.mr.crossUp');
  if (rsiPrevious > overbought && rsi <= overbought) return signal('sell', 'auto.reason.mr.crossDown');
  if (rsi < oversold) return signal('none', 'auto.reason.mr.oversold');
  if (rsi > overbought) return signal('none', 'auto.reason.mr.overbought');
  return signal('none', 'auto.reason.mr.neutral');
}

/**
 * The signal of the last closed candle, from the candles alone (ascending; only the last `lookback(params)` are
 * read, fewer give a warm-up 'none'). Pure: the same candles and params always give the same signal.
 */
export function analyse(params: StrategyParams, candles: readonly StrategyCandle[]): StrategySignal {
  if (candles.length < lookback(params)) return warmUp(params, candles);
  return params.strategy === 'trend' ? analyseTrend(params, candles) : analyseMeanReversion(params, candles);
}
