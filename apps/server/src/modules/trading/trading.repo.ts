import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetCategories, ledgerEntries, positions, users } from '../../db/schema.js';
import type {
  AccountSnapshot,
  BalanceChangedEvent,
  BalanceEffect,
  BookEvent,
  ClosedPositionRecord,
  CommitBatch,
  EnginePersistence,
  EngineSnapshot,
  PositionRecord,
} from '../../engine/index.js';

type PositionRow = typeof positions.$inferSelect;

const toMoney = (value: number) => value.toFixed(2);
const toRate = (value: number) => String(value);
const num = (value: string | null) => (value === null ? null : Number(value));

/** A client's account as the engine needs it. */
function accountOf(row: typeof users.$inferSelect): AccountSnapshot {
  return {
    id: row.id,
    verified: row.verifiedAccount,
    assetsGroupPermission: row.assetsGroupPermission,
    customLeverage: row.customLeverage,
    balance: row.balance,
  };
}

function openRecord(row: PositionRow): PositionRecord {
  return {
    id: row.id,
    accountId: row.userId,
    symbol: row.symbol,
    direction: row.direction,
    amount: Number(row.amount) as PositionRecord['amount'],
    leverage: row.leverage,
    openRate: Number(row.openRate) as PositionRecord['openRate'],
    openedAt: row.openedAt.getTime(),
    stopLoss: num(row.stopLoss) as PositionRecord['stopLoss'],
    takeProfit: num(row.takeProfit) as PositionRecord['takeProfit'],
  };
}

function closedRecord(row: PositionRow): ClosedPositionRecord {
  return {
    ...openRecord(row),
    closedRate: Number(row.closedRate) as ClosedPositionRecord['closedRate'],
    closedAt: row.closedAt?.getTime() ?? 0,
    reason: (row.closingReason ?? 0) as ClosedPositionRecord['reason'],
    cause: (row.closeCause ?? 'manual') as ClosedPositionRecord['cause'],
    profit: Number(row.profit ?? 0) as ClosedPositionRecord['profit'],
    shortfall: Number(row.shortfall ?? 0) as ClosedPositionRecord['shortfall'],
  };
}

/** Thrown inside a commit when the database disagrees with the engine: the transaction rolls back. */
/** Stores a balance effect inside the commit's transaction; throwing rolls the whole batch back. */
export type EffectHandler = (tx: Db, effect: BalanceEffect, event: BalanceChangedEvent) => Promise<void>;

export class LedgerMismatchError extends Error {
  override name = 'LedgerMismatchError';
}

/**
 * The trading engine's persistence port (architecture §5, §6): each batch of events is stored in
 * one database transaction — positions opened, updated and closed, and for every balance change a
 * ledger entry with the balance after it, plus the new balance on the account. The engine applies a
 * batch and acknowledges its command only after this resolves.
 */
export class TradingRepo implements EnginePersistence {
  private readonly effects = new Map<string, EffectHandler>();

  constructor(private readonly db: Db) {}

  /**
   * Teaches the repo to store one kind of balance effect (e.g. a payment's status change) inside the
   * commit of the balance change that carries it. An effect without a handler aborts the commit.
   */
  registerEffect(type: string, handler: EffectHandler): void {
    this.effects.set(type, handler);
  }

