import { TRANSACTION_STATUS, TRANSACTION_TABS } from '@openbroker/domain';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, countries, paymentWebhooks, transactions, users } from '../../db/schema.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { Brand } from '../brands/brands.service.js';
import { type TradingAccountRow, TradingAccountsRepo } from '../trading-accounts/trading-accounts.repo.js';
import { MoneyRequestsRepo } from './money-requests.repo.js';
import {
  type PaymentEffect,
  type PaymentEffectStore,
  type StoredEffect,
  TransactionAlreadyDecided,
} from './payment-effects.js';
import type { NewTransaction, TransactionRow, Transition, WebhookRecord } from './rows.js';

export type { NewTransaction, TransactionRow, Transition, WebhookRecord } from './rows.js';

/** SQL of the payments module: transactions and webhook records (style §4). */
export class PaymentsRepo implements PaymentEffectStore {
  constructor(private readonly db: Db) {}

  /** Stores a booking's payment effect inside its transaction (see payment-effects.ts). */
  async storeEffect(tx: Db, effect: PaymentEffect): Promise<StoredEffect> {
    switch (effect.type) {
      case 'transaction.insert':
        // a staff money request is approved once: a second approval matches no pending row and rolls back
        if (effect.decision && !(await new MoneyRequestsRepo(tx).decide(effect.decision, tx)))
          throw new TransactionAlreadyDecided();
        await this.insert(effect.row, tx);
        break;
      case 'transaction.transition':
        // decided once: a second decision matches no row and rolls its booking back
        if (!(await this.transition(effect.transition, tx))) throw new TransactionAlreadyDecided();
        if (effect.webhook)
          await this.recordWebhook({ ...effect.webhook, transactionId: effect.transition.id }, tx);
        break;
      case 'staff.action':
        break;
    }
    return effect.audit ? { auditId: await writeAudit(tx, effect.audit) } : {};
  }

  /**
   * The bonus and credit money booked to an account: the sum of its `bonus` and `credit` ledger entries (what
   * a withdrawal may not take unless the brand allows it).
   */
  /** The client's first live trading account (payments without a named account book on it). */
  firstLiveAccount(userId: number): Promise<TradingAccountRow | undefined> {
    return new TradingAccountsRepo(this.db).firstLiveOf(userId);
  }

  async bonusAndCreditTotal(accountId: number, executor: Db = this.db): Promise<string> {
    const result = (await executor.execute(sql`
      select coalesce(sum(amount), 0)::numeric(20,2)::text as total
      from ledger_entries where account_id = ${accountId} and kind in ('bonus', 'credit')`)) as unknown as {
      rows: Array<{ total: string }>;
    };
    return result.rows[0]?.total ?? '0.00';
  }

  /** The sum of a client's approved deposits over all their accounts (the risk score's deposit volume). */
  async approvedDepositTotal(userId: number): Promise<string> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,2)::text` })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.statusId, TRANSACTION_STATUS.approved),
          inArray(transactions.typeId, [...TRANSACTION_TABS.deposits]),
        ),
      );
    return row?.total ?? '0.00';
  }

  /** A client's deposits and withdrawal requests, newest first (the back office's client timeline). */
  async timeline(userId: number, before: Date, limit: number) {
    return this.db
      .select({
        id: transactions.id,
        reference: transactions.reference,
        typeId: transactions.typeId,
        statusId: transactions.statusId,
        amount: transactions.amount,
        currency: transactions.currency,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.typeId, [...TRANSACTION_TABS.deposits, ...TRANSACTION_TABS.withdrawals]),
          lt(transactions.createdAt, before),
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit);
  }

  /** Inserts a transaction (on the database or inside the caller's transaction). */
  async insert(row: NewTransaction, executor: Db = this.db): Promise<TransactionRow> {
    const [created] = await executor.insert(transactions).values(row).returning();
    if (!created) throw new Error('payments: transaction insert returned nothing');
    return created;
  }

  /**
   * Moves a transaction from one status to another; false when it is no longer in `from` (someone
   * else decided it first), so a status is decided exactly once.
   */
  async transition(t: Transition, executor: Db = this.db): Promise<boolean> {
    const now = new Date();
    const changed = await executor
      .update(transactions)
      .set({
        statusId: t.to,
        updatedAt: now,
        completedAt: now,
        ...(t.note !== undefined ? { statusNote: t.note } : {}),
        ...(t.decidedBy !== undefined ? { decidedBy: t.decidedBy } : {}),
      })
      .where(and(eq(transactions.id, t.id), eq(transactions.statusId, t.from)))
      .returning({ id: transactions.id });
    return changed.length === 1;
  }

  async byReference(reference: string): Promise<TransactionRow | undefined> {
    const [row] = await this.db.select().from(transactions).where(eq(transactions.reference, reference));
    return row;
  }

  async byIdempotencyKey(userId: number, key: string): Promise<TransactionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.idempotencyKey, key)));
    return row;
  }

  /** A client's transactions, newest first. */
  forUser(userId: number): Promise<TransactionRow[]> {
    return this.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id));
  }

  /**
   * Pending transactions of these methods created before `before`, oldest first (deposits abandoned at their
   * provider), optionally of one client only.
   */
  pendingCreatedBefore(filter: {
    before: Date;
    methods: readonly number[];
    userId?: number;
    limit: number;
  }): Promise<TransactionRow[]> {
    return this.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.statusId, TRANSACTION_STATUS.pending),
          inArray(transactions.method, [...filter.methods]),
          lt(transactions.createdAt, filter.before),
          filter.userId === undefined ? undefined : eq(transactions.userId, filter.userId),
        ),
      )
      .orderBy(transactions.createdAt, transactions.id)
      .limit(filter.limit);
  }

  /** Transactions for the operator, newest first, optionally of one status. */
  list(filter: { statusId?: number; limit: number }): Promise<(TransactionRow & { email: string })[]> {
    const where: SQL | undefined =
      filter.statusId === undefined ? undefined : eq(transactions.statusId, filter.statusId);
    return this.db
      .select({ tx: transactions, email: users.email })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(filter.limit)
      .then((rows) => rows.map((r) => ({ ...r.tx, email: r.email })));
  }

  /** Records a webhook call (on the database or inside the booking's transaction). */
  async recordWebhook(record: WebhookRecord & { transactionId: number | null }, executor: Db = this.db) {
    await executor.insert(paymentWebhooks).values(record);
  }

  /** The webhook calls of a transaction, oldest first (operator evidence). */
  webhooksOf(transactionId: number) {
    return this.db
      .select()
      .from(paymentWebhooks)
      .where(eq(paymentWebhooks.transactionId, transactionId))
      .orderBy(paymentWebhooks.id);
  }

  async brandOf(brandId: number): Promise<Brand | undefined> {
    const [row] = await this.db.select().from(brands).where(eq(brands.id, brandId));
    return row && { id: row.id, slug: row.slug, name: row.name, hosts: row.hosts, settings: row.settings };
  }

  /** The alpha-2 code of a country id ('' when none): spec §7 payloads carry the country code. */
  async countryCode(countryId: number | null): Promise<string> {
    if (countryId === null) return '';
    const [row] = await this.db
      .select({ alpha2: countries.alpha2 })
      .from(countries)
      .where(eq(countries.id, countryId));
    return row?.alpha2 ?? '';
  }

  /** Runs work in one database transaction. */
  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(tx as unknown as Db));
  }
}
