import { and, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { priceAlerts, tradingAccounts, users } from '../../db/schema.js';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;

/** What an alert is set to (created or edited). */
export interface AlertValues {
  symbol: string;
  kind: PriceAlertRow['kind'];
  side: PriceAlertRow['side'];
  value: number;
  basePrice: number | null;
  above: number | null;
  below: number | null;
  note: string | null;
  expiresAt: Date | null;
}

/** Why a new or re-armed alert was not stored: too many active ones, or too many kept in all. */
export type AlertLimit = 'active' | 'kept';

/** Two-key advisory lock namespace of a client's alerts (counts and writes of one client one at a time). */
const LOCK_SPACE = 0x0b0ca1e7;

/** SQL of the clients' price alerts (`price_alerts`); client calls are scoped to one client. */
export class PriceAlertsRepo {
  constructor(readonly db: Db) {}

  /** The alerts of one of the client's trading accounts, newest first. */
  async listFor(userId: number, accountId: number): Promise<PriceAlertRow[]> {
    return this.db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.accountId, accountId)))
      .orderBy(desc(priceAlerts.id));
  }

  /** The alert `id` of the client's account, or undefined for another account's, another client's or none. */
  async find(userId: number, accountId: number, id: number): Promise<PriceAlertRow | undefined> {
    const [row] = await this.db
      .select()
      .from(priceAlerts)
      .where(
        and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.accountId, accountId)),
      );
    return row;
  }

  /**
   * Stores a new active alert unless the client has `maxActive` active or `maxKept` alerts in all; counted under
   * a lock of the client's alerts, so two calls at once cannot pass a limit together.
   */
  async create(
    userId: number,
    brandId: number,
    values: AlertValues,
    limits: { maxActive: number; maxKept: number; accountId?: number },
  ): Promise<PriceAlertRow | AlertLimit> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx, userId);
      const refused = await this.overLimit(tx, userId, limits, undefined);
      if (refused) return refused;
      const [row] = await tx
        .insert(priceAlerts)
        .values({
          userId,
          // the account it was set from; without one, the client's default (first live, else first demo)
          accountId:
            limits.accountId ??
            sql<number>`(select ${tradingAccounts.id} from ${tradingAccounts} where ${tradingAccounts.userId} = ${userId}
              order by ${tradingAccounts.kind} = 'demo', ${tradingAccounts.id} limit 1)`,
          brandId,
          ...values,
          status: 'active',
        })
        .returning();
      if (!row) throw new Error('price alert insert returned nothing');
      return row;
    });
  }

  /**
   * Sets the alert `id` of the client's account anew and arms it (a triggered or expired alert becomes active again,
   * within the client's limit of active alerts). Undefined when the account has no such alert.
   */
  async update(
    userId: number,
    accountId: number,
    id: number,
    values: AlertValues,
    limits: { maxActive: number },
  ): Promise<PriceAlertRow | AlertLimit | undefined> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx, userId);
      const refused = await this.overLimit(tx, userId, { ...limits, maxKept: Number.POSITIVE_INFINITY }, id);
      if (refused) return refused;
      const [row] = await tx
        .update(priceAlerts)
        .set({
          ...values,
          status: 'active',
          triggeredAt: null,
          triggeredPrice: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.accountId, accountId)),
        )
        .returning();
      return row;
    });
  }

  /**
   * Deletes the alert `id` of the client's account; false when the account has no such alert. A deleted alert's row is gone, so
   * cluster nodes learn of it by the id missing from their next full look (`activeIds`).
   */
  async delete(userId: number, accountId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(priceAlerts)
      .where(
        and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.accountId, accountId)),
      )
      .returning({ id: priceAlerts.id });
    return rows.length > 0;
  }

  /** An alert by id (any client's: the trigger path reads what it fires). */
  async byId(id: number): Promise<PriceAlertRow | undefined> {
    const [row] = await this.db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
    return row;
  }

  /** Every active alert (loaded into the index at start). */
  async active(): Promise<PriceAlertRow[]> {
    return this.db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
  }

  /** The ids of every active alert (a cluster node's check for alerts deleted on another node). */
  async activeIds(): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: priceAlerts.id })
      .from(priceAlerts)
      .where(eq(priceAlerts.status, 'active'));
    return new Set(rows.map((r) => r.id));
  }

  /** The database's clock: every updated_at is written by it, so the nodes compare changes on one clock. */
  async databaseNow(): Promise<Date> {
    // `execute` answers `{rows}` on both drivers (PGlite and node-postgres); the epoch keeps the types out of it
    const result = await this.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
    const [row] = (result as unknown as { rows: { ms: number | string }[] }).rows;
    return new Date(Number(row?.ms));
  }

  /** Alerts changed after `since` (any state): how a cluster node picks up changes made through another node. */
  async changedSince(since: Date): Promise<PriceAlertRow[]> {
    return this.db.select().from(priceAlerts).where(gt(priceAlerts.updatedAt, since));
  }

  /**
   * Marks an active alert triggered at `price`, once: only a row still active with the `levels` the fire was checked
   * against changes, so of two attempts (two nodes, a fire racing an edit or a delete) one at most gets the row. `then` runs in the same transaction (the
   * mail and the pushes are stored with the trigger, or neither is); it must use `tx` only (the embedded database
   * has one connection: a query beside the transaction would wait for it).
   */
  async trigger(
    id: number,
    levels: Pick<PriceAlertRow, 'kind' | 'side' | 'value' | 'basePrice'>,
    price: number,
    at: Date,
    then: (tx: Db, row: PriceAlertRow) => Promise<void>,
  ): Promise<PriceAlertRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(priceAlerts)
        .set({ status: 'triggered', triggeredAt: at, triggeredPrice: price, updatedAt: sql`now()` })
        .where(
          and(
            eq(priceAlerts.id, id),
            eq(priceAlerts.status, 'active'),
            // the levels the fire was checked against: an edit since then leaves the row to its new levels
            eq(priceAlerts.kind, levels.kind),
            eq(priceAlerts.side, levels.side),
            eq(priceAlerts.value, levels.value),
            levels.basePrice === null
              ? isNull(priceAlerts.basePrice)
              : eq(priceAlerts.basePrice, levels.basePrice),
          ),
        )
        .returning();
      if (row) await then(tx, row);
      return row;
    });
  }

  /** Marks active alerts whose expiry passed as expired; returns their ids. */
  async expireDue(now: Date): Promise<number[]> {
    const rows = await this.db
      .update(priceAlerts)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(priceAlerts.status, 'active'), lte(priceAlerts.expiresAt, now)))
      .returning({ id: priceAlerts.id });
    return rows.map((r) => r.id);
  }

  /** Who an alert's mail goes to. */
  async recipient(userId: number): Promise<{ email: string; firstName: string } | undefined> {
    const [row] = await this.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  private async lock(tx: Db, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${userId})`);
  }

  private async overLimit(
    tx: Db,
    userId: number,
    limits: { maxActive: number; maxKept: number },
    except: number | undefined,
  ): Promise<AlertLimit | undefined> {
    const mine =
      except === undefined
        ? eq(priceAlerts.userId, userId)
        : and(eq(priceAlerts.userId, userId), ne(priceAlerts.id, except));
    const [all] = await tx.select({ n: count() }).from(priceAlerts).where(mine);
    if ((all?.n ?? 0) >= limits.maxKept) return 'kept';
    const [active] = await tx
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(mine, eq(priceAlerts.status, 'active')));
    if ((active?.n ?? 0) >= limits.maxActive) return 'active';
    return undefined;
  }
}
