import { moneyToDecimalString, parseMoney, price } from '@openbroker/domain';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetCategories, positions, users } from '../../db/schema.js';
import type {
  AccountSnapshot,
  BalanceChangedEvent,
  BookEvent,
  ClosedPositionRecord,
  CommitBatch,
  EnginePersistence,
  EngineSnapshot,
  PositionId,
  PositionRecord,
} from '../../engine/index.js';
import { type BookedEntry, Ledger, type LedgerKind } from '../ledger/ledger.js';
import { LedgerRepo } from '../ledger/ledger.repo.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  type PaymentEffectStore,
  STAFF_ACTION_OF_EFFECT,
  type StoredEffect,
} from '../payments/payment-effects.js';
import { PositionIdReserve, type PositionIdReserveOptions } from './position-ids.js';

type PositionRow = typeof positions.$inferSelect;

const toRate = (value: number) => String(value);
const rateOrNull = (value: string | null) => (value === null ? null : price(value));

/** A client's account as the engine needs it. */
function accountOf(row: typeof users.$inferSelect): AccountSnapshot {
  return {
    id: row.id,
    verified: row.verifiedAccount,
    assetsGroupPermission: row.assetsGroupPermission,
    customLeverage: row.customLeverage,
    tradingEnabled: row.tradingEnabled,
    balance: parseMoney(row.balance),
  };
}

function openRecord(row: PositionRow): PositionRecord {
  return {
    id: row.id,
    accountId: row.userId,
    symbol: row.symbol,
    direction: row.direction,
    amount: parseMoney(row.amount),
    leverage: row.leverage,
    openRate: price(row.openRate),
    openedAt: row.openedAt.getTime(),
    stopLoss: rateOrNull(row.stopLoss),
    takeProfit: rateOrNull(row.takeProfit),
  };
}

function closedRecord(row: PositionRow): ClosedPositionRecord {
  return {
    ...openRecord(row),
    closedRate: price(row.closedRate ?? '0'),
    closedAt: row.closedAt?.getTime() ?? 0,
    reason: (row.closingReason ?? 0) as ClosedPositionRecord['reason'],
    cause: (row.closeCause ?? 'manual') as ClosedPositionRecord['cause'],
    profit: parseMoney(row.profit ?? '0.00'),
    shortfall: parseMoney(row.shortfall ?? '0.00'),
  };
}

/** Thrown inside a commit when the database disagrees with the engine: the transaction rolls back. */
export class LedgerMismatchError extends Error {
  override name = 'LedgerMismatchError';
}

export interface TradingRepoOptions {
  /** Stores the payment effects balance adjustments carry (the payments module's repo). */
  paymentEffects?: PaymentEffectStore;
  ledger?: Ledger;
  /** How position ids are reserved from the database (block size, background refill errors). */
  positionIds?: PositionIdReserveOptions;
  /** Counts committed ledger entries by kind (GET /metrics). */
  metrics?: Pick<Metrics, 'ledgerBookings'>;
}

/**
 * The trading engine's persistence port (architecture §5, §6): each batch of events is stored in
 * one database transaction — positions opened, updated and closed, and for every balance change its
 * ledger entries booked through the ledger module (with a payment's effect, if it carries one). The
 * engine applies a batch and acknowledges its command only after this resolves. Position ids come
 * from the database's sequence, reserved in blocks (`positionIds`).
 */
export class TradingRepo implements EnginePersistence {
  readonly positionIds: PositionIdReserve;
  private readonly ledger: Ledger;
  private readonly paymentEffects: PaymentEffectStore | undefined;
  private readonly metrics: Pick<Metrics, 'ledgerBookings'> | undefined;

  constructor(
    private readonly db: Db,
    options: TradingRepoOptions = {},
  ) {
    this.ledger = options.ledger ?? new Ledger();
    this.paymentEffects = options.paymentEffects;
    this.metrics = options.metrics;
    this.positionIds = new PositionIdReserve((count) => this.reservePositionIds(count), options.positionIds);
  }

  /** `count` fresh ids from the positions' sequence (never handed out twice, by any process). */
  async reservePositionIds(count: number): Promise<PositionId[]> {
    const result = await this.db.execute(
      sql`select nextval('positions_id_seq')::int as id from generate_series(1, ${count})`,
    );
    return (rowsOf(result) as { id: number | string }[]).map((r) => Number(r.id));
  }

  async commit(batch: CommitBatch): Promise<void> {
    const booked: LedgerKind[] = [];
    await this.db.transaction(async (tx) => {
      for (const event of batch.events) await this.store(tx as unknown as Db, event, booked);
    });
    // Counted once committed: an entry rolled back with its transaction was never booked.
    for (const kind of booked) this.metrics?.ledgerBookings.inc({ kind });
  }

