import { describe, expect, it } from 'vitest';
import { analyse, lookback, timeframeMs } from './strategies.js';
import { candlesFrom, HOUR, MEAN_REVERSION, T0, TREND } from './test-factories.js';

/*
 * Trend follower, fast = 2, slow = 5, ATR 5 (lookback max(5 + 1, 5 + 1) = 6 candles). Closes by candle:
 *
 *   i      0    1    2    3    4    5    6    7    8    9   10   11
 *   close 100  100  100  100  100   99   98   99  101  101   98   96
 *
 *   i   fast (last 2)        slow (last 5)                        fast vs slow
 *   5   (100+99)/2 = 99.5    (100+100+100+100+99)/5 = 99.8         below
 *   6   (99+98)/2  = 98.5    (100+100+100+99+98)/5  = 99.4         below
 *   7   (98+99)/2  = 98.5    (100+100+99+98+99)/5   = 99.2         below
 *   8   (99+101)/2 = 100     (100+99+98+99+101)/5   = 99.4         above: crossed up (98.5 ≤ 99.2 before) → buy
 *   9   (101+101)/2 = 101    (99+98+99+101+101)/5   = 99.6         above, no crossover
 *  10   (101+98)/2 = 99.5    (98+99+101+101+98)/5   = 99.4         above, no crossover
 *  11   (98+96)/2  = 97      (99+101+101+98+96)/5   = 99           below: crossed down (99.5 ≥ 99.4 before) → sell
 *
 * ATR (simple average of the last 5 true ranges; high = close + 0.5, low = close − 0.5, so a true range is 1 or the
 * gap from the previous close to the far end of the candle):
 *   TR  i4: 1   i5: |98.5 − 100| = 1.5   i6: |97.5 − 99| = 1.5   i7: |99.5 − 98| = 1.5   i8: |101.5 − 99| = 2.5
 *       i9: 1   i10: |97.5 − 101| = 3.5  i11: |95.5 − 98| = 2.5
 *   ATR at 8 = (1 + 1.5 + 1.5 + 1.5 + 2.5) / 5 = 1.6;  at 11 = (1.5 + 2.5 + 1 + 3.5 + 2.5) / 5 = 2.2
 */
const TREND_CLOSES = [100, 100, 100, 100, 100, 99, 98, 99, 101, 101, 98, 96];
const trendAt = (i: number) => analyse(TREND, candlesFrom(TREND_CLOSES).slice(0, i + 1));

