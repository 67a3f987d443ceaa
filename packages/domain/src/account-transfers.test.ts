import { describe, expect, it } from 'vitest';
import {
  MAX_DEMO_ACCOUNTS,
  MAX_LIVE_ACCOUNTS,
  openAccountError,
  parseTransferAmount,
  transferAmounts,
  transferCreditError,
  transferLimitError,
  transferPairOf,
} from './account-transfers.js';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { formatMessage } from './messages.js';
import { money } from './money.js';
import type { Quote } from './pricing.js';

const known = (s: string) => ['EURUSD', 'EURGBP', 'GBPUSD'].includes(s);
/** The value, or a failed test when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

const quote = brandQuote({ buy: 1.1002, sell: 1.1 } as Quote, SPEC_QUOTE_TERMS);

describe('opening an account', () => {
  it('offers live accounts only in the brand currencies, up to the limits', () => {
    expect(openAccountError('live', 'USD', { live: 1, demo: 0 }, ['EUR', 'USD'])).toBeNull();
    expect(formatMessage(must(openAccountError('live', 'GBP', { live: 1, demo: 0 }, ['EUR', 'USD'])))).toBe(
      'Live accounts in GBP are not offered',
    );
    expect(
      formatMessage(must(openAccountError('live', 'EUR', { live: MAX_LIVE_ACCOUNTS, demo: 0 }, ['EUR']))),
    ).toBe(`You can hold at most ${MAX_LIVE_ACCOUNTS} live accounts`);
    expect(openAccountError('demo', 'EUR', { live: 5, demo: MAX_DEMO_ACCOUNTS - 1 }, ['EUR'])).toBeNull();
    // a demo account too is held in one of the brand's currencies only
    expect(formatMessage(must(openAccountError('demo', 'GBP', { live: 0, demo: 0 }, ['EUR'])))).toBe(
      'Demo accounts in GBP are not offered',
    );
    expect(openAccountError('demo', 'EUR', { live: 0, demo: MAX_DEMO_ACCOUNTS }, ['EUR'])?.key).toBe(
      'accounts.tooManyDemo',
    );
  });
});

describe('a transfer amount', () => {
  it('takes a plain positive amount of at most two decimals', () => {
    expect(parseTransferAmount('1000')).toEqual({ ok: true, amount: 1000 });
    expect(parseTransferAmount(' 12.5 ')).toEqual({ ok: true, amount: 12.5 });
    const refused = (text: string) => {
      const r = parseTransferAmount(text);
      return r.ok ? null : r.error.key;
    };
    expect(refused('0')).toBe('transfers.amountPositive');
    expect(refused('0.00')).toBe('transfers.amountPositive');
    expect(refused('-5')).toBe('transfers.amountInvalid');
    expect(refused('1e9')).toBe('transfers.amountInvalid');
    expect(refused('abc')).toBe('transfers.amountInvalid');
    expect(refused('1.005')).toBe('transfers.amountDecimals');
    expect(refused('100000000.01')).toBe('transfers.amountHuge');
    expect(refused('999999999999')).toBe('transfers.amountHuge');
  });

  it('stays within the free margin', () => {
    expect(transferLimitError(money(100), 100, 'EUR')).toBeNull();
    expect(formatMessage(must(transferLimitError(money(100.01), 100, 'EUR')))).toBe(
      'You can transfer at most € 100.00',
    );
    expect(transferLimitError(money(1), 0, 'USD')?.key).toBe('transfers.noFreeMargin');
  });
});

describe('converting a transfer', () => {
  it('needs no rate between accounts of one currency', () => {
    expect(transferPairOf('EUR', 'EUR', known)).toBeNull();
    expect(transferAmounts(money(10), 'EUR', 'EUR', null, null)).toEqual({
      debit: { amount: '10.00', currency: 'EUR' },
      credit: { amount: '10.00', currency: 'EUR' },
      rate: '1',
      pair: null,
    });
  });

  it('sells the source at the brand bid when it is the base (EUR → USD at EURUSD sell)', () => {
    const pair = must(transferPairOf('EUR', 'USD', known));
    expect(pair).toEqual({ pair: 'EURUSD', sellsBase: true });
    const figures = must(transferAmounts(money(1000), 'EUR', 'USD', pair, quote));
    expect(figures.rate).toBe(String(quote.sell));
    expect(figures.credit).toEqual({
      amount: (Math.floor(1000 * quote.sell * 100) / 100).toFixed(2),
      currency: 'USD',
    });
    expect(figures.pair).toBe('EURUSD');
  });

  it('buys the base at the brand ask when the source is the quote currency (USD → EUR at 1 ÷ EURUSD buy)', () => {
    const pair = must(transferPairOf('USD', 'EUR', known));
    expect(pair).toEqual({ pair: 'EURUSD', sellsBase: false });
    const figures = must(transferAmounts(money(1100), 'USD', 'EUR', pair, quote));
    // 1100 ÷ buy, rounded down to cents once
    const exact = 1100 / quote.buy;
    expect(Number(figures.credit.amount)).toBeLessThanOrEqual(exact);
    expect(Number(figures.credit.amount)).toBeGreaterThan(exact - 0.01);
    expect(Number(figures.rate)).toBeCloseTo(1 / quote.buy, 8);
  });

  it('has no figures without a price, and refuses a credit of nothing', () => {
    expect(transferAmounts(money(1), 'EUR', 'USD', { pair: 'EURUSD', sellsBase: true }, null)).toBeNull();
    expect(transferPairOf('EUR', 'JPY', known)).toBeUndefined();
    const tiny = must(
      transferAmounts(money(0.01), 'GBP', 'EUR', { pair: 'EURGBP', sellsBase: false }, {
        buy: 2,
        sell: 1.9,
      } as never),
    );
    expect(tiny.credit.amount).toBe('0.00');
    expect(transferCreditError(tiny)?.key).toBe('transfers.creditZero');
  });
});