  async commit(batch: CommitBatch): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const event of batch.events) await this.store(tx as unknown as Db, event);
    });
  }

  private async store(tx: Db, event: BookEvent): Promise<void> {
    switch (event.type) {
      case 'position.opened': {
        const p = event.position;
        await tx.insert(positions).values({
          id: p.id,
          userId: p.accountId,
          symbol: p.symbol,
          direction: p.direction,
          amount: toMoney(p.amount),
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
            profit: toMoney(p.profit),
            shortfall: toMoney(p.shortfall),
          })
          // A position closes once: a second close matches no row and aborts the transaction.
          .where(and(eq(positions.id, p.id), isNull(positions.closedAt)))
          .returning({ id: positions.id });
        if (closed.length !== 1) throw new LedgerMismatchError(`position ${p.id} is not open`);
        return;
      }
      case 'balance.changed': {
        const { cause } = event;
        const [account] = await tx
          .select({ balance: users.balance })
          .from(users)
          .where(eq(users.id, event.accountId))
          .for('update');
        if (!account) throw new LedgerMismatchError(`account ${event.accountId} does not exist`);
        let balance = Number(account.balance);
        const entries: (typeof ledgerEntries.$inferInsert)[] = [];
        if (cause.kind === 'position') {
          balance = round2(balance + cause.profit);
          entries.push({
            userId: event.accountId,
            kind: 'realised_pnl',
            amount: toMoney(cause.profit),
            balanceAfter: toMoney(balance),
            positionId: cause.positionId,
          });
          if (cause.shortfall > 0) {
            balance = round2(balance + cause.shortfall);
            entries.push({
              userId: event.accountId,
              kind: 'negative_balance_protection',
              amount: toMoney(cause.shortfall),
              balanceAfter: toMoney(balance),
              positionId: cause.positionId,
            });
          }
        } else {
          balance = round2(balance + event.change);
          entries.push({
            userId: event.accountId,
            kind: cause.kind,
            amount: toMoney(event.change),
            balanceAfter: toMoney(balance),
            reference: cause.reference,
          });
        }
        if (toMoney(balance) !== toMoney(event.balance)) {
          throw new LedgerMismatchError(
            `account ${event.accountId}: engine balance ${toMoney(event.balance)} but ledger gives ${toMoney(balance)}`,
          );
        }
        await tx.insert(ledgerEntries).values(entries);
        await tx
          .update(users)
          .set({ balance: toMoney(balance) })
          .where(eq(users.id, event.accountId));
        if (cause.kind !== 'position' && event.change < 0) {
          // architecture §6: a debit (a withdrawal's reservation) is re-checked against the free margin
          // inside the transaction that books it, so no race can overdraw the account.
          const [open] = await tx
            .select({ margin: sql<string>`coalesce(sum(${positions.amount}), 0)` })
            .from(positions)
            .where(and(eq(positions.userId, event.accountId), isNull(positions.closedAt)));
          if (balance < Number(open?.margin ?? 0)) {
            throw new LedgerMismatchError(
              `account ${event.accountId}: a debit of ${toMoney(-event.change)} exceeds the free margin`,
            );
          }
        }
        if (cause.kind !== 'position' && cause.effect) {
          const handler = this.effects.get(cause.effect.type);
          if (!handler) throw new LedgerMismatchError(`no handler stores effect "${cause.effect.type}"`);
          await handler(tx, cause.effect, event);
        }
        return;
      }
    }
  }

  /** Everything the engine is rebuilt from on start. */
  async loadSnapshot(historyPerAccount: number): Promise<EngineSnapshot> {
    const accountRows = await this.db.select().from(users);
    const openRows = await this.db.select().from(positions).where(isNull(positions.closedAt));
    const historyRows = await this.db.execute<Record<string, unknown>>(sql`
      select id from (
        select id, row_number() over (partition by user_id order by closed_at desc, id desc) as n
        from positions where closed_at is not null
      ) ranked where n <= ${historyPerAccount}`);
    const historyIds = new Set((rowsOf(historyRows) as { id: number }[]).map((r) => Number(r.id)));
    const closedRows =
      historyIds.size === 0
        ? []
        : (await this.db.select().from(positions).where(isNotNull(positions.closedAt))).filter((r) =>
            historyIds.has(r.id),
          );
    const [max] = await this.db
      .select({ id: sql<number>`coalesce(max(${positions.id}), 0)` })
      .from(positions);
    return {
      accounts: accountRows.map(accountOf),
      positions: openRows.map(openRecord),
      history: closedRows
        .sort((a, b) => (a.closedAt?.getTime() ?? 0) - (b.closedAt?.getTime() ?? 0))
        .map(closedRecord),
      nextPositionId: Number(max?.id ?? 0) + 1,
    };
  }

  async loadAccount(userId: number): Promise<AccountSnapshot | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row && accountOf(row);
  }

  async categories(): Promise<Map<number, { name: string; leverage: string }>> {
    const rows = await this.db.select().from(assetCategories);
    return new Map(rows.map((r) => [r.id, { name: r.name, leverage: r.leverage }]));
  }

  /** Accounts whose balance differs from the sum of their ledger entries (architecture §6 invariant). */
  async ledgerDifferences(): Promise<{ userId: number; email: string; balance: string; ledger: string }[]> {
    const result = await this.db.execute<{
      user_id: number;
      email: string;
      balance: string;
      ledger: string;
    }>(sql`
      select u.id as user_id, u.email, u.balance::text as balance, coalesce(sum(l.amount), 0)::numeric(20,2)::text as ledger
      from users u left join ledger_entries l on l.user_id = u.id
      group by u.id, u.email, u.balance
      having u.balance <> coalesce(sum(l.amount), 0)
      order by u.id`);
    return (rowsOf(result) as { user_id: number; email: string; balance: string; ledger: string }[]).map(
      (r) => ({
        userId: Number(r.user_id),
        email: r.email,
        balance: r.balance,
        ledger: r.ledger,
      }),
    );
  }

  /** The latest closed positions of an account (beyond what the engine keeps in memory). */
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

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `execute` answers `{rows}` on both drivers (PGlite and node-postgres). */
const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;
