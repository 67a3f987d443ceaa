/**
 * `ledger:verify` (architecture §6 invariants), read-only: every trading account's balance is the sum of its entries and each entry's
 * balance_after follows from the one before; every closed position's realised profit, every deposit and every
 * withdrawal has exactly the entries the ledger books for it; every position's commission and swaps are its entries;
 * and no entry is without its cause (a transaction, a
 * closed position, a staff action's audit row, or the seed's own opening deposit) or of a kind the ledger never books;
 * every transfer between a client's accounts has exactly its debit and its credit, and virtual money stays on demo accounts.
 */
import { TRANSACTION_STATUS, transactionStatusName } from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { LEDGER_KINDS } from './ledger.js';
import { LedgerRepo } from './ledger.repo.js';

/** One broken invariant, naming what it concerns; `message` says it for an operator. */
export interface LedgerProblem {
  check: 'balance' | 'chain' | 'position' | 'deposit' | 'withdrawal' | 'cause' | 'transfer';
  accountId: number;
  positionId?: number;
  /** The transaction's public reference ('TX-…'). */
  transaction?: string;
  entryId?: number;
  message: string;
}

/** One trading account as ledger:verify checked it: its balance and the sum of its entries. */
export interface AccountCheck {
  accountId: number;
  number: string;
  currency: string;
  balance: string;
  ledger: string;
  entries: number;
}

/** Every trading account's balance beside the sum of its entries, for ledger:verify's per-account lines. */
export function accountChecks(db: Db, repo: LedgerRepo = new LedgerRepo()): Promise<AccountCheck[]> {
  return repo.accountTotals(db);
}

const status = (id: number) => transactionStatusName(id).toLowerCase() || `status ${id}`;