  private async store(tx: Db, event: BookEvent, booked: LedgerKind[]): Promise<void> {
    switch (event.type) {
      case 'position.opened': {
        const p = event.position;
        await tx.insert(positions).values({
          id: p.id,
          userId: p.accountId,
          symbol: p.symbol,
          direction: p.direction,
          amount: moneyToDecimalString(p.amount),
          leverage: p.leverage,
          openRate: toRate(p.openRate),
          openedAt: new Date(p.openedAt),
          stopLoss: p.stopLoss === null ? null : toRate(p.stopLoss),
          takeProfit: p.takeProfit === null ? null : toRate(p.takeProfit),
        });
        return;
      }
      case 'position.updated': {
        await tx
          .update(positions)
          .set({
            stopLoss: event.stopLoss === null ? null : toRate(event.stopLoss),
            takeProfit: event.takeProfit === null ? null : toRate(event.takeProfit),
          })
          .where(and(eq(positions.id, event.positionId), isNull(positions.closedAt)));
        return;
      }
      case 'position.closed': {
        const p = event.position;
        const closed = await tx
          .update(positions)
          .set({
            closedRate: toRate(p.closedRate),
            closedAt: new Date(p.closedAt),
            closingReason: p.reason,
            closeCause: p.cause,
            profit: moneyToDecimalString(p.profit),
            shortfall: moneyToDecimalString(p.shortfall),
          })
          // A position closes once: a second close matches no row and aborts the transaction.
          .where(and(eq(positions.id, p.id), isNull(positions.closedAt)))
          .returning({ id: positions.id });
        if (closed.length !== 1) throw new LedgerMismatchError(`position ${p.id} is not open`);
        return;
      }
      case 'balance.changed':
        for (const entry of await this.storeBalanceChange(tx, event)) booked.push(entry.kind);
        return;
    }
  }

  /**
   * Books a balance change through the ledger and checks the database agrees with the engine's
   * balance; returns the entries booked.
   */
  private async storeBalanceChange(tx: Db, event: BalanceChangedEvent): Promise<BookedEntry[]> {
    const { accountId, cause } = event;
    const entries: BookedEntry[] = [];
    let booked: BookedEntry;
    if (cause.kind === 'position') {
      const position = { positionId: cause.positionId };
      booked = await this.ledger.book(tx, {
        accountId,
        kind: 'realised_pnl',
        amount: cause.profit,
        cause: position,
      });
      entries.push(booked);
      // negative balance protection (architecture §5): the broker books the shortfall back, audited in the ledger
      if (cause.shortfall > 0) {
        booked = await this.ledger.book(tx, {
          accountId,
          kind: 'negative_balance_protection',
          amount: cause.shortfall,
          cause: position,
        });
        entries.push(booked);
      }
    } else {
      const { effect, ...adjustment } = cause;
      // The effect first (same transaction): a staff action's audit row id is the entry's cause.
      let stored: StoredEffect = {};
      if (effect) {
        if (!this.paymentEffects) throw new LedgerMismatchError(`no store for the effect "${effect.type}"`);
        stored = await this.paymentEffects.storeEffect(tx, effect);
      }
      if ('staffAction' in adjustment.cause && adjustment.cause.staffAction === STAFF_ACTION_OF_EFFECT) {
        if (stored.auditId === undefined)
          throw new LedgerMismatchError(`account ${accountId}: a staff action booked without its audit row`);
        adjustment.cause = { staffAction: String(stored.auditId) };
      }
      booked = await this.ledger.book(tx, { accountId, amount: event.change, ...adjustment });
      entries.push(booked);
      if (event.change < 0 && !(await this.coversOpenMargin(tx, accountId))) {
        // architecture §6: a debit (a withdrawal's reservation) is re-checked against the free margin
        // inside the transaction that books it, so no race can overdraw the account.
        throw new LedgerMismatchError(
          `account ${accountId}: a debit of ${moneyToDecimalString(event.change)} exceeds the free margin`,
        );
      }
    }
    if (booked.balanceAfter !== event.balance) {
      throw new LedgerMismatchError(
        `account ${accountId}: engine balance ${moneyToDecimalString(event.balance)} but ledger gives ${moneyToDecimalString(booked.balanceAfter)}`,
      );
    }
    return entries;
  }

  /** Whether the booked balance still covers the margin of the account's open positions (exact, in SQL). */
  private async coversOpenMargin(tx: Db, accountId: number): Promise<boolean> {
    const result = await tx.execute(sql`
      select u.balance >= coalesce(
        (select sum(p.amount) from positions p where p.user_id = u.id and p.closed_at is null), 0) as covered
      from users u where u.id = ${accountId}`);
    const [row] = rowsOf(result) as { covered: boolean }[];
    return row?.covered === true;
  }

  /**
   * What the engine is rebuilt from on start: every account and the OPEN positions only. Closed
   * positions stay in the database; an account's history is read on demand (`history`).
   */
  async loadSnapshot(): Promise<EngineSnapshot> {
    const accountRows = await this.db.select().from(users);
    const openRows = await this.db.select().from(positions).where(isNull(positions.closedAt));
    return { accounts: accountRows.map(accountOf), positions: openRows.map(openRecord) };
  }

  async loadAccount(userId: number): Promise<AccountSnapshot | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row && accountOf(row);
  }

  async categories(): Promise<Map<number, { name: string; leverage: string }>> {
    const rows = await this.db.select().from(assetCategories);
    return new Map(rows.map((r) => [r.id, { name: r.name, leverage: r.leverage }]));
  }

  /** Accounts whose balance differs from the sum of their ledger entries (see also ledger.verify.ts). */
  ledgerDifferences(): Promise<{ userId: number; email: string; balance: string; ledger: string }[]> {
    return new LedgerRepo().balanceDifferences(this.db);
  }

  /** The latest closed positions of an account, newest first (the history list, read on demand). */
  async history(userId: number, limit: number): Promise<ClosedPositionRecord[]> {
    const rows = await this.db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), isNotNull(positions.closedAt)))
      .orderBy(desc(positions.closedAt), desc(positions.id))
      .limit(limit);
    return rows.map(closedRecord);
  }
}

/** `execute` answers `{rows}` on both drivers (PGlite and node-postgres). */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;
