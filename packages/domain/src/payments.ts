/** Payment methods and the deposit and withdraw rules (spec §5, §9). */
import { AMOUNT_STEP, CURRENCY_SYMBOL, MIN_DEPOSIT_DEFAULT } from './constants.js';
import type { Message } from './messages.js';
import { formatMoney, isWholeCents, parseNumberInput } from './money.js';
import { titleFor } from './titles.js';
import { type FieldMessage, FORM_PATH, fieldMessage, type ValidationResult } from './validation.js';

// spec §9: Payment method ids: bank wire 2, alternative 3, Titan 9, card providers 1, withdraw 6.
export const PAYMENT_METHOD = Object.freeze({
  creditCard: 1,
  bankWire: 2,
  alternative: 3,
  withdraw: 6,
  /** The Titan cashier widget. */
  cashier: 9,
} as const);

export type PaymentMethodId = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

/** Method ids a deposit may use (every method but withdraw). */
export const DEPOSIT_METHOD_IDS = [
  PAYMENT_METHOD.creditCard,
  PAYMENT_METHOD.bankWire,
  PAYMENT_METHOD.alternative,
  PAYMENT_METHOD.cashier,
] as const;
export type DepositMethodId = (typeof DEPOSIT_METHOD_IDS)[number];

/** Whether a value is a deposit method id. */
export function isDepositMethodId(value: unknown): value is DepositMethodId {
  return (DEPOSIT_METHOD_IDS as readonly unknown[]).includes(value);
}

/** The largest amount one deposit or withdrawal may have (a guard against typos and overflow). */
export const MAX_TRANSACTION_AMOUNT = 10_000_000;

/** A brand's largest single deposit when its settings name none, in the brand's currency. */
export const MAX_DEPOSIT_DEFAULT = 1_000_000;

/** A brand's deposit limits; defaults: minimum 250, maximum 1,000,000, currency symbol €. */
export interface DepositLimits {
  minDeposit?: number;
  maxDeposit?: number;
  currencySymbol?: string;
}

/**
 * The limit part of the deposit rules, shared by the server's check and the deposit form's schema:
 * below the brand's minimum 'Minimum Deposit € 250' (spec §5), above its maximum
 * 'Maximum Deposit € 1,000,000' (every method, pending bank wires included). Null when it fits.
 */
export function depositLimitError(amount: number, limits: DepositLimits = {}): Message | null {
  const currency = limits.currencySymbol ?? CURRENCY_SYMBOL;
  const min = limits.minDeposit ?? MIN_DEPOSIT_DEFAULT;
  const max = limits.maxDeposit ?? MAX_DEPOSIT_DEFAULT;
  if (amount < min) return { key: 'deposit.minimum', params: { currency, min } };
  if (amount > max) return { key: 'deposit.maximum', params: { currency, max: formatDepositLimit(max) } };
  return null;
}

/** A deposit limit as shown in 'Maximum Deposit € 1,000,000': digits grouped, cents only when there are any. */
export function formatDepositLimit(amount: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount);
}

/** Title of the n-th configured card provider, 0-based: 0 → 'Credit Card 1' (spec §9). */
export function cardProviderTitle(index0: number): string {
  return `Credit Card ${index0 + 1}`;
}

/** Input of `validateDeposit`; the limits default as in `DepositLimits`. */
export interface DepositCheck extends DepositLimits {
  amount: number | string | null | undefined;
  method: number | string | null | undefined;
  profileComplete: boolean;
}

/**
 * Deposit rules (spec §5): an incomplete profile blocks with 'You have to complete your account first';
 * amount required, within the brand's limits ('Minimum Deposit € 250', 'Maximum Deposit € 1,000,000'),
 * whole cents; a deposit method is required.
 */
