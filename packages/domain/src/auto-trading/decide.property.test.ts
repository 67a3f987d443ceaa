import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces } from '../bounds.js';
import { brandQuote, SPEC_QUOTE_TERMS, tickSizeOf } from '../brand-quote.js';
import type { MessageKey } from '../messages.js';
import { isWholeCents, toDecimal } from '../money.js';
import { triggersValid, validateStopLossTakeProfit } from '../triggers.js';
import { decide } from './decide.js';
import type { AutoDecision, AutoLimits, AutoPosition, EvaluateInput, StrategySignal } from './types.js';

const SYMBOLS = ['EURUSD', 'BTCUSD', 'XAUUSD'] as const;
const LEVERAGES = [1, 2, 5, 10, 20, 30, 50, 100, 200];
const money = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((c) => c / 100);
/** Mostly the usual case (so that opens happen often), sometimes anything. */
const mostly = <T>(usual: fc.Arbitrary<T>, any: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: any, weight: 1 });

const REASONS: Record<StrategySignal['action'], MessageKey> = {
  buy: 'auto.reason.trend.crossUp',
  sell: 'auto.reason.trend.crossDown',
  exitLong: 'auto.reason.mr.exitLong',
  exitShort: 'auto.reason.mr.exitShort',
  none: 'auto.reason.trend.above',
};

const quoteArb = fc
  .record({
    sell: fc.double({ min: 1e-4, max: 1e6, noNaN: true }),
    spread: fc.double({ min: 0, max: 0.05, noNaN: true }),
  })
  .map(({ sell, spread }) => ({ sell, buy: sell * (1 + spread) }));

const limitsArb: fc.Arbitrary<AutoLimits> = fc.record({
  symbols: mostly(fc.constant([...SYMBOLS]), fc.subarray([...SYMBOLS])),
  amount: fc.oneof(
    money(1, 100_000).map((value) => ({ mode: 'fixed' as const, value })),
    fc.integer({ min: 10, max: 10_000 }).map((bp) => ({ mode: 'percent' as const, value: bp / 100 })),
  ),
  maxPositions: fc.integer({ min: 1, max: 5 }),
  maxLeverage: fc.integer({ min: 1, max: 300 }),
  dailyLossLimit: money(1, 5_000),
  drawdownLimit: money(1, 20_000),
  closeOnLimit: fc.boolean(),
});

const positionArb = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  direction: fc.constantFrom('buy' as const, 'sell' as const),
});
const positionsArb: fc.Arbitrary<AutoPosition[]> = mostly(
  fc.array(positionArb, { maxLength: 1 }),
  fc.array(positionArb, { maxLength: 5 }),
).map((list) =>
  list.map((p, i) => ({ ...p, id: 100 - i * 7, amount: 50, leverage: 10, openRate: 1, profit: null })),
);

const caseArb = fc
  .record({
    action: mostly(
      fc.constantFrom<StrategySignal['action']>('buy', 'sell'),
      fc.constantFrom<StrategySignal['action']>('exitLong', 'exitShort', 'none'),
    ),
    // ATR as a share of the price (from far inside the spread to half the price), sometimes none or zero
    atrShare: mostly(fc.double({ min: 1e-9, max: 0.5, noNaN: true }), fc.constantFrom(0, null)),
    quote: quoteArb,
    precision: fc.integer({ min: 0, max: 10 }),
    stopAtr: fc.integer({ min: 5, max: 50 }).map((n) => n / 10),
    takeProfitAtr: fc.integer({ min: 5, max: 100 }).map((n) => n / 10),
    limits: limitsArb,
    symbol: fc.constantFrom(...SYMBOLS),
    freeMargin: mostly(money(100, 1_000_000), money(-1_000, 1_000_000)),
    openAuto: positionsArb,
    leverages: mostly(fc.constant(LEVERAGES), fc.subarray(LEVERAGES)),
    dailyResult: mostly(money(-1, 1_000), money(-10_000, 10_000)),
    totalResult: mostly(money(-1, 1_000), money(-30_000, 30_000)),
  })
  .map((c): { signal: StrategySignal; input: EvaluateInput } => {
    const atr = c.atrShare === null ? null : c.atrShare * c.quote.sell;
    return {
      signal: {
        action: c.action,
        reason: { key: REASONS[c.action] },
        indicators: { atr: atr ?? 0 },
        candleTime: 1_700_000_000_000,
        close: c.quote.sell,
        atr,
      },
      input: {
        symbol: c.symbol,
        precision: c.precision,
        settings: {
          params: {
            strategy: 'trend',
            timeframe: '1h',
            fastPeriod: 10,
            slowPeriod: 30,
            atrPeriod: 14,
            stopAtr: c.stopAtr,
            takeProfitAtr: c.takeProfitAtr,
          },
          limits: c.limits,
        },
        candles: [],
        account: {
          balance: c.freeMargin,
          equity: c.freeMargin,
          freeMargin: c.freeMargin,
          openAuto: c.openAuto,
          leverages: c.leverages,
          dailyResult: c.dailyResult,
          totalResult: c.totalResult,
        },
        quote: c.quote,
      },
    };
  });

