import { describe, expect, it } from 'vitest';
import { SPEC_QUOTE_TERMS } from '../brand-quote.js';
import { backtest, downsampleEquity } from './backtest.js';
import { evaluateStrategy } from './decide.js';
import { defaultParams } from './offers.js';
import { candlesFrom, HOUR, settings, T0, TREND } from './test-factories.js';
import type { AutoLimits, BacktestInput, StrategyCandle, StrategyParams } from './types.js';

/*
 * A hand-worked backtest: the trend follower of strategies.test.ts (fast 2, slow 5, ATR 5, stop 1 × ATR, target
 * 2 × ATR) on 4-hour candles, start balance € 1000, 10 % of the free margin per trade, leverage 10, no feed spread
 * (feed quote = close), the spec's terms on a tick of 0.01 (the brand quote, `brandQuote`, as the engine
 * deals: buy = close × 1.00025 rounded UP to the tick, sell = close × 0.99975 rounded DOWN), 2 decimals.
 * Candles: high = close + 0.5, low = close − 0.5, open = the previous close, except where shown.
 *
 *   i      0    1    2    3    4    5   6   7    8    9               10   11   12
 *   close 104  103  102  101  100  99  98  99  101  102 (high 105)    97   95   96 (open 95, high 99)
 *   day   Jan 6 (i0–5) · Jan 7 (i6–11) · Jan 8 (i12)
 *
 * i5–i7: the fast average stays below the slow one (i7: 98.5 against 99.4).
 * i8: fast (99 + 101) / 2 = 100 crosses above slow (100 + 99 + 98 + 99 + 101) / 5 = 99.4 → buy € 100.00 (10 % of
 *     1000) × 10 at the brand buy 101 × 1.00025 = 101.02525 → up to 101.03. ATR = (1.5 + 1.5 + 1.5 + 1.5 + 2.5) / 5
 *     = 1.7 (true ranges of i4–i8) → SL 101.03 − 1.7 = 99.33, TP 101.03 + 3.4 = 104.43 (measured from 101.03, the
 *     `dealing` price decide gets).
 *     Equity at the close: valued at the brand sell 101 × 0.99975 = 100.97475 → down 100.97:
 *     (100.97 − 101.03) × 1000 ÷ 101.03 = −0.5939 → −0.59.
 * i9: the high 105 is valued 104.97375 → 104.97 ≥ TP 104.43 (the open 101 → 100.97 is below it) → closed at 104.43:
 *     (104.43 − 101.03) × 100 × 10 ÷ 101.03 = +33.6534 → +33.65 → balance 1033.65. Fast 101.5 > slow 99.8: no signal.
 * i10: fast (102 + 97) / 2 = 99.5, slow (98 + 99 + 101 + 102 + 97) / 5 = 99.4: still above.
 * i11: fast (97 + 95) / 2 = 96, slow (99 + 101 + 102 + 97 + 95) / 5 = 98.8 → crossed below → sell
 *     € 103.36 (10 % of 1033.65 = 103.365, rounded down) × 10 at the brand sell 95 × 0.99975 = 94.97625 → 94.97.
 *     ATR = (1.5 + 2.5 + 4.5 + 5.5 + 2.5) / 5 = 3.3 (true ranges of i7–i11; i9: 105 − 100.5, i10: 102 − 96.5)
 *     → SL 94.97 + 3.3 = 98.27, TP 94.97 − 6.6 = 88.37.
 *     Equity: valued at the brand buy 95 × 1.00025 = 95.02375 → up 95.03: −(95.03 − 94.97) × 1033.6 ÷ 94.97
 *     = −0.6530 → −0.65 → 1033.00.
 * i12: the high 99 is valued 99.02475 → 99.03 ≥ SL 98.27 (the open 95 → 95.03 is below it) → closed at 98.27:
 *     −(98.27 − 94.97) × 1033.6 ÷ 94.97 = −35.9153 → −35.92 → balance 997.73.
 *
 * Figures: 2 trades, 1 win (50 %), profit factor 33.65 ÷ 35.92 = 0.9368 → 0.94, net −2.27, end balance 997.73;
 * largest fall from a peak: 1033.65 → 997.73 = 35.92, 3.4751 % → 3.48 % of the peak; days: Jan 6 ±0, Jan 7 +33.00
 * (1000 → 1033.00), Jan 8 −35.27 (1033.00 → 997.73) → worst day Jan 8, −35.27.
 */
const STEP = 4 * HOUR;
const CLOSES = [104, 103, 102, 101, 100, 99, 98, 99, 101, 102, 97, 95, 96];
const SHAPE: Record<number, Partial<StrategyCandle>> = {
  9: { open: 101, high: 105, low: 100.5 },
  12: { open: 95, high: 99, low: 94.5 },
};
const at = (i: number) => T0 + i * STEP;
const closeOf = (i: number) => at(i) + STEP;

