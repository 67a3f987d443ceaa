import type { StatementEntryRow, StatementPositionRow } from '@openbroker/domain';
import { and, asc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, positions } from '../../db/schema.js';

/**
 * The reads of a client's statement (style §4): ledger entries and positions of one account over a range. It
 * only reads: the ledger (ledger.repo.ts) writes the entries, the trading engine (trading.repo.ts) the positions.
 */
export class StatementsRepo {
  constructor(private readonly db: Db) {}

  /** The account's balance before `before`: the exact sum of its earlier entries (NUMERIC). */
  async balanceBefore(accountId: number, before: Date): Promise<string> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::numeric(20,2)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, before)));
    return row?.total ?? '0.00';
  }

  /** The account's entries booked in [from, to), in booking order, each with its position's symbol. */
  async entries(accountId: number, from: Date, to: Date): Promise<StatementEntryRow[]> {
    const rows = await this.db
      .select({
        id: ledgerEntries.id,
        at: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        positionId: ledgerEntries.positionId,
        symbol: positions.symbol,
        reference: ledgerEntries.reference,
      })
      .from(ledgerEntries)
      .leftJoin(positions, eq(positions.id, ledgerEntries.positionId))
      .where(
        and(
          eq(ledgerEntries.accountId, accountId),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, to),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
    return rows.map((r) => ({ ...r, symbol: r.symbol ?? null }));
  }

  /** The account's positions opened or closed in [from, to). */
  async positions(accountId: number, from: Date, to: Date): Promise<StatementPositionRow[]> {
    const rows = await this.db
      .select({
        id: positions.id,
        symbol: positions.symbol,
        direction: positions.direction,
        amount: positions.amount,
        leverage: positions.leverage,
        openRate: positions.openRate,
        openedAt: positions.openedAt,
        closedRate: positions.closedRate,
        closedAt: positions.closedAt,
        profit: positions.profit,
      })
      .from(positions)
      .where(
        and(
          eq(positions.accountId, accountId),
          or(
            and(gte(positions.openedAt, from), lt(positions.openedAt, to)),
            and(isNotNull(positions.closedAt), gte(positions.closedAt, from), lt(positions.closedAt, to)),
          ),
        ),
      )
      .orderBy(asc(positions.openedAt), asc(positions.id));
    return rows;
  }
}
