import type { AutoLimits, StrategyId, StrategyParams, StrategyTimeframe } from '@openbroker/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useMoney } from '../../shared/market/numbers.js';

export const STRATEGY_NAME: Readonly<Record<StrategyId, TranslationKey>> = {
  trend: 'at.strategy.trend',
  meanReversion: 'at.strategy.meanReversion',
};

export const STRATEGY_SUB: Readonly<Record<StrategyId, TranslationKey>> = {
  trend: 'at.strategy.trend.sub',
  meanReversion: 'at.strategy.meanReversion.sub',
};

/** "1-hour" as in "of 1-hour closes". */
export const TIMEFRAME_ADJECTIVE: Readonly<Record<StrategyTimeframe, TranslationKey>> = {
  '1m': 'at.tf.1m',
  '5m': 'at.tf.5m',
  '15m': 'at.tf.15m',
  '1h': 'at.tf.1h',
  '4h': 'at.tf.4h',
  '1D': 'at.tf.1D',
};

/** "1 hour" as a choice in the form. */
export const TIMEFRAME_NAME: Readonly<Record<StrategyTimeframe, TranslationKey>> = {
  '1m': 'at.tfName.1m',
  '5m': 'at.tfName.5m',
  '15m': 'at.tfName.15m',
  '1h': 'at.tfName.1h',
  '4h': 'at.tfName.4h',
  '1D': 'at.tfName.1D',
};

/** A figure in the reader's language with up to `digits` decimals ("0.5", "0,5"). */
export function useNumber(digits = 2): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits });
    return (value: number) => (Number.isFinite(value) ? format.format(value) : '—');
  }, [i18n.language, digits]);
}

/**
 * The strategy and limits in plain words, with the client's own figures filled in ("the chosen strategy
 * in plain words, the limits"): what makes it buy and sell, where its stops go, and when it switches itself off.
 */
export function useStrategyWords(): {
  rules: (params: StrategyParams) => string[];
  limits: (limits: AutoLimits) => string[];
} {
  const { t } = useTranslation();
  const num = useNumber(2);
  const money = useMoney();
  return {
    rules: (params) => {
      const timeframe = t(TIMEFRAME_ADJECTIVE[params.timeframe]);
      const first =
        params.strategy === 'trend'
          ? t('at.describe.trend', {
              fast: num(params.fastPeriod),
              slow: num(params.slowPeriod),
              timeframe,
            })
          : t('at.describe.meanReversion', {
              period: num(params.rsiPeriod),
              oversold: num(params.oversold),
              overbought: num(params.overbought),
              exit: num(params.exitLevel),
              timeframe,
            });
      const stops = t('at.describe.stops', {
        stop: num(params.stopAtr),
        atr: num(params.atrPeriod),
        takeProfit: num(params.takeProfitAtr),
      });
      return [first, stops];
    },
    limits: (limits) => {
      const amount =
        limits.amount.mode === 'fixed'
          ? t('at.describe.amountFixed', { amount: money.format(limits.amount.value) })
          : t('at.describe.amountPercent', { percent: num(limits.amount.value) });
      const symbols = limits.symbols.length > 0 ? limits.symbols.join(', ') : t('at.describe.noSymbols');
      const stop = {
        daily: money.format(limits.dailyLossLimit),
        drawdown: money.format(limits.drawdownLimit),
      };
      return [
        t('at.describe.limits', {
          symbols,
          amount,
          positions: num(limits.maxPositions),
          leverage: limits.maxLeverage,
        }),
        limits.closeOnLimit ? t('at.describe.stopClose', stop) : t('at.describe.stopKeep', stop),
      ];
    },
  };
}
