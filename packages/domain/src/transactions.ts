/**
 * Transaction types, tabs and statuses (spec §9, architecture §6). The tab ↔ id mapping is the spec's;
 * the type names and the status ids are ours (the spec names neither) and seed the transaction_types table.
 */
import type { TransactionRouteType } from './routes.js';

/** Transaction type id → name. */
export const TRANSACTION_TYPES = Object.freeze({
  1: 'Credit Card Deposit',
  2: 'Wire Transfer Deposit',
  3: 'Alternative Deposit',
  4: 'Bonus',
  5: 'Credit',
  6: 'Withdrawal',
  7: 'Wire Withdrawal',
  8: 'Card Withdrawal',
  9: 'Cashier Deposit',
  10: 'Promotional Bonus',
  11: 'Crypto Deposit',
  // ours: a staff correction of the balance (either sign), listed in the client's Corrections tab
  12: 'Balance Correction',
} as const);

export type TransactionTypeId = keyof typeof TRANSACTION_TYPES;
export type TransactionTab = TransactionRouteType;

// spec §9: Transaction tabs by type id: deposits 1, 2, 3, 9, 11; bonuses 4, 10; credits 5; withdrawals 6, 7, 8.
// Ours beside them: corrections 12, so that a client sees every booking staff made on their balance.
export const TRANSACTION_TABS: Readonly<Record<TransactionTab, readonly TransactionTypeId[]>> = Object.freeze(
  {
    deposits: [1, 2, 3, 9, 11],
    withdrawals: [6, 7, 8],
    bonuses: [4, 10],
    credits: [5],
    corrections: [12],
  },
);

/** Whether a number is a known transaction type id. */
export function isTransactionTypeId(id: unknown): id is TransactionTypeId {
  return typeof id === 'number' && Object.hasOwn(TRANSACTION_TYPES, id);
}

/** Name of a transaction type id ('Credit Card Deposit', ...); '' when unknown. */
export function transactionTypeName(id: number): string {
  return isTransactionTypeId(id) ? TRANSACTION_TYPES[id] : '';
}

/** The tab a transaction type id is listed under, or null for an unknown id. */
export function tabForTypeId(id: number): TransactionTab | null {
  for (const [tab, ids] of Object.entries(TRANSACTION_TABS) as [TransactionTab, readonly number[]][]) {
    if (ids.includes(id)) return tab;
  }
  return null;
}

/** The type ids listed under a tab. */
export function typeIdsForTab(tab: TransactionTab): readonly TransactionTypeId[] {
  return TRANSACTION_TABS[tab];
}

/** +1 when a type adds to the balance, −1 for withdrawals (spec §7: withdraw sends a negative amount). */
export function transactionSign(id: number): 1 | -1 {
  return tabForTypeId(id) === 'withdrawals' ? -1 : 1;
}

/** Transaction status ids (ours; the spec only shows status names). */
export const TRANSACTION_STATUS = Object.freeze({
  pending: 1,
  approved: 2,
  declined: 3,
  cancelled: 4,
} as const);

export type TransactionStatusId = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];

/** Transaction status id → name. */
export const TRANSACTION_STATUS_NAMES: Readonly<Record<TransactionStatusId, string>> = Object.freeze({
  1: 'Pending',
  2: 'Approved',
  3: 'Declined',
  4: 'Cancelled',
});

/** Name of a status id; '' when unknown. */
export function transactionStatusName(id: number): string {
  return Object.hasOwn(TRANSACTION_STATUS_NAMES, id)
    ? TRANSACTION_STATUS_NAMES[id as TransactionStatusId]
    : '';
}

/** Whether a status is final (approved, declined or cancelled) and may no longer change. */
export function isFinalStatus(id: number): boolean {
  return (
    id === TRANSACTION_STATUS.approved ||
    id === TRANSACTION_STATUS.declined ||
    id === TRANSACTION_STATUS.cancelled
  );
}
