import { type IndicatorConfig, type IndicatorKind, indicatorParamNames } from '@openbroker/domain';

/** The usual short names of the indicators, the same in every language. */
export const INDICATOR_SHORT: Readonly<Record<IndicatorKind, string>> = Object.freeze({
  sma: 'SMA',
  ema: 'EMA',
  bollinger: 'BB',
  rsi: 'RSI',
  macd: 'MACD',
  atr: 'ATR',
  stochastic: 'Stoch',
});

/** An indicator as the chart names it: its short name and parameters ('SMA 20', 'MACD 12 26 9'). */
export function indicatorLabel(indicator: IndicatorConfig): string {
  const params = indicator.params as Record<string, number>;
  const values = indicatorParamNames(indicator.kind).map((name) => String(params[name]));
  return [INDICATOR_SHORT[indicator.kind], ...values].join(' ');
}