/** The loss limits, checked here on their own (exact decimals): a result of −limit or worse reaches it. */
const limitReached = (input: EvaluateInput) => {
  const { account, settings } = input;
  const reached = (result: number, limit: number) => toDecimal(result).lte(toDecimal(limit).negated());
  return (
    reached(account.dailyResult, settings.limits.dailyLossLimit) ||
    reached(account.totalResult, settings.limits.drawdownLimit)
  );
};

/** Every rule a decision list must keep, whatever the signal and the account. */
function checkLimits(
  signal: StrategySignal,
  input: EvaluateInput,
  decisions: AutoDecision[],
  engineQuote = input.quote,
) {
  const { account, settings } = input;
  const { limits } = settings;
  const closes = decisions.filter((d) => d.kind === 'close');
  const opens = decisions.filter((d) => d.kind === 'open');

  // closes come first, each of an existing auto position on this instrument of the side the signal closes, once
  expect(decisions.slice(0, closes.length)).toEqual(closes);
  const closeSide = signal.action === 'buy' || signal.action === 'exitShort' ? 'sell' : 'buy';
  const ids = new Set<number>();
  for (const c of closes) {
    const p = account.openAuto.find((o) => o.id === c.positionId);
    expect(p).toMatchObject({ symbol: input.symbol, direction: closeSide });
    expect(ids.has(c.positionId)).toBe(false);
    ids.add(c.positionId);
  }
  if (signal.action === 'none') expect(decisions).toHaveLength(1);

  expect(opens.length).toBeLessThanOrEqual(1);
  const open = opens[0];
  if (open?.kind !== 'open') {
    if (signal.action === 'buy' || signal.action === 'sell') expect(decisions.at(-1)?.kind).toBe('hold');
    return;
  }
  expect(open.direction).toBe(signal.action);
  expect(limits.symbols).toContain(input.symbol);
  expect(limitReached(input)).toBe(false);
  expect(account.openAuto.some((p) => p.symbol === input.symbol && p.direction === open.direction)).toBe(
    false,
  );
  expect(account.openAuto.length - closes.length + 1).toBeLessThanOrEqual(limits.maxPositions);

  expect(account.leverages).toContain(open.leverage);
  expect(open.leverage).toBeLessThanOrEqual(limits.maxLeverage);
  expect(open.leverage).toBe(Math.max(...account.leverages.filter((l) => l <= limits.maxLeverage)));

  expect(isWholeCents(open.amount)).toBe(true);
  expect(open.amount).toBeGreaterThanOrEqual(1);
  expect(open.amount).toBeLessThanOrEqual(account.freeMargin);
  if (limits.amount.mode === 'fixed') expect(open.amount).toBe(limits.amount.value);
  else
    expect(open.amount).toBe(
      toDecimal(account.freeMargin)
        .times(limits.amount.value)
        .dividedBy(100)
        .toDecimalPlaces(2, Decimal.ROUND_FLOOR)
        .toNumber(),
    );

  // spec §5: the engine's own SL/TP rule, against the brand quote it checks with (the spec's pricing of
  // the feed quote on the instrument's tick, the default profile's), and against the spec's pricing without a tick
  for (const tick of [tickSizeOf(input.precision), null]) {
    const errors = validateStopLossTakeProfit({
      direction: open.direction,
      stop_lost: open.stopLoss,
      take_profit: open.takeProfit,
      quote: brandQuote(engineQuote, { ...SPEC_QUOTE_TERMS, tick }),
    });
    expect(triggersValid(errors)).toBe(true);
  }
  expect(decimalPlaces(open.stopLoss)).toBeLessThanOrEqual(input.precision);
  expect(decimalPlaces(open.takeProfit)).toBeLessThanOrEqual(input.precision);
}

describe('decide never proposes a trade that breaks the client’s limits (property)', () => {
  it('keeps amount, leverage, instruments, positions, loss limits and valid SL/TP', () => {
    fc.assert(
      fc.property(caseArb, ({ signal, input }) => {
        checkLimits(signal, input, decide(signal, input));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the engine’s SL/TP rule also when the dealing prices are passed as the quote', () => {
    fc.assert(
      fc.property(caseArb, ({ signal, input }) => {
        const brand = brandQuote(input.quote, SPEC_QUOTE_TERMS);
        const dealing = { ...input, quote: { buy: Number(brand.buy), sell: Number(brand.sell) } };
        checkLimits(signal, dealing, decide(signal, dealing), input.quote);
      }),
      { numRuns: 500 },
    );
  });

  it('opens often enough for the checks above to mean something', () => {
    const samples = fc.sample(caseArb, { numRuns: 2000, seed: 16 });
    const opened = samples.filter(({ signal, input }) =>
      decide(signal, input).some((d) => d.kind === 'open'),
    );
    expect(opened.length).toBeGreaterThan(400);
  });

  it('is deterministic: the same input twice gives deep-equal decisions', () => {
    fc.assert(
      fc.property(caseArb, ({ signal, input }) => {
        expect(decide(signal, JSON.parse(JSON.stringify(input)))).toEqual(decide(signal, input));
      }),
      { numRuns: 200 },
    );
  });
});
