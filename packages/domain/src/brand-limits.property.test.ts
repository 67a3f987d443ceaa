import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInBrandCurrency, transferPairOf } from './account-transfers.js';
import { needsFourEyes } from './backoffice-money.js';
import { fourEyesInBrand, moneyLimitProblemInBrand, requestedTodayInBrand } from './brand-limits.js';
import { brandQuote } from './brand-quote.js';
import { centsArb, feedArb, knownFxPair, termsArb } from './fx.test-support.js';
import { money } from './money.js';
import { moneyLimitProblem } from './money-requests.js';

const known = knownFxPair;
const thresholdArb = fc.integer({ min: 0, max: 1_000_000 });
const currencyArb = fc.constantFrom('EUR', 'USD', 'GBP');
const limitsArb = fc.tuple(centsArb, centsArb, centsArb).map(([a, b, c]) => ({
  maxSingle: money(a / 100),
  maxDailyPerMember: money(b / 100),
  maxDailyPerClient: money(c / 100),
}));

describe('money limits compared in the brand currency (property)', () => {
  it('an amount of the brand currency is compared as it is: four-eyes and caps as before', () => {
    fc.assert(
      fc.property(
        centsArb,
        thresholdArb,
        limitsArb,
        currencyArb,
        fc.boolean(),
        (c, threshold, limits, brand, out) => {
          const amount = money((out ? -c : c) / 100);
          const inBrand = amountInBrandCurrency(amount, brand, brand, null, null);
          expect(inBrand).toBe(amount);
          expect(fourEyesInBrand(inBrand, threshold).needed).toBe(needsFourEyes(amount, threshold));
          const today = { byMember: money(0), forClient: money(0) };
          expect(moneyLimitProblemInBrand(inBrand, limits, today, { account: brand, brand })).toEqual(
            moneyLimitProblem(amount, limits, today, brand),
          );
        },
      ),
    );
  });

  it('another currency needs a second approver exactly when its converted size passes the threshold', () => {
    fc.assert(
      fc.property(
        centsArb,
        thresholdArb,
        feedArb,
        termsArb,
        currencyArb,
        currencyArb,
        (c, threshold, feed, terms, account, brand) => {
          const pair = transferPairOf(account, brand, known) ?? null;
          const amount = money(-c / 100);
          const inBrand = amountInBrandCurrency(amount, account, brand, pair, brandQuote(feed, terms));
          const decision = fourEyesInBrand(inBrand, threshold);
          if (inBrand === null) expect(decision).toEqual({ needed: true, reason: 'noRate' });
          else expect(decision.needed).toBe(Math.abs(inBrand) > threshold);
        },
      ),
    );
  });

  it('a larger withdrawal never needs fewer approvers than a smaller one at the same rate', () => {
    fc.assert(
      fc.property(
        centsArb,
        centsArb,
        thresholdArb,
        feedArb,
        termsArb,
        currencyArb,
        currencyArb,
        (a, b, threshold, feed, terms, account, brand) => {
          const pair = transferPairOf(account, brand, known) ?? null;
          const quote = brandQuote(feed, terms);
          const [small, large] = a <= b ? [a, b] : [b, a];
          const of = (cents: number) =>
            fourEyesInBrand(
              amountInBrandCurrency(money(-cents / 100), account, brand, pair, quote),
              threshold,
            ).needed;
          if (of(small)) expect(of(large)).toBe(true);
        },
      ),
    );
  });

  it('without a rate: a withdrawal always needs two approvers and a money request is refused', () => {
    fc.assert(
      fc.property(centsArb, thresholdArb, limitsArb, (c, threshold, limits) => {
        const pair = transferPairOf('USD', 'EUR', known) ?? null;
        const inBrand = amountInBrandCurrency(money(c / 100), 'USD', 'EUR', pair, null);
        expect(inBrand).toBeNull();
        expect(fourEyesInBrand(inBrand, threshold)).toEqual({ needed: true, reason: 'noRate' });
        expect(
          moneyLimitProblemInBrand(
            inBrand,
            limits,
            { byMember: money(0), forClient: money(0) },
            {
              account: 'USD',
              brand: 'EUR',
            },
          )?.key,
        ).toBe('staff.limitNoRate');
      }),
    );
  });

  it("the day's totals are the converted parts summed by size, and unknown when any part has no rate", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(centsArb, { nil: null }), fc.option(centsArb, { nil: null })), {
          maxLength: 4,
        }),
        (raw) => {
          const parts = raw.map(([m, f]) => ({
            byMember: m === null ? null : money(-m / 100),
            forClient: f === null ? null : money(f / 100),
          }));
          const today = requestedTodayInBrand(parts);
          if (parts.some((p) => p.byMember === null || p.forClient === null)) expect(today).toBeNull();
          else
            expect(today).toEqual({
              byMember: money(raw.reduce((s, [m]) => s + (m as number), 0) / 100),
              forClient: money(raw.reduce((s, [, f]) => s + (f as number), 0) / 100),
            });
        },
      ),
    );
  });
});