/** Every broken invariant of the ledger, or none. Reads only; safe on a running server's database. */
export async function verifyLedger(db: Db, repo: LedgerRepo = new LedgerRepo()): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];

  for (const d of await repo.balanceDifferences(db))
    problems.push({
      check: 'balance',
      accountId: d.accountId,
      message: `account ${d.accountId} (${d.number}, client ${d.userId}): balance ${d.balance} but its ledger entries sum to ${d.ledger}`,
    });

  for (const e of await repo.brokenChain(db))
    problems.push({
      check: 'chain',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: `account ${e.account_id}: entry ${e.id} says balance after ${e.balance_after}, but the entries up to it give ${e.expected}`,
    });

  for (const p of await repo.closedPositionMismatches(db)) {
    const shortfall = p.shortfall ?? '0.00';
    const details = [
      `${p.pnl_count} realised_pnl entr${p.pnl_count === 1 ? 'y' : 'ies'} of ${p.pnl_sum} for a profit of ${p.profit ?? 'none'}`,
      `${p.nbp_count} negative_balance_protection entr${p.nbp_count === 1 ? 'y' : 'ies'} of ${p.nbp_sum} for a shortfall of ${shortfall}`,
      ...(p.foreign_count > 0
        ? [`${p.foreign_count} entr${p.foreign_count === 1 ? 'y' : 'ies'} of another account or kind`]
        : []),
    ];
    problems.push({
      check: 'position',
      accountId: Number(p.account_id),
      positionId: Number(p.id),
      message: `account ${p.account_id}: closed position ${p.id} has ${details.join(', ')}`,
    });
  }

  for (const e of await repo.positionEntriesWithoutClose(db))
    problems.push({
      check: 'cause',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      ...(e.position_id === null ? {} : { positionId: Number(e.position_id) }),
      message:
        e.position_id === null
          ? `account ${e.account_id}: ${e.kind} entry ${e.id} names no position`
          : `account ${e.account_id}: ${e.kind} entry ${e.id} books position ${e.position_id}, which is not closed`,
    });

  for (const p of await repo.positionChargeMismatches(db))
    problems.push({
      check: 'position',
      accountId: Number(p.account_id),
      positionId: Number(p.id),
      message:
        `account ${p.account_id}: position ${p.id} records a commission of ${p.commission} and swaps of ${p.swap}, ` +
        `but has ${p.commission_count} commission entr${p.commission_count === 1 ? 'y' : 'ies'} charging ` +
        `${p.commission_sum} and swap entries of ${p.swap_sum}` +
        (p.misfiled > 0 ? `, ${p.misfiled} of them on another account or naming another position` : ''),
    });

  for (const t of await repo.depositMismatches(db)) {
    const approved = t.status_id === TRANSACTION_STATUS.approved;
    problems.push({
      check: 'deposit',
      accountId: Number(t.account_id),
      transaction: t.reference,
      message: approved
        ? `account ${t.account_id}: approved deposit ${t.reference} of ${t.amount} has ${t.entries} deposit entr${t.entries === 1 ? 'y' : 'ies'} of ${t.total}${t.foreign_count > 0 ? ` (${t.foreign_count} on another account)` : ''}; expected exactly one of its amount`
        : `account ${t.account_id}: ${status(t.status_id)} deposit ${t.reference} has ${t.entries} deposit entr${t.entries === 1 ? 'y' : 'ies'} of ${t.total}; expected none`,
    });
  }

  for (const t of await repo.withdrawalMismatches(db)) {
    const refundDue =
      t.status_id === TRANSACTION_STATUS.declined || t.status_id === TRANSACTION_STATUS.cancelled;
    problems.push({
      check: 'withdrawal',
      accountId: Number(t.account_id),
      transaction: t.reference,
      message:
        `account ${t.account_id}: ${status(t.status_id)} withdrawal ${t.reference} of ${t.amount} has ` +
        `${t.reserved} reservation entr${t.reserved === 1 ? 'y' : 'ies'} of ${t.reserved_sum} and ` +
        `${t.refunded} refund entr${t.refunded === 1 ? 'y' : 'ies'} of ${t.refunded_sum}` +
        `${t.foreign_count > 0 ? ` (${t.foreign_count} on another account)` : ''}; expected one reservation of its amount` +
        (refundDue ? ' and one refund of it' : ' and no refund'),
    });
  }

  for (const e of await repo.paymentEntriesWithoutCause(db))
    problems.push({
      check: 'cause',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: e.reference?.startsWith('seed:')
        ? `account ${e.account_id}: ${e.kind} entry ${e.id} (${e.reference}) is not one the seed booked (each seed entry is booked once, as its account's first entry, of its fixed amount)`
        : `account ${e.account_id}: ${e.kind} entry ${e.id} (${e.reference ?? 'no reference'}) names no ${e.kind === 'deposit' ? 'deposit' : 'withdrawal'} of this account`,
    });

  for (const e of await repo.adjustmentEntriesWithoutCause(db))
    problems.push({
      check: 'cause',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: `account ${e.account_id}: ${e.kind} entry ${e.id} (${e.reference ?? 'no reference'}) has no verifiable cause: ${
        e.kind === 'adjustment' ? '' : `no approved ${e.kind} transaction of its amount on this account, and `
      }no audit row of a staff action on this account`,
    });

  // transfers between a client's own accounts: each entry is its transfer's debit or credit, each transfer has both
  for (const e of await repo.transferEntriesWithoutTransfer(db))
    problems.push({
      check: 'transfer',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: `account ${e.account_id}: transfer entry ${e.id} of ${e.amount} (${e.reference ?? 'no reference'}) is not the debit or credit of its transfer`,
    });
  for (const t of await repo.transfersWithoutTwoEntries(db))
    problems.push({
      check: 'transfer',
      accountId: Number(t.account_id),
      message: `account ${t.account_id}: transfer ${t.id} has ${t.entries} ledger entries; expected its debit and its credit`,
    });
  for (const e of await repo.demoFundsOnLiveAccounts(db))
    problems.push({
      check: 'cause',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: `account ${e.account_id}: demo_funds entry ${e.id} on a live account (virtual money belongs to demo accounts)`,
    });

  for (const e of await repo.entriesOfUnknownKind(db, LEDGER_KINDS))
    problems.push({
      check: 'cause',
      accountId: Number(e.account_id),
      entryId: Number(e.id),
      message: `account ${e.account_id}: entry ${e.id} is of kind "${e.kind}", which the ledger never books`,
    });

  return problems;
}
