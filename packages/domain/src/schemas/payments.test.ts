import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { validateInput } from './issues.js';
import { DepositInput, depositInputFor, TransactionCreateInput, WithdrawInput } from './payments.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, formatMessage(e)]);
};

describe('deposit form', () => {
  it('reads amount and method from form strings', () => {
    expect(DepositInput.parse({ amount: '300.50', method: '2' })).toEqual({ amount: 300.5, method: 2 });
  });

  it('requires an amount and a deposit method', () => {
    expect(texts(DepositInput, {})).toEqual([
      ['amount', 'Amount is required'],
      ['method', 'Payment method is required'],
    ]);
    expect(texts(DepositInput, { amount: 300, method: 6 })).toEqual([
      ['method', 'Payment method is not valid'],
    ]);
  });

  it('with the brand minimum, below it shows Minimum Deposit € 250', () => {
    const schema = depositInputFor(250);
    expect(texts(schema, { amount: '249.99', method: 1 })).toEqual([['amount', 'Minimum Deposit € 250']]);
    expect(texts(schema, { amount: '250.001', method: 1 })).toEqual([
      ['amount', 'Amount must be a multiple of 0.01'],
    ]);
    expect(schema.parse({ amount: 250, method: 9 })).toEqual({ amount: 250, method: 9 });
  });
});

describe('withdraw form', () => {
  it('requires amount and comments', () => {
    expect(texts(WithdrawInput, { amount: '', comments: ' ' })).toEqual([
      ['amount', 'Amount is required'],
      ['comments', 'Comments is required'],
    ]);
    expect(WithdrawInput.parse({ amount: '10', comments: ' IBAN DE00 ' })).toEqual({
      amount: 10,
      comments: 'IBAN DE00',
    });
  });

  it('refuses a zero amount', () => {
    expect(texts(WithdrawInput, { amount: 0, comments: 'x' })).toEqual([
      ['amount', 'Amount must be at least 0.01'],
    ]);
  });
});

describe('spec §7 transaction create', () => {
  it('takes a positive deposit and a negative withdraw with comments', () => {
    expect(TransactionCreateInput.parse({ amount: 250, method: 1 })).toEqual({ amount: 250, method: 1 });
    expect(TransactionCreateInput.parse({ amount: -100, method: 6, comments: 'bank' })).toEqual({
      amount: -100,
      method: 6,
      comments: 'bank',
    });
  });

  it('refuses a withdraw with a positive amount or without comments, and a negative deposit', () => {
    expect(texts(TransactionCreateInput, { amount: 100, method: 6 })).toEqual([
      ['amount', 'Amount is not valid'],
      ['comments', 'Comments is required'],
    ]);
    expect(texts(TransactionCreateInput, { amount: -100, method: 2 })).toEqual([
      ['amount', 'Amount is not valid'],
    ]);
  });
});
