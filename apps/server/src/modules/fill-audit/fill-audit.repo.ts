import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type FillWindowQuote, fillAudits, tradingAccounts } from '../../db/schema.js';
import type { FillRecord, FillRecordStore } from '../trading/trading.repo.js';

export type FillAuditRow = typeof fillAudits.$inferSelect;

const num = (value: number) => String(value);

/** SQL of the fill audit (`fill_audits`): written in the trade's transaction, then its window once that passed. */
export class FillAuditRepo implements FillRecordStore {
  constructor(private readonly db: Db) {}

  /** Stores what each fill was dealt at, in the trade's transaction `tx` (a fill is stored once). */
  async recordFills(tx: Db, fills: readonly FillRecord[]): Promise<void> {
    await tx
      .insert(fillAudits)
      .values(
        fills.map((f) => ({
          // the account's owner beside it (reports and the client's own reads go by client)
          userId: sql<number>`(select ${tradingAccounts.userId} from ${tradingAccounts} where ${tradingAccounts.id} = ${f.accountId})`,
          accountId: f.accountId,
          positionId: f.positionId,
          kind: f.kind,
          symbol: f.symbol,
          direction: f.direction,
          cause: f.cause,
          partOf: f.partOf,
          filledAt: new Date(f.at),
          fillPrice: num(f.price),
          feedBid: num(f.fill.bid),
          feedAsk: num(f.fill.ask),
          feedAt: new Date(f.fill.ts),
          markupUnit: f.fill.terms.markup.unit,
          markupValue: num(f.fill.terms.markup.value),
          pipSize: num(f.fill.terms.pipSize),
          tick: f.fill.terms.tick === null ? null : num(f.fill.terms.tick),
          quoteBuy: num(f.fill.quote.buy),
          quoteSell: num(f.fill.quote.sell),
        })),
      )
      .onConflictDoNothing();
  }

  /** A fill of this client's position (undefined: none, or another client's). */
  async find(userId: number, positionId: number, kind: 'open' | 'close'): Promise<FillAuditRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fillAudits)
      .where(
        and(eq(fillAudits.userId, userId), eq(fillAudits.positionId, positionId), eq(fillAudits.kind, kind)),
      )
      .limit(1);
    return row;
  }

  /** Fills whose window is still to be written and whose minute after ended at or before `until`, oldest first. */
  async due(until: Date, limit: number): Promise<FillAuditRow[]> {
    return this.db
      .select()
      .from(fillAudits)
      .where(and(eq(fillAudits.windowState, 'pending'), lte(fillAudits.filledAt, until)))
      .orderBy(asc(fillAudits.filledAt))
      .limit(limit);
  }

  /** Writes a fill's window once (a second writer, e.g. another node, changes nothing). */
  async storeWindow(id: number, state: 'complete' | 'partial', quotes: FillWindowQuote[]): Promise<void> {
    await this.db
      .update(fillAudits)
      .set({ windowState: state, windowQuotes: quotes })
      .where(and(eq(fillAudits.id, id), eq(fillAudits.windowState, 'pending')));
  }
}
