import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  brands,
  staffMoneyLimits,
  staffMoneyRequests,
  staffUsers,
  tradingAccounts,
  users,
} from '../../db/schema.js';
import type { ScopeFilter } from '../staff/policy.js';
import { type TradingAccountRow, TradingAccountsRepo } from '../trading-accounts/trading-accounts.repo.js';
import type { RequestDecision } from './rows.js';

export type MoneyRequestRecord = typeof staffMoneyRequests.$inferSelect;
export type MoneyLimitRecord = typeof staffMoneyLimits.$inferSelect;

/** A request with its client, brand and the names of who asked and who decided. */
export interface MoneyRequestRow extends MoneyRequestRecord {
  brandSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  pin: string;
  /** The number of the trading account it books on. */
  accountNumber: string;
  requesterName: string;
  deciderName: string | null;
}

export type { RequestDecision } from './rows.js';

const requester = alias(staffUsers, 'requester');
const decider = alias(staffUsers, 'decider');

/** How many requests one list answers (newest first for decided ones, oldest first for the queue). */
const LIST_LIMIT = 200;

/** SQL of staff money requests and their limits (style §4): this repository owns both tables. */
export class MoneyRequestsRepo {
  constructor(private readonly db: Db) {}

  private select(executor: Db = this.db) {
    return executor
      .select({
        request: staffMoneyRequests,
        brandSlug: brands.slug,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        pin: users.pin,
        accountNumber: tradingAccounts.number,
        requesterName: requester.name,
        deciderName: decider.name,
      })
      .from(staffMoneyRequests)
      .innerJoin(brands, eq(brands.id, staffMoneyRequests.brandId))
      .innerJoin(users, eq(users.id, staffMoneyRequests.userId))
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, staffMoneyRequests.accountId))
      .innerJoin(requester, eq(requester.id, staffMoneyRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, staffMoneyRequests.decidedBy));
  }

  /** The client's first live trading account: staff money books on it (docs/accounts.md). */
  firstLiveAccount(userId: number): Promise<TradingAccountRow | undefined> {
    return new TradingAccountsRepo(this.db).firstLiveOf(userId);
  }

  async insert(
    row: typeof staffMoneyRequests.$inferInsert,
    executor: Db = this.db,
  ): Promise<MoneyRequestRecord> {
    const [created] = await executor.insert(staffMoneyRequests).values(row).returning();
    if (!created) throw new Error('money requests: insert returned nothing');
    return created;
  }

  /**
   * The client's live trading account a request books on: the one asked for when it is the client's and live,
   * else (none asked) the client's first live account; undefined when there is none such.
   */
  async liveAccount(userId: number, accountId: number | undefined) {
    const [row] = await this.db
      .select({ id: tradingAccounts.id, number: tradingAccounts.number, currency: tradingAccounts.currency })
      .from(tradingAccounts)
      .where(
        and(
          eq(tradingAccounts.userId, userId),
          eq(tradingAccounts.kind, 'live'),
          accountId === undefined ? undefined : eq(tradingAccounts.id, accountId),
        ),
      )
      .orderBy(tradingAccounts.id)
      .limit(1);
    return row;
  }

  async byReference(reference: string): Promise<MoneyRequestRow | undefined> {
    const [row] = await this.select().where(eq(staffMoneyRequests.reference, reference));
    return row ? flatten(row) : undefined;
  }

  /** Pending requests of the brands in scope, oldest first; or decided ones, newest first. */
  async list(
    status: 'pending' | 'decided',
    brandIds: ScopeFilter,
    userId?: number,
  ): Promise<MoneyRequestRow[]> {
    const conditions = [
      status === 'pending'
        ? eq(staffMoneyRequests.status, 'pending')
        : inArray(staffMoneyRequests.status, ['approved', 'rejected', 'cancelled']),
      brandIds === null
        ? undefined
        : brandIds.length === 0
          ? sql`false`
          : inArray(staffMoneyRequests.brandId, [...brandIds]),
      userId === undefined ? undefined : eq(staffMoneyRequests.userId, userId),
    ];
    const rows = await this.select()
      .where(and(...conditions))
      .orderBy(status === 'pending' ? staffMoneyRequests.id : desc(staffMoneyRequests.id))
      .limit(LIST_LIMIT);
    return rows.map(flatten);
  }

  /** A client's latest requests, newest first (the approval dialog's history). */
  async recentForClient(userId: number, limit = 5): Promise<MoneyRequestRow[]> {
    const rows = await this.select()
      .where(eq(staffMoneyRequests.userId, userId))
      .orderBy(desc(staffMoneyRequests.id))
      .limit(limit);
    return rows.map(flatten);
  }

  /** The currencies of the pending and approved requests since `since` by this member or for this client. */
  async currenciesRequestedSince(staffId: number, userId: number, since: Date): Promise<string[]> {
    const result = (await this.db.execute(sql`
      select distinct currency from staff_money_requests
      where status in ('pending', 'approved') and created_at >= ${since.toISOString()}
        and (requested_by = ${staffId} or user_id = ${userId})`)) as unknown as {
      rows: Array<{ currency: string }>;
    };
    return result.rows.map((row) => row.currency);
  }

  /**
   * The sizes of the pending and approved requests since `since`, per currency (each request's, its account's):
   * by this member and for this client. Read under a lock on the member's staff row, so two requests at once are
   * counted one after the other. The caller converts each currency's sizes into the brand's before adding them.
   */
  async requestedSince(
    tx: Db,
    staffId: number,
    userId: number,
    since: Date,
  ): Promise<{ currency: string; byMember: string; forClient: string }[]> {
    await tx.execute(sql`select id from staff_users where id = ${staffId} for update`);
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const result = (await tx.execute(sql`
      select
        currency,
        coalesce(sum(abs(amount)) filter (where requested_by = ${staffId}), 0)::numeric(20,2)::text as by_member,
        coalesce(sum(abs(amount)) filter (where user_id = ${userId}), 0)::numeric(20,2)::text as for_client
      from staff_money_requests
      where status in ('pending', 'approved') and created_at >= ${since.toISOString()}
        and (requested_by = ${staffId} or user_id = ${userId})
      group by currency
      order by currency`)) as unknown as {
      rows: Array<{ currency: string; by_member: string; for_client: string }>;
    };
    return result.rows.map((row) => ({
      currency: row.currency,
      byMember: row.by_member,
      forClient: row.for_client,
    }));
  }

  /**
   * Decides a pending request; false when it is no longer pending (someone decided it first), so a request is
   * decided, and booked, exactly once.
   */
  async decide(decision: RequestDecision, executor: Db = this.db): Promise<boolean> {
    const changed = await executor
      .update(staffMoneyRequests)
      .set({
        status: decision.status,
        decidedBy: decision.decidedBy,
        decidedAt: new Date(),
        decisionReason: decision.reason,
        ...(decision.transactionReference ? { transactionReference: decision.transactionReference } : {}),
      })
      .where(and(eq(staffMoneyRequests.id, decision.requestId), eq(staffMoneyRequests.status, 'pending')))
      .returning({ id: staffMoneyRequests.id });
    return changed.length === 1;
  }

  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(tx as unknown as Db));
  }

  // ------------------------------------------------------------------ limits

  limits(brandId: number): Promise<MoneyLimitRecord[]> {
    return this.db.select().from(staffMoneyLimits).where(eq(staffMoneyLimits.brandId, brandId));
  }

  /** Sets a role's caps in force and its proposal (null: none waiting). */
  async saveLimits(
    row: Pick<MoneyLimitRecord, 'brandId' | 'role' | 'maxSingle' | 'maxDailyMember' | 'maxDailyClient'> & {
      proposal: { single: string; dailyMember: string; dailyClient: string; by: number } | null;
    },
    executor: Db = this.db,
  ): Promise<void> {
    const values = {
      brandId: row.brandId,
      role: row.role,
      maxSingle: row.maxSingle,
      maxDailyMember: row.maxDailyMember,
      maxDailyClient: row.maxDailyClient,
      proposedSingle: row.proposal?.single ?? null,
      proposedDailyMember: row.proposal?.dailyMember ?? null,
      proposedDailyClient: row.proposal?.dailyClient ?? null,
      proposedBy: row.proposal?.by ?? null,
      updatedAt: new Date(),
    };
    await executor
      .insert(staffMoneyLimits)
      .values(values)
      .onConflictDoUpdate({ target: [staffMoneyLimits.brandId, staffMoneyLimits.role], set: values });
  }

  /** A role's caps on a brand, locked until the caller's transaction ends. */
  async lockLimits(tx: Db, brandId: number, role: string): Promise<MoneyLimitRecord | undefined> {
    const [row] = await tx
      .select()
      .from(staffMoneyLimits)
      .where(and(eq(staffMoneyLimits.brandId, brandId), eq(staffMoneyLimits.role, role)))
      .for('update');
    return row;
  }

  /** Staff members' names by id (who proposed a raise). */
  async staffNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: staffUsers.id, name: staffUsers.name })
      .from(staffUsers)
      .where(inArray(staffUsers.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Every active staff member's contact, for the look-alike check of an approval. */
  staffContacts() {
    return this.db
      .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
      .from(staffUsers)
      .where(sql`${staffUsers.disabledAt} is null`);
  }

  /** What an approver sees of a client: contact, verification and documents. */
  async client(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        brandId: users.brandId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        verified: users.verifiedAccount,
        passport: users.docPassport,
        address: users.docAddress,
        fundingFront: users.docFundingFront,
        fundingBack: users.docFundingBack,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Requests created since `since` (for tests and reports of the day). */
  since(since: Date) {
    return this.db.select().from(staffMoneyRequests).where(gte(staffMoneyRequests.createdAt, since));
  }
}

function flatten(row: {
  request: MoneyRequestRecord;
  brandSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  pin: string;
  accountNumber: string;
  requesterName: string;
  deciderName: string | null;
}): MoneyRequestRow {
  const { request, ...rest } = row;
  return { ...request, ...rest };
}
