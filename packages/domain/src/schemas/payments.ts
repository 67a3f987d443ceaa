/** Deposit, withdraw and transaction-create payloads (spec §5, §7). */
import { z } from 'zod';
import { AMOUNT_MAX, hasForbiddenCharacters } from '../bounds.js';
import { AMOUNT_STEP, CURRENCY_SYMBOL } from '../constants.js';
import type { Message } from '../messages.js';
import { isWholeCents } from '../money.js';
import {
  depositLimitError,
  isDepositMethodId,
  MAX_DEPOSIT_DEFAULT,
  PAYMENT_METHOD,
  WITHDRAW_COMMENTS_MAX,
} from '../payments.js';
import { titleFor } from '../titles.js';
import { amountField, formObject, MAX_LENGTH, requiredNumber, requiredText } from './fields.js';

const depositMethod = () =>
  requiredNumber('method', (n, title) =>
    isDepositMethodId(n) ? null : { key: 'field.invalid', params: { title } },
  );

/** Deposit form {amount, method}: amount in whole cents, method a deposit method id. The brand minimum is in `depositInputFor`. */
export const DepositInput = formObject({
  amount: amountField('amount', AMOUNT_STEP),
  method: depositMethod(),
});
export type DepositInput = z.infer<typeof DepositInput>;

/**
 * DepositInput plus the brand's limits, the same rule the server applies (`depositLimitError`):
 * 'Minimum Deposit € 250', 'Maximum Deposit € 1000000'; defaults: currency symbol €, maximum 1,000,000.
 */
export function depositInputFor(
  minDeposit: number,
  currencySymbol: string = CURRENCY_SYMBOL,
  maxDeposit: number = MAX_DEPOSIT_DEFAULT,
) {
  return formObject({
    amount: requiredNumber('amount', (n, title): Message | null => {
      const limit = depositLimitError(n, { minDeposit, maxDeposit, currencySymbol });
      if (limit) return limit;
      return isWholeCents(n) ? null : { key: 'field.step', params: { title, step: AMOUNT_STEP } };
    }),
    method: depositMethod(),
  });
}

/** Withdraw form {amount, comments}; the free-margin limit is checked by `validateWithdraw` with live figures. */
export const WithdrawInput = formObject({
  amount: amountField('amount', AMOUNT_STEP),
  comments: requiredText('comments', { max: WITHDRAW_COMMENTS_MAX, multiline: true }),
});
export type WithdrawInput = z.infer<typeof WithdrawInput>;

/**
 * POST /api/transactions/create {amount, method, comments}: deposits send a positive amount, withdraw
 * (method 6) a negative one with comments (spec §7).
 */
export const TransactionCreateInput = formObject({
  // The business limits (minimum deposit, free margin, per-transaction maximum) are the service's; this
  // only keeps out what no rule could even compare (beyond AMOUNT_MAX, the NUMERIC(20,2) columns' reach).
  amount: requiredNumber('amount', (n, title): Message | null => {
    if (n === 0 || !isWholeCents(n)) return { key: 'field.invalid', params: { title } };
    return Math.abs(n) > AMOUNT_MAX ? { key: 'field.max', params: { title, max: AMOUNT_MAX } } : null;
  }),
  method: requiredNumber('method', (n, title) =>
    isDepositMethodId(n) || n === PAYMENT_METHOD.withdraw
      ? null
      : { key: 'field.invalid', params: { title } },
  ),
  comments: z
    .string({ error: 'field.invalid' })
    .trim()
    .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), {
      message: 'field.forbiddenCharacters',
      params: { title: titleFor('comments') },
      abort: true,
    })
    .refine((v) => v.length <= MAX_LENGTH.comments, {
      message: 'field.maxChars',
      params: { title: titleFor('comments'), max: MAX_LENGTH.comments },
    })
    .optional(),
  /** Which of the method's providers (two card providers); absent: the first. */
  provider: z
    .string({ error: 'field.invalid' })
    .trim()
    .max(64, { message: 'field.invalid' })
    .regex(/^[a-z0-9-]*$/, { message: 'field.invalid' })
    .optional(),
}).superRefine((v, ctx) => {
  const withdraw = v.method === PAYMENT_METHOD.withdraw;
  // spec §7: withdraw sends a negative amount
  if (withdraw !== v.amount < 0)
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: 'field.invalid',
      params: { title: titleFor('amount') },
    });
  if (withdraw && !v.comments)
    ctx.addIssue({
      code: 'custom',
      path: ['comments'],
      message: 'field.required',
      params: { title: titleFor('comments') },
    });
});
export type TransactionCreateInput = z.infer<typeof TransactionCreateInput>;

/**
 * POST /api/transactions/cancel {transaction_id}: a client cancels a pending withdrawal of their own;
 * `transaction_id` is the public id the transaction list shows ('TX-…').
 */
export const TransactionCancelInput = formObject({
  transaction_id: requiredText('transaction_id', { max: 32 }).refine((v) => /^[A-Za-z0-9_-]+$/.test(v), {
    message: 'field.invalid',
    params: { title: titleFor('transaction_id') },
  }),
});
export type TransactionCancelInput = z.infer<typeof TransactionCancelInput>;
