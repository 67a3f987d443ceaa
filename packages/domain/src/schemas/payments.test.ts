import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import { validateInput } from './issues.js';
import {
  DepositInput,
  depositInputFor,
  TransactionCancelInput,
  TransactionCreateInput,
  WithdrawInput,
} from './payments.js';

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

  it("refuses more than the brand's maximum with the server's message (default 1,000,000)", () => {
    expect(texts(depositInputFor(250), { amount: '1000000.01', method: 2 })).toEqual([
      ['amount', 'Maximum Deposit € 1,000,000'],
    ]);
    const schema = depositInputFor(250, '$', 5000);
    expect(texts(schema, { amount: '5000.01', method: 1 })).toEqual([['amount', 'Maximum Deposit $ 5,000']]);
    expect(schema.parse({ amount: '5000', method: 1 })).toEqual({ amount: 5000, method: 1 });
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

describe('amount bounds (nothing the NUMERIC(20,2) columns cannot hold exactly)', () => {
  it('refuses 1e300 and an overflowing digit string on every payment payload', () => {
    expect(texts(TransactionCreateInput, { amount: 1e300, method: 2 })).toEqual([
      ['amount', 'Amount can be at most 1000000000000'],
    ]);
    expect(texts(TransactionCreateInput, { amount: -1e300, method: 6, comments: 'IBAN' })).toEqual([
      ['amount', 'Amount can be at most 1000000000000'],
    ]);
    expect(texts(WithdrawInput, { amount: 1e15, comments: 'IBAN' })).toEqual([
      ['amount', 'Amount can be at most 1000000000000'],
    ]);
    expect(texts(DepositInput, { amount: `1${'0'.repeat(400)}`, method: 2 })).toEqual([
      ['amount', 'Amount is not valid'],
    ]);
  });
});

describe('withdrawal cancel', () => {
  it('takes the public transaction id, trimmed', () => {
    expect(TransactionCancelInput.parse({ transaction_id: ' TX-7K3M9Q2P4A ' })).toEqual({
      transaction_id: 'TX-7K3M9Q2P4A',
    });
  });

  it.each([
    [{}, 'Transaction id is required'],
    [{ transaction_id: '' }, 'Transaction id is required'],
    [{ transaction_id: 42 }, 'Transaction id is not valid'],
    [{ transaction_id: "TX-1' or 1=1" }, 'Transaction id is not valid'],
    [{ transaction_id: `TX-${'A'.repeat(40)}` }, 'Transaction id has maximum 32 characters'],
  ])('refuses %j', (input, text) => {
    expect(texts(TransactionCancelInput, input)).toEqual([['transaction_id', text]]);
  });
});
