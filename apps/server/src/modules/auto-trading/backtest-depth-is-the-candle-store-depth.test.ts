import { STRATEGY_CANDLE_DAYS, STRATEGY_TIMEFRAMES } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { CANDLE_DEPTH_MS } from '../../market/candles.js';

/**
 * The backtest page tells the client how far back a timeframe reaches (domain STRATEGY_CANDLE_DAYS): it must be
 * what the candle store really keeps, or the page promises candles the backtest cannot read.
 */
describe('the backtest depth the page names', () => {
  it('is the candle store depth of every strategy timeframe, and only 1h, 4h and 1D cover 12 months', () => {
    for (const timeframe of STRATEGY_TIMEFRAMES)
      expect(STRATEGY_CANDLE_DAYS[timeframe] * 86_400_000, timeframe).toBe(CANDLE_DEPTH_MS[timeframe]);
    expect(STRATEGY_TIMEFRAMES.filter((tf) => STRATEGY_CANDLE_DAYS[tf] >= 365)).toEqual(['1h', '4h', '1D']);
  });
});
