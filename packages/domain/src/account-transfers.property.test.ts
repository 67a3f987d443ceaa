import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transferAmounts, transferPairOf } from './account-transfers.js';
import { brandQuote, type QuoteTerms } from './brand-quote.js';
import { Dec, money } from './money.js';
import type { Quote } from './pricing.js';

const known = (s: string) => ['EURUSD', 'EURGBP', 'GBPUSD'].includes(s);
const centsArb = fc.integer({ min: 1, max: 10_000_000_000 });
const feedArb = fc
  .record({ mid: fc.integer({ min: 5_000, max: 30_000 }), half: fc.integer({ min: 0, max: 50 }) })
  .map(({ mid, half }) => ({ buy: (mid + half) / 10_000, sell: (mid - half) / 10_000 }) as Quote);
const termsArb: fc.Arbitrary<QuoteTerms> = fc.record({
  markup: fc.oneof(
    fc.record({ unit: fc.constant('percent' as const), value: fc.constantFrom(0, 0.025, 0.1, 0.5) }),
    fc.record({ unit: fc.constant('pips' as const), value: fc.constantFrom(0, 0.5, 2) }),
  ),
  pipSize: fc.constant(0.0001),
  tick: fc.constantFrom(0.00001, 0.0001, null),
});
const pairArb = fc.constantFrom(
  ['EUR', 'USD'],
  ['USD', 'EUR'],
  ['EUR', 'GBP'],
  ['GBP', 'EUR'],
  ['GBP', 'USD'],
  ['USD', 'GBP'],
);

describe('transfer conversion (property)', () => {
  it('a transfer there and back never ends with more money than it started with', () => {
    fc.assert(
      fc.property(centsArb, feedArb, termsArb, pairArb, (c, feed, terms, [a, b]) => {
        const quote = brandQuote(feed, terms);
        const amount = money(c / 100);
        const there = transferAmounts(
          amount,
          a as string,
          b as string,
          transferPairOf(a as string, b as string, known) ?? null,
          quote,
        );
        if (!there) return;
        const credited = money(there.credit.amount);
        if (!(credited > 0)) return;
        const back = transferAmounts(
          credited,
          b as string,
          a as string,
          transferPairOf(b as string, a as string, known) ?? null,
          quote,
        );
        if (!back) return;
        expect(new Dec(back.credit.amount).lte(there.debit.amount)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds once: the credit is the exact conversion rounded down to cents, less than a cent below it', () => {
    fc.assert(
      fc.property(centsArb, feedArb, termsArb, pairArb, (c, feed, terms, [a, b]) => {
        const quote = brandQuote(feed, terms);
        const pair = transferPairOf(a as string, b as string, known) ?? null;
        const figures = transferAmounts(money(c / 100), a as string, b as string, pair, quote);
        if (!figures || !pair) return;
        const exact = pair.sellsBase
          ? new Dec(c).dividedBy(100).times(quote.sell)
          : new Dec(c).dividedBy(100).dividedBy(quote.buy);
        const credit = new Dec(figures.credit.amount);
        expect(credit.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(credit.lte(exact)).toBe(true);
        expect(exact.minus(credit).lt('0.01')).toBe(true);
        // at the dealing price, never at a better one than the client would deal at
        expect(
          credit.lte(
            new Dec(c).dividedBy(100).times(pair.sellsBase ? feed.sell : new Dec(1).dividedBy(feed.buy)),
          ),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
