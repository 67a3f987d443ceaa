/**
 * Test factories for the auto-trading tests (not exported from the package): candles from a list of closes, and
 * the parameters, limits and account the hand-worked examples use.
 */
import type {
  AutoAccountState,
  AutoLimits,
  AutoTradingSettings,
  MeanReversionParams,
  StrategyCandle,
  TrendParams,
} from './types.js';

export const HOUR = 3_600_000;
/** Monday 6 January 2025, 00:00 UTC: the first candle's bucket start. */
export const T0 = Date.UTC(2025, 0, 6);

/**
 * Candles from closes (hourly unless `step` says otherwise): each opens at the previous close (the first at its own close), its high is the close
 * + 0.5 and its low the close − 0.5, unless `shape` overrides a candle's fields by index.
 */
export function candlesFrom(
  closes: readonly number[],
  shape: Readonly<Record<number, Partial<StrategyCandle>>> = {},
  step: number = HOUR,
): StrategyCandle[] {
  return closes.map((close, i) => ({
    time: T0 + i * step,
    open: closes[i - 1] ?? close,
    high: close + 0.5,
    low: close - 0.5,
    close,
    ...shape[i],
  }));
}

/** Trend follower with a 2-candle fast and a 5-candle slow average, ATR of 5, stop 1 × ATR, target 2 × ATR. */
export const TREND: TrendParams = {
  strategy: 'trend',
  timeframe: '1h',
  fastPeriod: 2,
  slowPeriod: 5,
  atrPeriod: 5,
  stopAtr: 1,
  takeProfitAtr: 2,
};

/** Mean reversion on a 2-candle RSI, levels 30 / 50 / 70, ATR of 5, stop 1 × ATR, target 2 × ATR. */
export const MEAN_REVERSION: MeanReversionParams = {
  strategy: 'meanReversion',
  timeframe: '1h',
  rsiPeriod: 2,
  oversold: 30,
  overbought: 70,
  exitLevel: 50,
  atrPeriod: 5,
  stopAtr: 1,
  takeProfitAtr: 2,
};

export function limits(overrides: Partial<AutoLimits> = {}): AutoLimits {
  return {
    symbols: ['XYZ'],
    amount: { mode: 'percent', value: 10 },
    maxPositions: 2,
    maxLeverage: 10,
    dailyLossLimit: 100,
    drawdownLimit: 300,
    closeOnLimit: false,
    ...overrides,
  };
}

export function settings(
  params: TrendParams | MeanReversionParams,
  own: Partial<AutoLimits> = {},
): AutoTradingSettings {
  return { params, limits: limits(own) };
}

export function account(overrides: Partial<AutoAccountState> = {}): AutoAccountState {
  return {
    balance: 1000,
    equity: 1000,
    freeMargin: 1000,
    openAuto: [],
    leverages: [1, 5, 10, 20],
    dailyResult: 0,
    totalResult: 0,
    ...overrides,
  };
}