describe('trend follower on a hand-made series', () => {
  it('needs slow + 1 candles and waits for them', () => {
    expect(lookback(TREND)).toBe(6);
    const signal = trendAt(4);
    expect(signal).toMatchObject({
      action: 'none',
      reason: { key: 'auto.reason.warmup', params: { needed: 6, available: 5 } },
      indicators: {},
      atr: null,
    });
  });

  it('holds while the fast average stays below the slow one', () => {
    const signal = trendAt(7);
    expect(signal.action).toBe('none');
    expect(signal.reason).toEqual({
      key: 'auto.reason.trend.below',
      params: { fast: 2, slow: 5, smaFast: '98.5000', smaSlow: '99.2000' },
    });
    expect(signal.indicators).toMatchObject({ smaFast: 98.5, smaSlow: 99.2 });
  });

  it('buys on the candle where the fast average crosses above the slow one', () => {
    const signal = trendAt(8);
    expect(signal).toEqual({
      action: 'buy',
      reason: {
        key: 'auto.reason.trend.crossUp',
        params: {
          fast: 2,
          slow: 5,
          smaFast: '100.00',
          smaSlow: '99.4000',
          smaFastPrevious: '98.5000',
          smaSlowPrevious: '99.2000',
        },
      },
      indicators: {
        smaFast: 100,
        smaSlow: 99.4,
        smaFastPrevious: 98.5,
        smaSlowPrevious: 99.2,
        atr: 1.6,
        close: 101,
      },
      candleTime: T0 + 8 * HOUR,
      close: 101,
      atr: 1.6,
    });
  });

  it('does not buy again on the candles after the crossover', () => {
    expect(trendAt(9).action).toBe('none');
    expect(trendAt(9).reason.key).toBe('auto.reason.trend.above');
    expect(trendAt(10).reason).toEqual({
      key: 'auto.reason.trend.above',
      params: { fast: 2, slow: 5, smaFast: '99.5000', smaSlow: '99.4000' },
    });
  });

  it('sells on the candle where the fast average crosses below the slow one', () => {
    const signal = trendAt(11);
    expect(signal.action).toBe('sell');
    expect(signal.reason).toEqual({
      key: 'auto.reason.trend.crossDown',
      params: {
        fast: 2,
        slow: 5,
        smaFast: '97.0000',
        smaSlow: '99.0000',
        smaFastPrevious: '99.5000',
        smaSlowPrevious: '99.4000',
      },
    });
    expect(signal.indicators).toEqual({
      smaFast: 97,
      smaSlow: 99,
      smaFastPrevious: 99.5,
      smaSlowPrevious: 99.4,
      atr: 2.2,
      close: 96,
    });
  });

  it('reads only the last lookback candles: older history changes nothing', () => {
    const candles = candlesFrom([50, 300, 7, ...TREND_CLOSES]);
    const longer = analyse(TREND, candles);
    const exact = analyse(TREND, candles.slice(-lookback(TREND)));
    expect(longer).toEqual(exact);
    expect(longer.action).toBe('sell');
  });

  it('gives the same signal for the same candles (no clock, no randomness)', () => {
    const candles = candlesFrom(TREND_CLOSES);
    expect(analyse(TREND, candles)).toEqual(analyse(TREND, candles));
  });
});

/*
 * Mean reversion, RSI 2 (simple averages of the last 2 gains and losses), levels 30 / 50 / 70, ATR 5 (lookback
 * max(2 + 2, 5 + 1) = 6). Closes and RSI = 100 − 100 / (1 + avg gain ÷ avg loss) (100 when there is no loss):
 *
 *   i      0    1    2    3    4    5    6      7      8      9     10
 *   close 100  101  102  101   99   98   98.5   99.5  100.5  100   100.5
 *   change      +1   +1   −1   −2   −1   +0.5   +1     +1    −0.5   +0.5
 *   RSI             100   50    0    0   33.33  100    100   66.67   50
 *
 *   i6: gains (0, 0.5), losses (1, 0) → 0.25 ÷ 0.5 = 0.5 → 100 − 100/1.5 = 33.33; from 0 back above 30 → buy
 *   i7: no loss → 100; from 33.33 up to the exit level 50 or above → close buys
 *   i8: 100 → above overbought, no signal
 *   i9: gains (1, 0), losses (0, 0.5) → 0.5 ÷ 0.25 = 2 → 100 − 100/3 = 66.67; from 100 back below 70 → sell
 *  i10: gains (0, 0.5), losses (0.5, 0) → 1 → 50; from 66.67 down to the exit level or below → close sells
 *
 * ATR at 6: true ranges i2: |102.5 − 101| = 1.5, i3: |100.5 − 102| = 1.5, i4: |98.5 − 101| = 2.5,
 * i5: |97.5 − 99| = 1.5, i6: 1 → (1.5 + 1.5 + 2.5 + 1.5 + 1) / 5 = 1.6
 */
const MR_CLOSES = [100, 101, 102, 101, 99, 98, 98.5, 99.5, 100.5, 100, 100.5];
const mrAt = (i: number) => analyse(MEAN_REVERSION, candlesFrom(MR_CLOSES).slice(0, i + 1));

