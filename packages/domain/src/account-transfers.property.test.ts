import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInBrandCurrency,
  limitInAccountCurrency,
  transferAmounts,
  transferPairOf,
} from './account-transfers.js';
import { brandQuote } from './brand-quote.js';
import { centsArb, feedArb, knownFxPair, termsArb } from './fx.test-support.js';
import { Dec, money } from './money.js';

const known = knownFxPair;
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
        // (divided, not multiplied by 1/buy: a rounded reciprocal falls short of an exact quotient such as
        // 14,259,452.70 / 2.525 = 5,647,308)
        const atFeed = new Dec(c).dividedBy(100);
        expect(credit.lte(pair.sellsBase ? atFeed.times(feed.sell) : atFeed.dividedBy(feed.buy))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('money limits in the brand currency (property)', () => {
  it("an account's amount is compared in the brand currency at the transfer's rate, and the shown limit never passes it", () => {
    fc.assert(
      fc.property(centsArb, centsArb, feedArb, termsArb, pairArb, (c, l, feed, terms, [account, brand]) => {
        const quote = brandQuote(feed, terms);
        const pair = transferPairOf(account as string, brand as string, known) ?? null;
        const amount = money(c / 100);
        const converted = amountInBrandCurrency(amount, account as string, brand as string, pair, quote);
        const asTransfer = transferAmounts(amount, account as string, brand as string, pair, quote);
        // the same conversion a transfer to a brand-currency account makes
        expect(converted).toBe(asTransfer ? money(asTransfer.credit.amount) : null);
        // a withdrawal (negative) converts to the same size, negative
        expect(amountInBrandCurrency(money(-c / 100), account as string, brand as string, pair, quote)).toBe(
          converted === null ? null : money(-(converted as number)),
        );
        // the limit as the web shows it in the account's currency: an amount of exactly that passes the limit
        const limit = money(l / 100);
        const shown = limitInAccountCurrency(limit, account as string, brand as string, pair, quote);
        if (shown === null) return;
        const back = amountInBrandCurrency(shown, account as string, brand as string, pair, quote);
        if (back !== null) expect(back).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('needs no rate between one currency, and a EUR 1,000 limit reads as about $1,100 at 1.10', () => {
    expect(amountInBrandCurrency(money(250), 'EUR', 'EUR', null, null)).toBe(250);
    const pair = transferPairOf('USD', 'EUR', known) ?? null;
    const quote = { buy: 1.1, sell: 1.0998 };
    // USD → EUR buys euros at the buy price: $1,100.00 ÷ 1.10 = €1,000.00
    expect(amountInBrandCurrency(money(1100), 'USD', 'EUR', pair, quote as never)).toBe(1000);
    expect(limitInAccountCurrency(money(1000), 'USD', 'EUR', pair, quote as never)).toBe(1100);
    expect(amountInBrandCurrency(money(1100), 'USD', 'EUR', pair, null)).toBeNull();
  });
});
