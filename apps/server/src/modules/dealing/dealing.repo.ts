/**
 * The dealing desk's reads and writes: names of the clients the desk shows, the latest closes for the
 * closes stream's first page, and a brand's halted symbols. The live figures never come from here: they are the
 * engine's (dealing.desk.ts).
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, positions, tradingAccounts, users } from '../../db/schema.js';
import { BrandsRepo } from '../brands/brands.repo.js';
import type { ScopeFilter } from '../staff/policy.js';

/** A trading account as the desk names it: its client, number, kind and currency. */
export interface DeskClient {
  /** The trading account's id (the engine's account id). */
  id: number;
  /** The client who owns it. */
  userId: number;
  accountNumber: string;
  /** A demo account holds virtual money: the desk leaves it out of its figures. */
  demo: boolean;
  name: string;
  pin: string | null;
  brandId: number;
  brandSlug: string;
  /** The account's currency. */
  currency: string;
}

/** A closed position as the closes stream lists it. */
export interface ClosedRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  brandId: number;
  brandSlug: string;
  /** The account's currency: the profit's. */
  currency: string;
  accountNumber: string;
  demo: boolean;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: string;
  leverage: number;
  closedRate: string | null;
  closedAt: Date | null;
  closingReason: number | null;
  closeCause: string | null;
  profit: string | null;
  partOf: number | null;
  closeContext: Record<string, unknown> | null;
}

export class DealingRepo {
  constructor(private readonly db: Db) {}

  /** Trading accounts by id with their client's name, PIN and brand (ids not found are left out). */
  async clients(ids: readonly number[]): Promise<DeskClient[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        id: tradingAccounts.id,
        userId: users.id,
        accountNumber: tradingAccounts.number,
        kind: tradingAccounts.kind,
        currency: tradingAccounts.currency,
        firstName: users.firstName,
        lastName: users.lastName,
        pin: users.pin,
        brandId: users.brandId,
        brandSlug: brands.slug,
      })
      .from(tradingAccounts)
      .innerJoin(users, eq(users.id, tradingAccounts.userId))
      .innerJoin(brands, eq(brands.id, users.brandId))
      .where(inArray(tradingAccounts.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      accountNumber: r.accountNumber,
      demo: r.kind === 'demo',
      name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
      pin: r.pin ?? null,
      brandId: r.brandId,
      brandSlug: r.brandSlug,
      currency: r.currency,
    }));
  }

  /** The latest closes of clients in scope, newest first. */
  async latestCloses(brandIds: ScopeFilter, limit: number): Promise<ClosedRow[]> {
    const rows = await this.db
      .select({
        id: positions.id,
        userId: positions.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        brandId: users.brandId,
        brandSlug: brands.slug,
        currency: tradingAccounts.currency,
        accountNumber: tradingAccounts.number,
        kind: tradingAccounts.kind,
        symbol: positions.symbol,
        direction: positions.direction,
        amount: positions.amount,
        leverage: positions.leverage,
        closedRate: positions.closedRate,
        closedAt: positions.closedAt,
        closingReason: positions.closingReason,
        closeCause: positions.closeCause,
        profit: positions.profit,
        partOf: positions.partOf,
        closeContext: positions.closeContext,
      })
      .from(positions)
      .innerJoin(users, eq(users.id, positions.userId))
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
      .innerJoin(brands, eq(brands.id, users.brandId))
      .where(
        and(
          isNotNull(positions.closedAt),
          brandIds === null ? undefined : inArray(users.brandId, [...brandIds]),
        ),
      )
      .orderBy(desc(positions.closedAt), desc(positions.id))
      .limit(limit);
    return rows.map(({ kind, ...row }) => ({ ...(row as Omit<ClosedRow, 'demo'>), demo: kind === 'demo' }));
  }

  /** Brands (id, slug, name, halted symbols) among the given ids, or every brand. */
  async brandsHalts(
    brandIds: ScopeFilter,
  ): Promise<{ id: number; slug: string; name: string; halted: string[] }[]> {
    const rows = await this.db
      .select({ id: brands.id, slug: brands.slug, name: brands.name, settings: brands.settings })
      .from(brands)
      .where(brandIds === null ? undefined : inArray(brands.id, [...brandIds]))
      .orderBy(brands.name);
    return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, halted: haltedOf(r.settings) }));
  }

  /** A brand's halted symbols, its row locked until `tx` ends; undefined when the brand does not exist. */
  async lockHalted(tx: Db, brandId: number): Promise<string[] | undefined> {
    const [row] = await tx
      .select({ settings: brands.settings })
      .from(brands)
      .where(eq(brands.id, brandId))
      .for('update');
    return row ? haltedOf(row.settings) : undefined;
  }

  /** Replaces a brand's halted symbols (only that key of its settings: other settings are kept as stored). */
  async writeHalted(tx: Db, brandId: number, symbols: readonly string[]): Promise<void> {
    await new BrandsRepo(this.db).setSettingsKey(tx, brandId, 'haltedSymbols', [...symbols]);
  }

  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Db));
  }
}

/** The halted symbols of a brand's settings, upper-case, as stored. */
export function haltedOf(settings: { haltedSymbols?: unknown } | null | undefined): string[] {
  const list = settings?.haltedSymbols;
  return Array.isArray(list)
    ? list.filter((s): s is string => typeof s === 'string').map((s) => s.toUpperCase())
    : [];
}
