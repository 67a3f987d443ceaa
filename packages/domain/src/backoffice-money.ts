/**
 * Back-office money rules: which adjustments staff may book and how each is booked, when a
 * withdrawal needs a second approver, and how much of a client's free margin may be withdrawn. Pure: the
 * server books and checks with these, the web app labels and validates its forms with them.
 */
import { AMOUNT_MAX, hasForbiddenCharacters } from './bounds.js';
import { type Money, money, negateMoney, parseMoney, subMoney } from './money.js';
import { BACKOFFICE_DEFAULTS } from './staff.js';
import type { TransactionTypeId } from './transactions.js';
import { type FieldMessage, fieldMessage } from './validation.js';

/** What staff can book on a client's account (POST /api/backoffice/clients/:id/adjustments). */
export const ADJUSTMENT_KINDS = [
  'bonus',
  'promotional_bonus',
  'credit',
  'correction',
  'wire_withdrawal',
  'card_withdrawal',
] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const isAdjustmentKind = (value: unknown): value is AdjustmentKind =>
  typeof value === 'string' && (ADJUSTMENT_KINDS as readonly string[]).includes(value);

/** How one adjustment kind is booked: its spec §9 transaction type (none for a correction) and ledger kind. */
export interface AdjustmentRule {
  /** The type id of the transaction row it creates (spec §9; a correction is our type 12). */
  typeId: TransactionTypeId;
  ledgerKind: 'bonus' | 'credit' | 'adjustment' | 'withdrawal';
  /** 'signed': the amount is booked as given (either sign); 'credit': > 0 as given; 'debit': > 0 given, booked < 0. */
  sign: 'signed' | 'credit' | 'debit';
}

// spec §9: bonuses 4 and 10, credits 5, withdrawals 7 (wire) and 8 (card); a correction is our type 12.
export const ADJUSTMENT_RULES: Readonly<Record<AdjustmentKind, AdjustmentRule>> = Object.freeze({
  bonus: { typeId: 4, ledgerKind: 'bonus', sign: 'credit' },
  promotional_bonus: { typeId: 10, ledgerKind: 'bonus', sign: 'credit' },
  credit: { typeId: 5, ledgerKind: 'credit', sign: 'credit' },
  correction: { typeId: 12, ledgerKind: 'adjustment', sign: 'signed' },
  wire_withdrawal: { typeId: 7, ledgerKind: 'withdrawal', sign: 'debit' },
  card_withdrawal: { typeId: 8, ledgerKind: 'withdrawal', sign: 'debit' },
});

/**
 * The signed amount an adjustment books on the balance, or null when the entered amount does not fit its kind:
 * zero never; a correction either sign; bonus, credit and withdrawals are entered positive (a withdrawal debits).
 */
export function bookedAdjustment(kind: AdjustmentKind, entered: Money): Money | null {
  if (entered === 0) return null;
  const { sign } = ADJUSTMENT_RULES[kind];
  if (sign === 'signed') return entered;
  if (entered < 0) return null;
  return sign === 'debit' ? negateMoney(entered) : entered;
}

/** An adjustment amount as typed: optional minus, whole units, at most two decimals ("120", "-5.5", "99.99"). */
const ADJUSTMENT_AMOUNT_TEXT = /^(-?)0*(\d{1,30})(?:\.(\d{1,2}))?$/;

/**
 * An adjustment amount as staff type it, exactly: "120", "120.5" and "120.50" are the same Money. 'tooLarge'
 * beyond AMOUNT_MAX either way (what the API takes); null for anything else (exponent notation, a comma, more
 * than two decimals, NaN). The sign is checked against the kind by `bookedAdjustment`.
 */
export function parseAdjustmentAmount(text: string): Money | 'tooLarge' | null {
  const match = ADJUSTMENT_AMOUNT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', cents = ''] = match;
  if (whole.length > String(AMOUNT_MAX).length) return 'tooLarge';
  const amount = parseMoney(`${sign}${whole}.${cents.padEnd(2, '0')}`);
  return Math.abs(amount) > AMOUNT_MAX ? 'tooLarge' : amount;
}

/** Most characters of a staff reason (approving, rejecting, adjusting, closing a position). */
export const STAFF_REASON_MAX = 500;

/**
 * What is wrong with a staff reason (it lands in the audit trail, and a rejection's in the client's
 * transactions): blank when required, too long, or holding control characters (tab and line breaks are
 * fine). null when it is fine.
 */
export function staffReasonProblem(text: string, { required }: { required: boolean }): FieldMessage | null {
  const reason = text.trim();
  if (!reason) return required ? fieldMessage('reason', 'staff.reasonRequired') : null;
  if (reason.length > STAFF_REASON_MAX)
    return fieldMessage('reason', 'field.maxChars', { title: 'Reason', max: STAFF_REASON_MAX });
  if (hasForbiddenCharacters(reason, { multiline: true }))
    return fieldMessage('reason', 'field.forbiddenCharacters', { title: 'Reason' });
  return null;
}

/** The brand's four-eyes threshold (brand currency); BACKOFFICE_DEFAULTS.fourEyesAbove (10,000) when unset. */
export function fourEyesThreshold(settings: { fourEyesAbove?: number } | undefined): number {
  const value = settings?.fourEyesAbove;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : BACKOFFICE_DEFAULTS.fourEyesAbove;
}

/** Whether a withdrawal of this (signed) amount needs a second finance approver: its size is above the threshold. */
export function needsFourEyes(amount: Money, threshold: number): boolean {
  return Math.abs(amount) > threshold;
}

/**
 * What a client may withdraw: the free margin, less the bonus and credit money booked to the account
 * (their ledger sum, never below 0) unless the brand lets it be withdrawn; never below 0.
 */
export function withdrawableAmount(
  freeMargin: Money,
  bonusAndCredit: Money,
  bonusWithdrawable: boolean = BACKOFFICE_DEFAULTS.bonusWithdrawable,
): Money {
  if (bonusWithdrawable) return freeMargin;
  const locked = bonusAndCredit > 0 ? bonusAndCredit : money(0);
  const rest = subMoney(freeMargin, locked);
  return rest > 0 ? rest : money(0);
}

/** The queues staff work through: pending bank-wire deposits, pending withdrawals, staff money requests. */
export const MONEY_QUEUES = ['deposits', 'withdrawals', 'requests'] as const;
export type MoneyQueue = (typeof MONEY_QUEUES)[number];

/** The permission a queue needs (to list it, decide its items and be told it changed). */
export const QUEUE_PERMISSION = Object.freeze({
  deposits: 'deposits.approve',
  withdrawals: 'withdrawals.approve',
  requests: 'adjustments.approve',
} as const satisfies Record<MoneyQueue, string>);
