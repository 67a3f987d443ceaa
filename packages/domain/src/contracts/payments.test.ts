import { describe, expect, it } from 'vitest';
import { PaymentOptions, PostedForm, TransactionCreated, TransactionDto } from './payments.js';

describe('payments contracts (spec §3, §7)', () => {
  it('accept the deposit options, a created deposit and a posted form as the server sends them', () => {
    const options = {
      methods: [{ provider: 'card-1', method: 1, kind: 'card', title: 'Credit Card 1' }],
      minDeposit: 250,
      maxDeposit: 1_000_000,
      currency: 'EUR',
      currencySymbol: '€',
    };
    expect(PaymentOptions.parse(options)).toEqual(options);
    expect(
      TransactionCreated.parse({ status: 'success', transaction_id: 'TX-1', next: { type: 'none' } }),
    ).toBeTruthy();
    const form = {
      action: 'https://pay.example/checkout',
      method: 'POST',
      signature: 'abc',
      data: { amount: '250' },
    };
    expect(PostedForm.parse(form)).toEqual(form);
  });

  it('refuse a transaction whose amount is a string (NUMERIC columns must reach the wire as numbers)', () => {
    const row = {
      amount: -125.5,
      currency: 'EUR',
      transaction_type: { name: 'Withdrawal' },
      transaction_type_id: 6,
      transaction_status: { name: 'Pending' },
      transaction_status_id: 1,
      transaction_id: 'TX-1',
      created_at: '2026-11-20T10:00:00.000Z',
      method: 6,
    };
    expect(TransactionDto.parse(row)).toEqual(row);
    expect(TransactionDto.safeParse({ ...row, amount: '-125.50' }).success).toBe(false);
  });
});
