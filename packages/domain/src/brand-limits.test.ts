import { describe, expect, it } from 'vitest';
import { amountInBrandCurrency, transferPairOf } from './account-transfers.js';
import { fourEyesInBrand, moneyLimitProblemInBrand } from './brand-limits.js';
import type { BrandQuote } from './brand-quote.js';
import { money } from './money.js';

const known = (s: string) => ['EURUSD', 'EURGBP', 'GBPUSD'].includes(s);
// the brand's dealing quote of EURUSD: a USD account buys euros at the buy price, 1.20
const quote = { buy: 1.2, sell: 1.1998 } as BrandQuote;
const usdToEur = (amount: number) =>
  amountInBrandCurrency(money(amount), 'USD', 'EUR', transferPairOf('USD', 'EUR', known) ?? null, quote);

describe('four-eyes on a USD withdrawal of a EUR brand (threshold €10,000, EURUSD bought at 1.20)', () => {
  it('$12,000.00 is €10,000.00: within the threshold, one approver', () => {
    expect(usdToEur(-12_000)).toBe(-10_000);
    expect(fourEyesInBrand(usdToEur(-12_000), 10_000)).toEqual({ needed: false, reason: 'within' });
  });

  it('$12,000.02 is €10,000.01: above the threshold, two approvers', () => {
    expect(fourEyesInBrand(usdToEur(-12_000.02), 10_000)).toEqual({ needed: true, reason: 'above' });
  });

  it('without a rate, two approvers whatever the size', () => {
    expect(fourEyesInBrand(null, 10_000)).toEqual({ needed: true, reason: 'noRate' });
  });
});

describe('staff caps in the brand currency', () => {
  const limits = {
    maxSingle: money(1_000),
    maxDailyPerMember: money(5_000),
    maxDailyPerClient: money(5_000),
  };
  const today = { byMember: money(0), forClient: money(0) };

  it('a $1,200 bonus is €1,000 and fits a €1,000 cap; $1,200.02 does not, named in euros', () => {
    expect(
      moneyLimitProblemInBrand(usdToEur(1_200), limits, today, { account: 'USD', brand: 'EUR' }),
    ).toBeNull();
    expect(
      moneyLimitProblemInBrand(usdToEur(1_200.02), limits, today, { account: 'USD', brand: 'EUR' }),
    ).toEqual({ path: 'amount', key: 'staff.limitSingle', params: { max: 'EUR 1000.00' } });
  });

  it('no rate: refused with its own message, naming both currencies', () => {
    expect(moneyLimitProblemInBrand(null, limits, today, { account: 'USD', brand: 'EUR' })).toEqual({
      path: 'amount',
      key: 'staff.limitNoRate',
      params: { currency: 'USD', brandCurrency: 'EUR' },
    });
    expect(moneyLimitProblemInBrand(money(10), limits, null, { account: 'USD', brand: 'EUR' })?.key).toBe(
      'staff.limitNoRate',
    );
  });
});
