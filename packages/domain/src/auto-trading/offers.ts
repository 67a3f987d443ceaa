/**
 * What the product offers of each strategy by default, and a brand's narrowing of it
 * (`brands.settings.autoTrading`). A brand can switch a strategy off, allow fewer timeframes and narrow a range; it
 * can never widen a range beyond these defaults (the defaults are the ranges the strategies are documented and
 * tested for).
 */
import {
  type BrandAutoTradingSettings,
  type ParamRange,
  STRATEGY_IDS,
  type StrategyId,
  type StrategyOffer,
  type StrategyParams,
  type StrategyTimeframe,
} from './types.js';

const range = (min: number, max: number, step: number, value: number): ParamRange => ({
  min,
  max,
  step,
  default: value,
});

const TIMEFRAMES: StrategyTimeframe[] = ['1m', '5m', '15m', '1h', '4h', '1D'];

export const DEFAULT_STRATEGY_OFFERS: Readonly<Record<StrategyId, StrategyOffer>> = Object.freeze({
  trend: {
    offered: true,
    timeframes: TIMEFRAMES,
    ranges: {
      fastPeriod: range(2, 50, 1, 10),
      slowPeriod: range(5, 200, 1, 30),
      atrPeriod: range(5, 50, 1, 14),
      stopAtr: range(0.5, 5, 0.1, 2),
      takeProfitAtr: range(0.5, 10, 0.1, 3),
    },
  },
  meanReversion: {
    offered: true,
    timeframes: TIMEFRAMES,
    ranges: {
      rsiPeriod: range(2, 50, 1, 14),
      oversold: range(5, 45, 1, 30),
      overbought: range(55, 95, 1, 70),
      exitLevel: range(40, 60, 1, 50),
      atrPeriod: range(5, 50, 1, 14),
      stopAtr: range(0.5, 5, 0.1, 2),
      takeProfitAtr: range(0.5, 10, 0.1, 3),
    },
  },
});

/** The default timeframe a new choice starts with. */
export const DEFAULT_STRATEGY_TIMEFRAME: StrategyTimeframe = '1h';

/**
 * The brand's effective offer per strategy: the defaults narrowed by its settings (a brand's range is clamped into the
 * default one; a timeframe outside the defaults is dropped; a default inside the narrowed range is clamped to it).
 */
export function resolveOffers(
  settings: BrandAutoTradingSettings | undefined,
): Record<StrategyId, StrategyOffer> {
  const out = {} as Record<StrategyId, StrategyOffer>;
  for (const id of STRATEGY_IDS) {
    const base = DEFAULT_STRATEGY_OFFERS[id];
    const own = settings?.strategies?.[id];
    const timeframes = own?.timeframes?.filter((t) => base.timeframes.includes(t)) ?? base.timeframes;
    const ranges: Record<string, ParamRange> = {};
    for (const [name, r] of Object.entries(base.ranges)) {
      const narrowed = own?.ranges?.[name];
      const min = Math.max(r.min, narrowed?.min ?? r.min);
      const max = Math.min(r.max, narrowed?.max ?? r.max);
      const ok = min <= max;
      const lo = ok ? min : r.min;
      const hi = ok ? max : r.max;
      const wanted = narrowed?.default ?? r.default;
      ranges[name] = { min: lo, max: hi, step: r.step, default: Math.min(hi, Math.max(lo, wanted)) };
    }
    out[id] = {
      offered: (own?.offered ?? base.offered) && timeframes.length > 0,
      timeframes: timeframes.length > 0 ? timeframes : base.timeframes,
      ranges,
    };
  }
  return out;
}

/** The default parameters of a strategy within an offer (every range's default, the offer's first fitting timeframe). */
export function defaultParams(
  id: StrategyId,
  offer: StrategyOffer = DEFAULT_STRATEGY_OFFERS[id],
): StrategyParams {
  const v = (name: string) =>
    offer.ranges[name]?.default ?? DEFAULT_STRATEGY_OFFERS[id].ranges[name]?.default ?? 0;
  const timeframe = offer.timeframes.includes(DEFAULT_STRATEGY_TIMEFRAME)
    ? DEFAULT_STRATEGY_TIMEFRAME
    : (offer.timeframes[0] ?? DEFAULT_STRATEGY_TIMEFRAME);
  if (id === 'trend')
    return {
      strategy: 'trend',
      timeframe,
      fastPeriod: v('fastPeriod'),
      slowPeriod: v('slowPeriod'),
      atrPeriod: v('atrPeriod'),
      stopAtr: v('stopAtr'),
      takeProfitAtr: v('takeProfitAtr'),
    };
  return {
    strategy: 'meanReversion',
    timeframe,
    rsiPeriod: v('rsiPeriod'),
    oversold: v('oversold'),
    overbought: v('overbought'),
    exitLevel: v('exitLevel'),
    atrPeriod: v('atrPeriod'),
    stopAtr: v('stopAtr'),
    takeProfitAtr: v('takeProfitAtr'),
  };
}