export function validateDeposit(
  input: DepositCheck,
): ValidationResult<{ amount: number; method: DepositMethodId }> {
  // spec §5: the profile is incomplete ... then deposit is blocked with a message and link to my account
  if (!input.profileComplete)
    return { ok: false, errors: [fieldMessage(FORM_PATH, 'account.completeFirst')] };

  const errors: FieldMessage[] = [];
  const amount = parseNumberInput(input.amount);
  const limit = amount === null || Number.isNaN(amount) ? null : depositLimitError(amount, input);
  const amountTitle = titleFor('amount');
  // spec §5: amount required and >= minimum deposit setting, else 'Minimum Deposit {currency} {min}';
  // and at most the brand's maximum deposit
  if (amount === null) errors.push(fieldMessage('amount', 'field.required', { title: amountTitle }));
  else if (Number.isNaN(amount)) errors.push(fieldMessage('amount', 'field.invalid', { title: amountTitle }));
  else if (limit) errors.push(fieldMessage('amount', limit.key, limit.params));
  else if (amount > MAX_TRANSACTION_AMOUNT)
    errors.push(fieldMessage('amount', 'field.max', { title: amountTitle, max: MAX_TRANSACTION_AMOUNT }));
  else if (!isWholeCents(amount))
    errors.push(fieldMessage('amount', 'field.step', { title: amountTitle, step: AMOUNT_STEP }));

  // spec §5: a method is required
  const method = parseNumberInput(input.method);
  const methodTitle = titleFor('method');
  if (method === null) errors.push(fieldMessage('method', 'field.required', { title: methodTitle }));
  else if (!isDepositMethodId(method))
    errors.push(fieldMessage('method', 'field.invalid', { title: methodTitle }));

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { amount: amount as number, method: method as DepositMethodId } };
}

/** Longest withdraw comment accepted, in characters. */
export const WITHDRAW_COMMENTS_MAX = 1000;

/** Input of `validateWithdraw`. */
export interface WithdrawCheck {
  amount: number | string | null | undefined;
  comments: string | null | undefined;
  freeMargin: number;
  currencySymbol?: string;
}

/**
 * The free-margin part of the withdraw rules (spec §5), shared by the form check and the engine that
 * reserves the amount: no positive free margin gives "You don't have balance to withdraw" (on the form),
 * an amount above it 'Maximum withdraw can be € X' (on the amount). Null when the debit fits.
 */
export function withdrawLimitError(
  amount: number,
  freeMargin: number,
  currencySymbol?: string,
): FieldMessage | null {
  if (!(freeMargin > 0)) return fieldMessage(FORM_PATH, 'withdraw.noBalance');
  if (amount > freeMargin)
    return fieldMessage('amount', 'withdraw.maximum', { max: formatMoney(freeMargin, currencySymbol) });
  return null;
}

/**
 * Withdraw rules (spec §5): no positive free margin blocks with "You don't have balance to withdraw";
 * amount and comments required; amount above free margin gives 'Maximum withdraw can be € X'.
 */
export function validateWithdraw(
  input: WithdrawCheck,
): ValidationResult<{ amount: number; comments: string }> {
  // spec §5: if free margin is not positive, 'You don't have balance to withdraw'
  const noBalance = withdrawLimitError(0, input.freeMargin);
  if (noBalance) return { ok: false, errors: [noBalance] };

  const errors: FieldMessage[] = [];
  const amount = parseNumberInput(input.amount);
  const amountTitle = titleFor('amount');
  if (amount === null) errors.push(fieldMessage('amount', 'field.required', { title: amountTitle }));
  else if (Number.isNaN(amount)) errors.push(fieldMessage('amount', 'field.invalid', { title: amountTitle }));
  else if (amount < AMOUNT_STEP)
    errors.push(fieldMessage('amount', 'field.min', { title: amountTitle, min: AMOUNT_STEP }));
  else {
    // spec §5: amount cannot exceed free margin, else 'Maximum withdraw can be X'. Checked before the
    // size guard: for a client, the free margin is the limit that tells them what they can take out.
    const limit = withdrawLimitError(amount, input.freeMargin, input.currencySymbol);
    if (limit) errors.push(limit);
    else if (amount > MAX_TRANSACTION_AMOUNT)
      errors.push(fieldMessage('amount', 'field.max', { title: amountTitle, max: MAX_TRANSACTION_AMOUNT }));
    else if (!isWholeCents(amount))
      errors.push(fieldMessage('amount', 'field.step', { title: amountTitle, step: AMOUNT_STEP }));
  }

  const comments = (input.comments ?? '').trim();
  const commentsTitle = titleFor('comments');
  if (comments === '') errors.push(fieldMessage('comments', 'field.required', { title: commentsTitle }));
  else if (comments.length > WITHDRAW_COMMENTS_MAX)
    errors.push(
      fieldMessage('comments', 'field.maxChars', { title: commentsTitle, max: WITHDRAW_COMMENTS_MAX }),
    );

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { amount: amount as number, comments } };
}
