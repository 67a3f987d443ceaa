import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  cardProviderTitle,
  DEPOSIT_METHOD_IDS,
  depositLimitError,
  isDepositMethodId,
  MAX_DEPOSIT_DEFAULT,
  MAX_TRANSACTION_AMOUNT,
  PAYMENT_METHOD,
  validateDeposit,
  validateWithdraw,
  withdrawLimitError,
} from './payments.js';
import type { ValidationResult } from './validation.js';

const texts = (result: ValidationResult<unknown>) =>
  result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);

describe('spec §9 payment methods', () => {
  it('uses ids card 1, bank wire 2, alternative 3, withdraw 6, Titan cashier 9', () => {
    expect(PAYMENT_METHOD).toEqual({ creditCard: 1, bankWire: 2, alternative: 3, withdraw: 6, cashier: 9 });
    expect(DEPOSIT_METHOD_IDS).toEqual([1, 2, 3, 9]);
    expect(isDepositMethodId(6)).toBe(false);
  });

  it('titles card providers Credit Card 1, 2 and so on', () => {
    expect([0, 1, 2].map(cardProviderTitle)).toEqual(['Credit Card 1', 'Credit Card 2', 'Credit Card 3']);
  });
});

describe('spec §5 deposit', () => {
  const ok = { amount: 250, method: 2, profileComplete: true };

  it('accepts the minimum deposit of 250 with a method', () => {
    expect(validateDeposit(ok)).toEqual({ ok: true, value: { amount: 250, method: 2 } });
    expect(validateDeposit({ ...ok, amount: '300.50', method: '9' })).toEqual({
      ok: true,
      value: { amount: 300.5, method: 9 },
    });
  });

  it('below the minimum shows Minimum Deposit € 250', () => {
    expect(texts(validateDeposit({ ...ok, amount: 249.99 }))).toEqual([['amount', 'Minimum Deposit € 250']]);
  });

  it('uses the brand minimum and currency symbol when set', () => {
    expect(texts(validateDeposit({ ...ok, amount: 50, minDeposit: 100, currencySymbol: '$' }))).toEqual([
      ['amount', 'Minimum Deposit $ 100'],
    ]);
  });

  it("above the brand's maximum shows Maximum Deposit € 1,000,000 (default) or the brand's own", () => {
    expect(MAX_DEPOSIT_DEFAULT).toBe(1_000_000);
    expect(validateDeposit({ ...ok, amount: 1_000_000 }).ok).toBe(true);
    expect(texts(validateDeposit({ ...ok, amount: 1_000_000.01 }))).toEqual([
      ['amount', 'Maximum Deposit € 1,000,000'],
    ]);
    expect(
      texts(validateDeposit({ ...ok, amount: 5000.01, maxDeposit: 5000, currencySymbol: 'CHF' })),
    ).toEqual([['amount', 'Maximum Deposit CHF 5,000']]);
    expect(validateDeposit({ ...ok, amount: 5000, maxDeposit: 5000 }).ok).toBe(true);
  });

  it('checks every deposit method against the same limits', () => {
    for (const method of DEPOSIT_METHOD_IDS)
      expect(texts(validateDeposit({ ...ok, method, amount: 2000, maxDeposit: 1000 }))).toEqual([
        ['amount', 'Maximum Deposit € 1,000'],
      ]);
  });

  it('one limits rule for the server and the form: depositLimitError', () => {
    const limits = { minDeposit: 100, maxDeposit: 1000, currencySymbol: '$' };
    expect(depositLimitError(99.99, limits)).toEqual({
      key: 'deposit.minimum',
      params: { currency: '$', min: 100 },
    });
    expect(depositLimitError(1000.01, limits)).toEqual({
      key: 'deposit.maximum',
      params: { currency: '$', max: '1,000' },
    });
    expect([100, 555.55, 1000].map((amount) => depositLimitError(amount, limits))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('requires an amount and a method', () => {
    expect(texts(validateDeposit({ ...ok, amount: '', method: null }))).toEqual([
      ['amount', 'Amount is required'],
      ['method', 'Payment method is required'],
    ]);
  });

  it('refuses withdraw or an unknown id as a deposit method, and fractions of a cent', () => {
    expect(texts(validateDeposit({ ...ok, method: 6 }))).toEqual([['method', 'Payment method is not valid']]);
    expect(texts(validateDeposit({ ...ok, amount: 250.001 }))).toEqual([
      ['amount', 'Amount must be a multiple of 0.01'],
    ]);
  });

  it('an incomplete profile blocks the deposit with You have to complete your account first', () => {
    expect(texts(validateDeposit({ ...ok, profileComplete: false }))).toEqual([
      ['', 'You have to complete your account first'],
    ]);
  });
});

describe('spec §5 withdraw', () => {
  const ok = { amount: 100, comments: 'to my bank', freeMargin: 500 };

  it('accepts an amount up to the free margin with comments', () => {
    expect(validateWithdraw(ok)).toEqual({ ok: true, value: { amount: 100, comments: 'to my bank' } });
    expect(validateWithdraw({ ...ok, amount: 500, comments: '  all of it  ' })).toEqual({
      ok: true,
      value: { amount: 500, comments: 'all of it' },
    });
  });

  it('above the free margin shows Maximum withdraw can be X', () => {
    expect(texts(validateWithdraw({ ...ok, amount: 500.01 }))).toEqual([
      ['amount', 'Maximum withdraw can be € 500.00'],
    ]);
  });

  it("without positive free margin shows You don't have balance to withdraw", () => {
    for (const freeMargin of [0, -25])
      expect(texts(validateWithdraw({ ...ok, freeMargin }))).toEqual([
        ['', "You don't have balance to withdraw"],
      ]);
  });

  it('requires an amount and comments', () => {
    expect(texts(validateWithdraw({ ...ok, amount: null, comments: '   ' }))).toEqual([
      ['amount', 'Amount is required'],
      ['comments', 'Comments is required'],
    ]);
  });

  it('refuses a zero or negative amount and over-long comments', () => {
    expect(texts(validateWithdraw({ ...ok, amount: 0 }))).toEqual([
      ['amount', 'Amount must be at least 0.01'],
    ]);
    expect(texts(validateWithdraw({ ...ok, amount: -5 }))).toEqual([
      ['amount', 'Amount must be at least 0.01'],
    ]);
    expect(texts(validateWithdraw({ ...ok, comments: 'x'.repeat(1001) }))).toEqual([
      ['comments', 'Comments has maximum 1000 characters'],
    ]);
  });
});

describe('spec §5 withdraw limit (shared by the form check and the engine)', () => {
  it('lets a debit of exactly the free margin through and refuses one cent more', () => {
    expect(withdrawLimitError(600, 600)).toBeNull();
    const over = withdrawLimitError(600.01, 600, '$');
    expect(over && [over.path, formatMessage(over)]).toEqual(['amount', 'Maximum withdraw can be $ 600.00']);
  });

  it('names the free margin, not the size guard, when a huge withdrawal is asked for', () => {
    expect(texts(validateWithdraw({ amount: 99_999_999, comments: 'IBAN', freeMargin: 10_000 }))).toEqual([
      ['amount', 'Maximum withdraw can be € 10000.00'],
    ]);
  });

  it('refuses any debit when the free margin is not positive', () => {
    for (const free of [0, -12.5, Number.NaN]) {
      expect(withdrawLimitError(1, free)?.key).toBe('withdraw.noBalance');
    }
  });
});

describe('transaction size guard', () => {
  it('refuses a deposit or withdrawal above MAX_TRANSACTION_AMOUNT, even for a brand allowing more', () => {
    const huge = { method: 1, profileComplete: true, maxDeposit: MAX_TRANSACTION_AMOUNT * 10 };
    const deposit = validateDeposit({ ...huge, amount: MAX_TRANSACTION_AMOUNT + 1 });
    expect(deposit.ok ? [] : deposit.errors.map((e) => e.key)).toEqual(['field.max']);
    const withdraw = validateWithdraw({ amount: 1e21, comments: 'x', freeMargin: 1e22 });
    expect(withdraw.ok ? [] : withdraw.errors.map((e) => e.key)).toEqual(['field.max']);
    expect(validateDeposit({ ...huge, amount: MAX_TRANSACTION_AMOUNT }).ok).toBe(true);
  });
});
