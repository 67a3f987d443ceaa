import { PAYMENT_METHOD, TRANSACTION_STATUS } from '@openbroker/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  brands,
  positions,
  staffUsers,
  tradingAccounts,
  transactionApprovals,
  transactions,
  users,
} from '../../db/schema.js';
import type { ScopeFilter } from '../staff/policy.js';
import type { TransactionRow } from './rows.js';

/** A transaction with its client and brand, as staff see it. */
export type StaffTransactionRow = TransactionRow & {
  brandSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  pin: string;
};

export interface ApprovalRow {
  transactionId: number;
  staffId: number;
  staffName: string;
  createdAt: Date;
}

/** An open position's row with its client (the dealer's list). */
export interface OpenPositionRow {
  id: number;
  userId: number;
  /** The trading account it belongs to: its id (the engine's), number, kind and currency. */
  accountId: number;
  accountNumber: string;
  accountKind: 'live' | 'demo';
  currency: string;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: string;
  firstName: string;
  lastName: string;
  pin: string;
  brandId: number;
  brandSlug: string;
}

const inScope = (column: AnyPgColumn, brandIds: ScopeFilter): SQL | undefined =>
  brandIds === null ? undefined : brandIds.length === 0 ? sql`false` : inArray(column, [...brandIds]);

/** How long a staff queue may get in one answer (oldest first; the rest follows as items are decided). */
const QUEUE_LIMIT = 500;

/** SQL of the back office's money and dealing (style §4). */
export class MoneyRepo {
  constructor(private readonly db: Db) {}

  private selectStaffTransactions(executor: Db = this.db) {
    return executor
      .select({
        tx: transactions,
        brandSlug: brands.slug,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        pin: users.pin,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .innerJoin(brands, eq(brands.id, transactions.brandId));
  }

  /**
   * A queue's pending items, oldest first: bank wires (the deposits staff confirm) or withdrawals, of the
   * brands in scope.
   */
  async queue(queue: 'deposits' | 'withdrawals', brandIds: ScopeFilter): Promise<StaffTransactionRow[]> {
    const method = queue === 'deposits' ? PAYMENT_METHOD.bankWire : PAYMENT_METHOD.withdraw;
    const rows = await this.selectStaffTransactions()
      .where(
        and(
          eq(transactions.statusId, TRANSACTION_STATUS.pending),
          eq(transactions.method, method),
          inScope(transactions.brandId, brandIds),
        ),
      )
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(QUEUE_LIMIT);
    return rows.map(flatten);
  }

  async byReference(reference: string): Promise<StaffTransactionRow | undefined> {
    const [row] = await this.selectStaffTransactions().where(eq(transactions.reference, reference));
    return row && flatten(row);
  }

  /** A client's transactions, newest first. */
  /** A client's transactions, newest first; with `accountId`, those of that trading account only. */
  async forClient(userId: number, accountId?: number): Promise<StaffTransactionRow[]> {
    const rows = await this.selectStaffTransactions()
      .where(
        and(
          eq(transactions.userId, userId),
          accountId === undefined ? undefined : eq(transactions.accountId, accountId),
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id));
    return rows.map(flatten);
  }

  /** The approvals of these transactions, oldest first, with the approver's name. */
  async approvals(transactionIds: readonly number[], executor: Db = this.db): Promise<ApprovalRow[]> {
    if (transactionIds.length === 0) return [];
    return executor
      .select({
        transactionId: transactionApprovals.transactionId,
        staffId: transactionApprovals.staffId,
        staffName: staffUsers.name,
        createdAt: transactionApprovals.createdAt,
      })
      .from(transactionApprovals)
      .innerJoin(staffUsers, eq(staffUsers.id, transactionApprovals.staffId))
      .where(inArray(transactionApprovals.transactionId, [...transactionIds]))
      .orderBy(asc(transactionApprovals.createdAt), asc(transactionApprovals.id));
  }

  /**
   * Locks a transaction's row for the rest of `tx` (two approvers at once are decided one after the other) and
   * answers its status now.
   */
  async lockStatus(tx: Db, transactionId: number): Promise<number | undefined> {
    const result = (await tx.execute(
      sql`select status_id from transactions where id = ${transactionId} for update`,
    )) as unknown as { rows: Array<{ status_id: number }> };
    const status = result.rows[0]?.status_id;
    return status === undefined ? undefined : Number(status);
  }

  async addApproval(tx: Db, transactionId: number, staffId: number): Promise<void> {
    await tx.insert(transactionApprovals).values({ transactionId, staffId });
  }

  /** A client's brand (undefined for an unknown client). */
  async clientBrand(userId: number): Promise<number | undefined> {
    const [row] = await this.db.select({ brandId: users.brandId }).from(users).where(eq(users.id, userId));
    return row?.brandId;
  }

  /**
   * Open positions of clients in scope, newest first; optionally of one symbol, or (`liveOnly`) of live accounts only
   * (exposure leaves demo accounts' virtual positions out).
   */
  async openPositions(
    filter: { brandIds: ScopeFilter; symbol?: string; liveOnly?: boolean },
    page?: { limit: number; offset: number },
  ): Promise<{ rows: OpenPositionRow[]; total: number }> {
    const where = and(
      isNull(positions.closedAt),
      inScope(users.brandId, filter.brandIds),
      filter.symbol ? eq(positions.symbol, filter.symbol) : undefined,
      filter.liveOnly ? eq(tradingAccounts.kind, 'live') : undefined,
    );
    const query = this.db
      .select({
        id: positions.id,
        userId: positions.userId,
        accountId: positions.accountId,
        accountNumber: tradingAccounts.number,
        accountKind: tradingAccounts.kind,
        currency: tradingAccounts.currency,
        symbol: positions.symbol,
        direction: positions.direction,
        amount: positions.amount,
        firstName: users.firstName,
        lastName: users.lastName,
        pin: users.pin,
        brandId: users.brandId,
        brandSlug: brands.slug,
      })
      .from(positions)
      .innerJoin(users, eq(users.id, positions.userId))
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
      .innerJoin(brands, eq(brands.id, users.brandId))
      .where(where)
      .orderBy(desc(positions.openedAt), desc(positions.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    if (!page) return { rows, total: rows.length };
    const [counted] = await this.db
      .select({ n: count() })
      .from(positions)
      .innerJoin(users, eq(users.id, positions.userId))
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
      .where(where);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** An open position with its client's brand, or undefined. */
  async openPosition(
    userId: number,
    positionId: number,
  ): Promise<{ id: number; accountId: number; brandId: number } | undefined> {
    const [row] = await this.db
      .select({ id: positions.id, accountId: positions.accountId, brandId: users.brandId })
      .from(positions)
      .innerJoin(users, eq(users.id, positions.userId))
      .where(and(eq(positions.id, positionId), eq(positions.userId, userId), isNull(positions.closedAt)));
    return row;
  }

  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(tx as unknown as Db));
  }
}

function flatten(row: {
  tx: TransactionRow;
  brandSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  pin: string;
}): StaffTransactionRow {
  const { tx, ...rest } = row;
  return { ...tx, ...rest };
}