describe('mean reversion on a hand-made series', () => {
  it('needs max(RSI period + 2, ATR period + 1) candles', () => {
    expect(lookback(MEAN_REVERSION)).toBe(6);
    expect(mrAt(4).reason).toEqual({ key: 'auto.reason.warmup', params: { needed: 6, available: 5 } });
  });

  it('holds while the RSI is below the oversold level', () => {
    expect(mrAt(5).reason).toEqual({
      key: 'auto.reason.mr.oversold',
      params: { rsi: '0.00', rsiPrevious: '0.00', oversold: 30, overbought: 70, exitLevel: 50 },
    });
  });

  it('buys when the RSI crosses back up through the oversold level', () => {
    const signal = mrAt(6);
    expect(signal.action).toBe('buy');
    expect(signal.reason).toEqual({
      key: 'auto.reason.mr.crossUp',
      params: { rsi: '33.33', rsiPrevious: '0.00', oversold: 30, overbought: 70, exitLevel: 50 },
    });
    expect(signal.indicators.rsi).toBeCloseTo(100 / 3, 12);
    expect(signal.indicators).toMatchObject({ rsiPrevious: 0, atr: 1.6, close: 98.5 });
    expect(signal.atr).toBe(1.6);
  });

  it('closes buys when the RSI reaches the exit level from below', () => {
    const signal = mrAt(7);
    expect(signal.action).toBe('exitLong');
    expect(signal.reason).toEqual({
      key: 'auto.reason.mr.exitLong',
      params: { rsi: '100.00', rsiPrevious: '33.33', oversold: 30, overbought: 70, exitLevel: 50 },
    });
  });

  it('does nothing while the RSI stays above the overbought level', () => {
    expect(mrAt(8)).toMatchObject({ action: 'none', reason: { key: 'auto.reason.mr.overbought' } });
  });

  it('sells when the RSI crosses back down through the overbought level', () => {
    const signal = mrAt(9);
    expect(signal.action).toBe('sell');
    expect(signal.reason).toEqual({
      key: 'auto.reason.mr.crossDown',
      params: { rsi: '66.67', rsiPrevious: '100.00', oversold: 30, overbought: 70, exitLevel: 50 },
    });
    expect(signal.indicators.rsi).toBeCloseTo(200 / 3, 12);
  });

  it('closes sells when the RSI reaches the exit level from above', () => {
    const signal = mrAt(10);
    expect(signal.action).toBe('exitShort');
    expect(signal.indicators.rsi).toBe(50);
    expect(signal.reason.params).toMatchObject({ rsi: '50.00', rsiPrevious: '66.67' });
  });

  it('only closes when one candle jumps from oversold past the exit level', () => {
    // i5 RSI 0; i6 +2 → gains (0, 2), losses (1, 0) → 1 ÷ 0.5 = 2 → 66.67: through 30 and through 50 at once
    const signal = analyse(MEAN_REVERSION, candlesFrom([100, 101, 102, 101, 99, 98, 100]));
    expect(signal.action).toBe('exitLong');
  });

  it('gives no signal while the close does not move (the library reads that as RSI 100)', () => {
    const flat = analyse(MEAN_REVERSION, candlesFrom([100, 100, 100, 100, 100, 100]));
    expect(flat).toMatchObject({ action: 'none', reason: { key: 'auto.reason.mr.flat' } });
    // the first move after a still spell: the previous reading was still, so no crossing is read from it
    const after = analyse(MEAN_REVERSION, candlesFrom([100, 100, 100, 100, 100, 99]));
    expect(after.reason.key).toBe('auto.reason.mr.flat');
  });

  it('is neutral between the levels', () => {
    // i4 −1 → gains (1, 0), losses (0, 1) → 50 (down from 100); i5 +1 → gains (0, 1), losses (1, 0) → 50 again
    const signal = analyse(MEAN_REVERSION, candlesFrom([100, 100, 101, 102, 101, 102]));
    expect(signal.reason.key).toBe('auto.reason.mr.neutral');
  });
});

describe('timeframes', () => {
  it('knows the length of each candle', () => {
    expect(timeframeMs('1m')).toBe(60_000);
    expect(timeframeMs('1h')).toBe(HOUR);
    expect(timeframeMs('4h')).toBe(4 * HOUR);
    expect(timeframeMs('1D')).toBe(24 * HOUR);
  });
});
