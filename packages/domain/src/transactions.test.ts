import { describe, expect, it } from 'vitest';
import { TRANSACTION_ROUTE_TYPES } from './routes.js';
import {
  isFinalStatus,
  isTransactionTypeId,
  TRANSACTION_STATUS,
  TRANSACTION_TABS,
  TRANSACTION_TYPES,
  tabForTypeId,
  transactionSign,
  transactionStatusName,
  transactionTypeName,
  typeIdsForTab,
} from './transactions.js';

describe('spec §9 transaction tabs', () => {
  it('lists deposits 1, 2, 3, 9, 11; bonuses 4, 10; credits 5; withdrawals 6, 7, 8', () => {
    expect(typeIdsForTab('deposits')).toEqual([1, 2, 3, 9, 11]);
    expect(typeIdsForTab('bonuses')).toEqual([4, 10]);
    expect(typeIdsForTab('credits')).toEqual([5]);
    expect(typeIdsForTab('withdrawals')).toEqual([6, 7, 8]);
  });

  it('has a tab for every transaction route and nothing else', () => {
    expect(Object.keys(TRANSACTION_TABS).sort()).toEqual([...TRANSACTION_ROUTE_TYPES].sort());
  });

  it('puts every type id in exactly one tab', () => {
    const all = Object.values(TRANSACTION_TABS).flat();
    expect([...all].sort((a, b) => a - b)).toEqual(Object.keys(TRANSACTION_TYPES).map(Number));
    for (const id of all) expect(typeIdsForTab(tabForTypeId(id) ?? 'deposits')).toContain(id);
  });

  it('finds the tab of a type id, none for an unknown one', () => {
    expect(tabForTypeId(9)).toBe('deposits');
    expect(tabForTypeId(10)).toBe('bonuses');
    expect(tabForTypeId(7)).toBe('withdrawals');
    expect(tabForTypeId(12)).toBe('corrections');
    expect(tabForTypeId(13)).toBeNull();
    expect(tabForTypeId(0)).toBeNull();
  });

  it('names each type', () => {
    expect(transactionTypeName(1)).toBe('Credit Card Deposit');
    expect(transactionTypeName(6)).toBe('Withdrawal');
    expect(transactionTypeName(11)).toBe('Crypto Deposit');
    expect(transactionTypeName(99)).toBe('');
    expect(isTransactionTypeId(5)).toBe(true);
    expect(transactionTypeName(12)).toBe('Balance Correction');
    expect(isTransactionTypeId(12)).toBe(true);
    expect(isTransactionTypeId(13)).toBe(false);
  });

  it('books withdrawals as negative amounts and everything else as positive', () => {
    expect([6, 7, 8].map(transactionSign)).toEqual([-1, -1, -1]);
    expect([1, 2, 3, 4, 5, 9, 10, 11].map(transactionSign)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('transaction statuses', () => {
  it('are pending, approved, declined and cancelled', () => {
    expect(TRANSACTION_STATUS).toEqual({ pending: 1, approved: 2, declined: 3, cancelled: 4 });
    expect([1, 2, 3, 4].map(transactionStatusName)).toEqual(['Pending', 'Approved', 'Declined', 'Cancelled']);
    expect(transactionStatusName(5)).toBe('');
  });

  it('only a pending transaction can still change', () => {
    expect(isFinalStatus(TRANSACTION_STATUS.pending)).toBe(false);
    expect(isFinalStatus(TRANSACTION_STATUS.approved)).toBe(true);
    expect(isFinalStatus(TRANSACTION_STATUS.declined)).toBe(true);
    expect(isFinalStatus(TRANSACTION_STATUS.cancelled)).toBe(true);
  });
});
