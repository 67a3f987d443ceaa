/**
 * The ledger (architecture §6): the only code that writes `ledger_entries` and `trading_accounts.balance`. Every caller —
 * the trading engine's closes (with negative balance protection), deposits, withdrawals and their refunds, and
 * later bonuses, credits and staff corrections — books through `Ledger.book`, inside the database transaction of
 * its cause. An amount is `Money` (made only by the domain's helpers), written as exact NUMERIC text; the new
 * balance is computed by the database in NUMERIC and read back exactly.
 */
import { type Money, moneyToDecimalString, parseMoney } from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import type { AccountId, BalanceAdjustment, PositionId } from '../../engine/index.js';
import { LedgerRepo } from './ledger.repo.js';
import type { SeedCause } from './seed-entries.js';

export { SEED_ENTRIES, type SeedCause } from './seed-entries.js';

/**
 * One booking: the account, the signed amount, its kind and its cause. Kinds and causes come in pairs:
 * - `realised_pnl` (any sign) and `negative_balance_protection` (> 0): a position's close;
 * - `commission` (< 0): charged once when a position opens, on the open position;
 * - `swap` (≠ 0): overnight financing of an open position at a daily rollover, once per position and rollover day
 *   (reference 'swap:<position>:<YYYY-MM-DD>');
 * - `deposit` (> 0), `withdrawal` (< 0), `withdrawal_reversal` (> 0): a payment transaction ('TX-…');
 * - `bonus`, `credit` (≠ 0): an approved bonus or credit transaction, or a staff action; `adjustment` (≠ 0): a staff
 *   action. Until a staff actions table exists, a staff action is the id of the `audit_log` row that records it,
 *   whose subject is the account (`user:<id>`); `ledger:verify` reports a `staff:` entry without one;
 * - `deposit` of the demo data: the seed (`{seed: 'opening-balance'}`, SEED_ENTRIES).
 */
export type Booking = { accountId: AccountId; amount: Money } & (
  | { kind: 'realised_pnl' | 'negative_balance_protection' | 'commission'; cause: { positionId: PositionId } }
  | { kind: 'swap'; cause: { positionId: PositionId; day: string } }
  | BalanceAdjustment
  | { kind: 'deposit'; cause: { seed: SeedCause } }
);

export type LedgerKind = Booking['kind'];

/** Every kind the ledger books, as stored in `ledger_entries.kind`. */
export const LEDGER_KINDS: readonly LedgerKind[] = Object.freeze([
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'bonus',
  'credit',
  'adjustment',
  'realised_pnl',
  'negative_balance_protection',
  'commission',
  'swap',
]);

/** A stored entry: its id and the account's balance after it. */
export interface BookedEntry {
  id: number;
  accountId: AccountId;
  kind: LedgerKind;
  amount: Money;
  balanceAfter: Money;
}

/** A booking the ledger refuses (wrong sign, unknown account); thrown inside the caller's transaction. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

const SIGN: Readonly<Record<LedgerKind, 'positive' | 'negative' | 'non-zero' | 'any'>> = {
  deposit: 'positive',
  withdrawal: 'negative',
  withdrawal_reversal: 'positive',
  bonus: 'non-zero',
  credit: 'non-zero',
  adjustment: 'non-zero',
  // a position closed at its opening price books a realised profit of 0.00: one entry per close, always
  realised_pnl: 'any',
  negative_balance_protection: 'positive',
  commission: 'negative',
  // a swap is paid or received (a positive rate credits the client)
  swap: 'non-zero',
};

function signAllowed(kind: LedgerKind, amount: Money): boolean {
  switch (SIGN[kind]) {
    case 'positive':
      return amount > 0;
    case 'negative':
      return amount < 0;
    case 'non-zero':
      return amount !== 0;
    case 'any':
      return true;
  }
}

/**
 * The `reference` column of a cause outside trading. These strings are the stored format (unique per account and
 * kind, so a cause is booked once): 'tx:TX-…' for a transaction ('tx:TX-…:reversal' for a withdrawal's refund),
 * 'staff:…' for a staff action, 'seed:…' for demo data, 'swap:<position>:<day>' for a night's swap.
 */
export function referenceOf(booking: Booking): string | null {
  const { cause } = booking;
  if ('day' in cause) return `swap:${cause.positionId}:${cause.day}`;
  if ('positionId' in cause) return null;
  if ('transaction' in cause)
    return booking.kind === 'withdrawal_reversal'
      ? `tx:${cause.transaction}:reversal`
      : `tx:${cause.transaction}`;
  if ('staffAction' in cause) return `staff:${cause.staffAction}`;
  return `seed:${cause.seed}`;
}

export class Ledger {
  constructor(private readonly repo: LedgerRepo = new LedgerRepo()) {}

  /**
   * Books one entry inside `tx` (the transaction of its cause): appends it with the balance after it and moves the
   * account's balance by its amount. Throws (rolling the caller's transaction back) for a sign its kind forbids,
   * an unknown account, or a cause already booked (the unique index on account, kind and reference).
   */
  async book(tx: Db, booking: Booking): Promise<BookedEntry> {
    const [booked] = await this.bookAll(tx, [booking]);
    return booked as BookedEntry;
  }

  /**
   * Books several entries of ONE account inside `tx`, in order, in one statement (a close's realised P&L
   * and its negative balance protection): the same entries, balances after and checks as `book` one after the other.
   */
  async bookAll(tx: Db, bookings: readonly Booking[]): Promise<BookedEntry[]> {
    const first = bookings[0];
    if (!first) return [];
    for (const booking of bookings) {
      if (booking.accountId !== first.accountId)
        throw new LedgerError('ledger: bookAll takes the entries of one account');
      if (!signAllowed(booking.kind, booking.amount))
        throw new LedgerError(
          `ledger: a ${booking.kind} entry of ${moneyToDecimalString(booking.amount)} has the wrong sign`,
        );
    }
    const stored = await this.repo.appendAll(
      tx,
      first.accountId,
      bookings.map((booking) => ({
        kind: booking.kind,
        amount: moneyToDecimalString(booking.amount),
        positionId: 'positionId' in booking.cause ? booking.cause.positionId : null,
        reference: referenceOf(booking),
      })),
    );
    if (!stored) throw new LedgerError(`ledger: account ${first.accountId} does not exist`);
    return bookings.map((booking, i) => {
      const entry = stored[i] as { id: number; balanceAfter: string };
      return {
        id: entry.id,
        accountId: booking.accountId,
        kind: booking.kind,
        amount: booking.amount,
        balanceAfter: parseMoney(entry.balanceAfter),
      };
    });
  }

  /** The booked balance of an account (undefined for an unknown account), read exactly. */
  async balanceOf(db: Db, accountId: AccountId): Promise<Money | undefined> {
    const balance = await this.repo.balance(db, accountId);
    return balance === undefined ? undefined : parseMoney(balance);
  }
}
