import { type TradingAccountKind, tradingAccountNumber } from '@openbroker/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tradingAccounts } from '../../db/schema.js';

export type TradingAccountRow = typeof tradingAccounts.$inferSelect;

/**
 * SQL of the trading accounts (docs/accounts.md): opening an account and reading a client's accounts. The balance is
 * never written here: the ledger alone moves it (ledger.repo.ts), starting from 0 when an account opens.
 */
export class TradingAccountsRepo {
  constructor(readonly db: Db) {}

  /**
   * Opens the client's next account of a kind in a currency, numbered '<L|D>-<pin>-<n>' (n: how many accounts of
   * that kind the client has, plus one). Build it on the caller's transaction to commit with the rest of its work.
   * `id`: only for a client's first account, which takes the client's id (registration, seed; decision 0028); any
   * other account draws its id from the clients' sequence, so it is never a client's id.
   */
  async open(owner: {
    userId: number;
    brandId: number;
    pin: string;
    kind: TradingAccountKind;
    currency: string;
    id?: number;
  }): Promise<TradingAccountRow> {
    const [existing] = await this.db
      .select({ n: count() })
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.userId, owner.userId), eq(tradingAccounts.kind, owner.kind)));
    const number = tradingAccountNumber(owner.kind, owner.pin, (existing?.n ?? 0) + 1);
    const [row] = await this.db
      .insert(tradingAccounts)
      .values({
        ...(owner.id === undefined ? {} : { id: owner.id }),
        userId: owner.userId,
        brandId: owner.brandId,
        kind: owner.kind,
        currency: owner.currency,
        number,
      })
      .returning();
    if (!row) throw new Error('trading account insert returned nothing');
    return row;
  }

  async findById(id: number): Promise<TradingAccountRow | undefined> {
    const [row] = await this.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)).limit(1);
    return row;
  }

  /** The account with this id when it belongs to this client; undefined for another client's or an unknown id. */
  async findOwned(userId: number, id: number): Promise<TradingAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.id, id), eq(tradingAccounts.userId, userId)))
      .limit(1);
    return row;
  }

  /** A client's accounts, live ones first, each kind oldest first. */
  async listByUser(userId: number): Promise<TradingAccountRow[]> {
    return this.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(sql`case when ${tradingAccounts.kind} = 'live' then 0 else 1 end`, asc(tradingAccounts.id));
  }

  /** The client's default account: the first live one, else the first demo one. */
  async defaultOf(userId: number): Promise<TradingAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(sql`case when ${tradingAccounts.kind} = 'live' then 0 else 1 end`, asc(tradingAccounts.id))
      .limit(1);
    return row;
  }

  /** The client's first live account (staff money requests book on it unless they name another). */
  async firstLiveOf(userId: number): Promise<TradingAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.kind, 'live')))
      .orderBy(asc(tradingAccounts.id))
      .limit(1);
    return row;
  }

  /** The ids of a brand's live accounts (a brand's compliance settings change reloads them into the engine). */
  async liveIdsOfBrand(brandId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: tradingAccounts.id })
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.brandId, brandId), eq(tradingAccounts.kind, 'live')))
      .orderBy(asc(tradingAccounts.id));
    return rows.map((r) => r.id);
  }
}
