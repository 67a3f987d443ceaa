import fc from 'fast-check';
import type { QuoteTerms } from './brand-quote.js';
import type { Quote } from './pricing.js';

/**
 * Generators the currency-conversion properties share (transfers between accounts, money limits in the brand's
 * currency): the three pairs of EUR, USD and GBP the feed quotes, amounts in cents, a feed quote of such a pair and
 * the brand's terms on it. For tests only; not exported from the package.
 */
export const knownFxPair = (symbol: string) => ['EURUSD', 'EURGBP', 'GBPUSD'].includes(symbol);
export const centsArb = fc.integer({ min: 1, max: 10_000_000_000 });
export const feedArb = fc
  .record({ mid: fc.integer({ min: 5_000, max: 30_000 }), half: fc.integer({ min: 0, max: 50 }) })
  .map(({ mid, half }) => ({ buy: (mid + half) / 10_000, sell: (mid - half) / 10_000 }) as Quote);
export const termsArb: fc.Arbitrary<QuoteTerms> = fc.record({
  markup: fc.oneof(
    fc.record({ unit: fc.constant('percent' as const), value: fc.constantFrom(0, 0.025, 0.1, 0.5) }),
    fc.record({ unit: fc.constant('pips' as const), value: fc.constantFrom(0, 0.5, 2) }),
  ),
  pipSize: fc.constant(0.0001),
  tick: fc.constantFrom(0.00001, 0.0001, null),
});