function run(own: Partial<AutoLimits> = {}, candles = candlesFrom(CLOSES, SHAPE, STEP)) {
  const input: BacktestInput = {
    symbol: 'XYZ',
    precision: 2,
    settings: settings({ ...TREND, timeframe: '4h' }, own),
    candles,
    startBalance: 1000,
    halfFeedSpread: 0,
    terms: { ...SPEC_QUOTE_TERMS, tick: 0.01 },
    leverages: [1, 5, 10, 20],
  };
  return backtest(input);
}

describe('backtest on a hand-worked series', () => {
  const result = run();

  it('trades what the strategy decided, exits inside the candles at SL and TP', () => {
    expect(result.tradesList).toEqual([
      {
        direction: 'buy',
        openTime: closeOf(8),
        openRate: 101.03,
        closeTime: closeOf(9),
        closeRate: 104.43,
        amount: 100,
        leverage: 10,
        profit: 33.65,
        exit: 'takeProfit',
      },
      {
        direction: 'sell',
        openTime: closeOf(11),
        openRate: 94.97,
        closeTime: closeOf(12),
        closeRate: 98.27,
        amount: 103.36,
        leverage: 10,
        profit: -35.92,
        exit: 'stopLoss',
      },
    ]);
  });

  it('computes the figures', () => {
    expect(result.figures).toEqual({
      trades: 2,
      winRate: 50,
      profitFactor: 0.94,
      maxDrawdown: 35.92,
      maxDrawdownPercent: 3.48,
      worstDay: { day: '2025-01-08', result: -35.27 },
      netProfit: -2.27,
      startBalance: 1000,
      endBalance: 997.73,
      stoppedBy: null,
    });
  });

  it('draws the equity after every candle, open positions valued at the close', () => {
    expect(result.equity.map((p) => p.time)).toEqual(CLOSES.map((_, i) => closeOf(i)));
    expect(result.equity.map((p) => p.equity)).toEqual([
      1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 999.41, 1033.65, 1033.65, 1033, 997.73,
    ]);
  });

  it('lists the decisions it acted on, the same the live path makes for the same candles', () => {
    expect(result.decisions.map((d) => [d.kind, d.candleTime])).toEqual([
      ['open', at(8)],
      ['open', at(11)],
    ]);
    expect(result.decisions[0]).toMatchObject({
      direction: 'buy',
      amount: 100,
      leverage: 10,
      stopLoss: 99.33,
      takeProfit: 104.43,
    });
    expect(result.decisions[1]).toMatchObject({
      direction: 'sell',
      amount: 103.36,
      stopLoss: 98.27,
      takeProfit: 88.37,
    });
    // the live path on candle 8, with the account as it was then, decides the same: without `dealing`, decide
    // prices the quote with the spec's terms on the tick of the precision, the backtest's terms here
    const candles = candlesFrom(CLOSES, SHAPE, STEP).slice(0, 9);
    const live = evaluateStrategy({
      symbol: 'XYZ',
      precision: 2,
      settings: settings({ ...TREND, timeframe: '4h' }),
      candles,
      account: {
        balance: 1000,
        equity: 1000,
        freeMargin: 1000,
        openAuto: [],
        leverages: [1, 5, 10, 20],
        dailyResult: 0,
        totalResult: 0,
      },
      quote: { buy: 101, sell: 101 },
    });
    expect(live).toEqual([result.decisions[0]]);
  });

  it('gives the same result for the same input', () => {
    expect(run()).toEqual(result);
  });
});

