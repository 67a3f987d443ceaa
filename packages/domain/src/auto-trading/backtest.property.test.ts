import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote, type QuoteTerms, tickSizeOf } from '../brand-quote.js';
import { DEFAULT_MARKUP, type Markup } from '../costs.js';
import { isWholeCents } from '../money.js';
import { backtest } from './backtest.js';
import { defaultParams } from './offers.js';
import { timeframeMs } from './strategies.js';
import { HOUR, T0 } from './test-factories.js';
import type { BacktestInput, StrategyCandle, StrategyParams } from './types.js';

/** Candles of a random walk: each step moves the close by up to ±2 %, the high and low up to 1 % beyond it. */
const candlesArb = fc
  .array(
    fc.record({
      move: fc.integer({ min: -200, max: 200 }).map((n) => n / 10_000),
      up: fc.integer({ min: 0, max: 100 }).map((n) => n / 10_000),
      down: fc.integer({ min: 0, max: 100 }).map((n) => n / 10_000),
    }),
    { minLength: 50, maxLength: 200, size: 'max' },
  )
  .map((steps) => {
    let close = 100;
    return steps.map(({ move, up, down }, i): StrategyCandle => {
      const open = close;
      close = open * (1 + move);
      return {
        time: T0 + i * HOUR,
        open,
        high: Math.max(open, close) * (1 + up),
        low: Math.min(open, close) * (1 - down),
        close,
      };
    });
  });

const paramsArb: fc.Arbitrary<StrategyParams> = fc.oneof(
  fc
    .record({
      fast: fc.integer({ min: 2, max: 8 }),
      slow: fc.integer({ min: 9, max: 30 }),
      atr: fc.integer({ min: 5, max: 20 }),
    })
    .map(({ fast, slow, atr }) => ({
      ...defaultParams('trend'),
      fastPeriod: fast,
      slowPeriod: slow,
      atrPeriod: atr,
    })),
  fc
    .record({ rsi: fc.integer({ min: 2, max: 20 }), atr: fc.integer({ min: 5, max: 20 }) })
    .map(({ rsi, atr }) => ({ ...defaultParams('meanReversion'), rsiPeriod: rsi, atrPeriod: atr })),
);

/** A brand's markup: the spec's ± 0.025 %, a percentage up to 0.5 %, or up to 20 pips of 0.0001. */
const markupArb: fc.Arbitrary<Markup> = fc.oneof(
  fc.constant(DEFAULT_MARKUP),
  fc.integer({ min: 0, max: 500 }).map((n) => ({ unit: 'percent' as const, value: n / 1000 })),
  fc.integer({ min: 0, max: 200 }).map((n) => ({ unit: 'pips' as const, value: n / 10 })),
);

const inputArb: fc.Arbitrary<BacktestInput> = fc
  .record({
    symbol: fc.constant('XYZ'),
    precision: fc.integer({ min: 1, max: 5 }),
    settings: fc.record({
      params: paramsArb,
      limits: fc.record({
        symbols: fc.constant(['XYZ']),
        amount: fc.oneof(
          fc.integer({ min: 100, max: 50_000 }).map((c) => ({ mode: 'fixed' as const, value: c / 100 })),
          fc.integer({ min: 10, max: 10_000 }).map((bp) => ({ mode: 'percent' as const, value: bp / 100 })),
        ),
        maxPositions: fc.integer({ min: 1, max: 3 }),
        maxLeverage: fc.integer({ min: 1, max: 100 }),
        dailyLossLimit: fc.integer({ min: 100, max: 100_000 }).map((c) => c / 100),
        drawdownLimit: fc.integer({ min: 100, max: 300_000 }).map((c) => c / 100),
        closeOnLimit: fc.boolean(),
      }),
    }),
    candles: candlesArb,
    startBalance: fc.integer({ min: 10_000, max: 10_000_000 }).map((c) => c / 100),
    halfFeedSpread: fc.double({ min: 0, max: 0.05, noNaN: true }),
    markup: markupArb,
    leverages: fc.constant([1, 2, 5, 10, 20, 30]),
  })
  // the brand's terms on the instrument's tick (10^−precision), as the server builds them
  .map(
    ({ markup, ...input }): BacktestInput => ({
      ...input,
      settings: { ...input.settings, limits: { ...input.settings.limits, symbols: ['XYZ'] } },
      terms: { markup, pipSize: 0.0001, tick: tickSizeOf(input.precision) } satisfies QuoteTerms,
    }),
  );