describe('backtest: limits and exits', () => {
  it('switches off at the daily loss limit and stops deciding', () => {
    // Jan 8: the stop loss lost 35.92, beyond a daily limit of 30; more candles after it change nothing
    const more = [...CLOSES, 90, 100, 110, 120, 130, 140];
    const result = run({ dailyLossLimit: 30 }, candlesFrom(more, SHAPE, STEP));
    expect(result.figures.stoppedBy).toEqual({ limit: 'daily', time: closeOf(12) });
    expect(result.figures.trades).toBe(2);
    expect(result.decisions).toHaveLength(2);
  });

  it('closes the open positions at the limit when the client chose it', () => {
    /*
     * Candle 12 closes at 97.5 (high 98 → brand buy 98.0245 → 98.03, below the SL 98.27): the sell is valued at the
     * brand buy 97.5 × 1.00025 = 97.524375 → up to 97.53, −(97.53 − 94.97) × 1033.6 ÷ 94.97 = −27.8617 → −27.86
     * today, beyond a daily limit of 20 → closed at that price.
     */
    const candles = candlesFrom(
      [...CLOSES.slice(0, 12), 97.5],
      { 9: SHAPE[9] ?? {}, 12: { high: 98, low: 97 } },
      STEP,
    );
    const kept = run({ dailyLossLimit: 20 }, candles);
    expect(kept.tradesList.at(-1)).toMatchObject({ exit: 'end', closeRate: 97.53, profit: -27.86 });
    const closed = run({ dailyLossLimit: 20, closeOnLimit: true }, candles);
    expect(closed.figures.stoppedBy).toEqual({ limit: 'daily', time: closeOf(12) });
    expect(closed.tradesList.at(-1)).toMatchObject({ exit: 'limit', closeRate: 97.53, profit: -27.86 });
    expect(closed.decisions.at(-1)).toMatchObject({
      kind: 'close',
      reason: { key: 'auto.journal.limitClose' },
    });
  });

  it('takes the stop loss when a candle reaches both levels', () => {
    // candle 9 reaches the TP (high 105) and the SL (low 98 → brand sell 97.9755 → 97.97 ≤ 99.33): SL, at the level
    // (99.33 − 101.03) × 1000 ÷ 101.03 = −16.8267 → −16.83
    const result = run({}, candlesFrom(CLOSES, { ...SHAPE, 9: { open: 101, high: 105, low: 98 } }, STEP));
    expect(result.tradesList[0]).toMatchObject({ exit: 'stopLoss', closeRate: 99.33, profit: -16.83 });
  });

  it('fills at the open when a candle gaps beyond the stop', () => {
    // candle 9 opens at 95: valued at the brand sell 95 × 0.99975 = 94.97625 → down 94.97, already below the SL
    // 99.33 → filled there: (94.97 − 101.03) × 1000 ÷ 101.03 = −59.9822 → −59.98
    const result = run({}, candlesFrom(CLOSES, { ...SHAPE, 9: { open: 95, high: 96, low: 94 } }, STEP));
    expect(result.tradesList[0]).toMatchObject({ exit: 'stopLoss', closeRate: 94.97, profit: -59.98 });
  });

  it('values a position still open at the end at the last close', () => {
    const result = run({}, candlesFrom(CLOSES.slice(0, 9), {}, STEP));
    // the buy of candle 8 is still open: valued at the brand sell 100.97, (100.97 − 101.03) × 1000 ÷ 101.03 = −0.59
    expect(result.tradesList).toEqual([
      expect.objectContaining({ exit: 'end', openRate: 101.03, closeRate: 100.97, profit: -0.59 }),
    ]);
    expect(result.figures).toMatchObject({ trades: 1, winRate: 0, profitFactor: 0, endBalance: 999.41 });
  });

  it('shows nothing for a range too short to warm up', () => {
    const result = run({}, candlesFrom([100, 101, 102], {}, STEP));
    expect(result.figures).toMatchObject({
      trades: 0,
      winRate: null,
      profitFactor: null,
      worstDay: null,
      netProfit: 0,
    });
    expect(result.equity).toHaveLength(3);
  });
});

describe('a year of hourly candles', () => {
  // 12 months of hourly candles: a slow wave with faster deterministic wobbles (no randomness in tests either)
  const year = Array.from(
    { length: 8760 },
    (_, i) => 100 + 10 * Math.sin(i / 200) + 2 * Math.sin(i / 5) + Math.sin(i * 1.7),
  );
  const candles = candlesFrom(year);

  it.each([
    ['the default trend follower', defaultParams('trend')],
    [
      'the trend follower with the longest averages',
      { ...defaultParams('trend'), fastPeriod: 50, slowPeriod: 200, atrPeriod: 50 },
    ],
    ['the default mean reversion', defaultParams('meanReversion')],
    [
      'mean reversion with the longest windows',
      { ...defaultParams('meanReversion'), rsiPeriod: 50, oversold: 45, overbought: 55, atrPeriod: 50 },
    ],
  ] as [string, StrategyParams][])(
    'runs a year of hourly candles to the end: %s',
    (_, params) => {
      const result = backtest({
        symbol: 'XYZ',
        precision: 3,
        settings: settings(params, { drawdownLimit: 1_000_000, dailyLossLimit: 1_000_000 }),
        candles,
        startBalance: 10_000,
        halfFeedSpread: 0.01,
        // the spec's markup on the tick of 3 decimals
        terms: { ...SPEC_QUOTE_TERMS, tick: 0.001 },
        leverages: [1, 5, 10],
      });
      // every hour has its equity point and the strategy traded; how fast is the benchmarks' business
      // (`npm run bench -- auto-trading`), not a test's: vitest's worker threads share the process's processor time
      expect(result.figures.trades).toBeGreaterThan(0);
      expect(result.equity).toHaveLength(8760);
      // about a second of processor time alone; a loaded machine stretches it
    },
    60_000,
  );
});

describe('downsampleEquity', () => {
  const points = Array.from({ length: 2000 }, (_, i) => ({
    time: i,
    equity: 1000 + ((i * 7919) % 1000) - (i === 1234 ? 5000 : 0),
  }));

  it('keeps at most max points, the first, the last and the deepest dip, in time order', () => {
    const out = downsampleEquity(points, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(out[0]).toBe(points[0]);
    expect(out.at(-1)).toBe(points.at(-1));
    expect(out).toContain(points[1234]);
    expect(out.map((p) => p.time)).toEqual([...out.map((p) => p.time)].sort((a, b) => a - b));
    expect(downsampleEquity(points).length).toBeLessThanOrEqual(500);
  });

  it('returns a short curve as it is', () => {
    expect(downsampleEquity(points.slice(0, 10))).toEqual(points.slice(0, 10));
  });
});