const cents = (value: number) => Math.round(value * 100);

describe('backtest (property)', () => {
  it('keeps its books: balance = start + Σ trade profits, one trade per open, equity ends at the balance', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { figures, tradesList, decisions, equity } = backtest(input);
        const opens = decisions.filter((d) => d.kind === 'open');
        expect(tradesList).toHaveLength(opens.length);
        expect(figures.trades).toBe(tradesList.length);
        const profits = tradesList.reduce((sum, t) => sum + cents(t.profit), 0);
        expect(cents(figures.endBalance)).toBe(cents(input.startBalance) + profits);
        expect(cents(figures.netProfit)).toBe(profits);
        expect(equity).toHaveLength(input.candles.length);
        expect(equity.at(-1)?.equity).toBe(figures.endBalance);
        expect(figures.maxDrawdown).toBeGreaterThanOrEqual(0);
        if (figures.winRate !== null) expect(figures.winRate).toBeGreaterThanOrEqual(0);
        if (figures.winRate !== null) expect(figures.winRate).toBeLessThanOrEqual(100);
      }),
      { numRuns: 30 },
    );
  });

  it('never trades beyond the limits: amount, leverage, one position per direction, maxPositions', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { tradesList, figures } = backtest(input);
        const { limits } = input.settings;
        for (const t of tradesList) {
          expect(isWholeCents(t.amount)).toBe(true);
          expect(t.amount).toBeGreaterThanOrEqual(1);
          expect(t.leverage).toBeLessThanOrEqual(limits.maxLeverage);
          if (limits.amount.mode === 'fixed') expect(t.amount).toBe(limits.amount.value);
          if (figures.stoppedBy) expect(t.openTime).toBeLessThanOrEqual(figures.stoppedBy.time);
        }
        // at every opening, the positions open at the same time: at most one per direction, at most maxPositions
        for (const t of tradesList) {
          const overlapping = tradesList.filter(
            (o) => o === t || (o.openTime <= t.openTime && o.closeTime > t.openTime),
          );
          expect(overlapping.length).toBeLessThanOrEqual(limits.maxPositions);
          expect(overlapping.filter((o) => o.direction === t.direction)).toHaveLength(1);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('opens at the brand quote of the close (brandQuote, on the tick) and measures the stops from it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { tradesList } = backtest(input);
        const tick = input.terms.tick ?? 1;
        const candleMs = timeframeMs(input.settings.params.timeframe);
        for (const t of tradesList) {
          // a position opens at the end of the candle whose close it was decided on
          const candle = input.candles.find((c) => c.time + candleMs === t.openTime);
          expect(candle).toBeDefined();
          if (!candle) continue;
          const half = input.halfFeedSpread;
          const quote = brandQuote({ buy: candle.close + half, sell: candle.close - half }, input.terms);
          expect(t.openRate).toBe(t.direction === 'buy' ? quote.buy : quote.sell);
          // on the tick
          expect(Math.abs(t.openRate / tick - Math.round(t.openRate / tick))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('trades in most samples, so the checks above mean something', () => {
    const samples = fc.sample(inputArb, { numRuns: 40, seed: 16 });
    const traded = samples.filter((input) => backtest(input).tradesList.length > 0);
    expect(traded.length).toBeGreaterThan(20);
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(backtest(JSON.parse(JSON.stringify(input)))).toEqual(backtest(input));
      }),
      { numRuns: 10 },
    );
  });
});
