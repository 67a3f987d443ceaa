import type { BrandAutoTradingSettings } from '@openbroker/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { auditLog, brands, positions, staffUsers, users } from '../../../db/schema.js';
import { BrandsRepo } from '../../brands/brands.repo.js';

/** null: every brand (a member of all brands); else these brand ids. */
export type BrandIds = readonly number[] | null;

export interface AutoBrandRow {
  id: number;
  slug: string;
  name: string;
  currency: string;
  autoTrading: BrandAutoTradingSettings | null;
}

/** What the strategy does for a brand's clients now: switched on, open auto positions, today's realised result. */
export interface AutoBrandCounts {
  clientsOn: number;
  openPositions: number;
  /** Auto positions (and closed parts) closed since `dayStart`, and their realised profit (decimal string). */
  closedToday: number;
  resultToday: string;
}

export const AUTO_TRADING_KILL_ACTION = 'brand.autoTrading.killSwitch';

const rowOf = (r: {
  id: number;
  slug: string;
  name: string;
  settings: { currency?: string; autoTrading?: BrandAutoTradingSettings };
}): AutoBrandRow => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  currency: r.settings.currency ?? '',
  autoTrading: r.settings.autoTrading ?? null,
});

/** SQL of the back office's auto-trading screen: brands' settings.autoTrading and the strategy's counts. */
export class AutoTradingAdminRepo {
  constructor(private readonly db: Db) {}

  /** Brands (all, or these ids) in id order. */
  async brands(ids: BrandIds): Promise<AutoBrandRow[]> {
    const rows = await this.db
      .select({ id: brands.id, slug: brands.slug, name: brands.name, settings: brands.settings })
      .from(brands)
      .where(ids === null ? undefined : inArray(brands.id, [...ids, 0]))
      .orderBy(asc(brands.id));
    return rows.map(rowOf);
  }

  /** Per brand (all, or these ids): clients with auto-trading on, open auto positions, auto closes since `dayStart`. */
  async counts(ids: BrandIds, dayStart: Date): Promise<Map<number, AutoBrandCounts>> {
    const brandFilter = ids === null ? undefined : inArray(users.brandId, [...ids, 0]);
    const [on, open, today] = await Promise.all([
      this.db
        .select({ brandId: users.brandId, n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.autoTrading, true), brandFilter))
        .groupBy(users.brandId),
      this.db
        .select({ brandId: users.brandId, n: sql<number>`count(*)::int` })
        .from(positions)
        .innerJoin(users, eq(users.id, positions.userId))
        .where(and(eq(positions.origin, 'auto'), isNull(positions.closedAt), brandFilter))
        .groupBy(users.brandId),
      this.db
        .select({
          brandId: users.brandId,
          n: sql<number>`count(*)::int`,
          profit: sql<string>`coalesce(sum(${positions.profit}), 0)::numeric(20, 2)::text`,
        })
        .from(positions)
        .innerJoin(users, eq(users.id, positions.userId))
        .where(
          and(
            eq(positions.origin, 'auto'),
            isNotNull(positions.closedAt),
            gte(positions.closedAt, dayStart),
            brandFilter,
          ),
        )
        .groupBy(users.brandId),
    ]);
    const out = new Map<number, AutoBrandCounts>();
    const entry = (brandId: number | null) => {
      const id = brandId ?? 0;
      let counts = out.get(id);
      if (!counts) {
        counts = { clientsOn: 0, openPositions: 0, closedToday: 0, resultToday: '0.00' };
        out.set(id, counts);
      }
      return counts;
    };
    for (const r of on) entry(r.brandId).clientsOn = Number(r.n);
    for (const r of open) entry(r.brandId).openPositions = Number(r.n);
    for (const r of today) {
      const counts = entry(r.brandId);
      counts.closedToday = Number(r.n);
      counts.resultToday = r.profit;
    }
    return out;
  }

  /** The last kill-switch change of a brand: who (staff name, or the audit actor) and when. */
  async lastKillSwitch(
    brandId: number,
  ): Promise<
    | { actor: string; staffId: number | null; staffName: string | null; at: Date; reason: string | null }
    | undefined
  > {
    const [row] = await this.db
      .select({
        actor: auditLog.actor,
        at: auditLog.createdAt,
        reason: auditLog.reason,
        staffId: staffUsers.id,
        staffName: staffUsers.name,
      })
      .from(auditLog)
      .leftJoin(staffUsers, sql`${auditLog.actor} = 'staff:' || ${staffUsers.id}::text`)
      .where(
        and(
          eq(auditLog.action, AUTO_TRADING_KILL_ACTION),
          eq(auditLog.subject, `brand:${brandId}`),
          eq(auditLog.brandId, brandId),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row
      ? {
          actor: row.actor,
          staffId: row.staffId ?? null,
          staffName: row.staffName ?? null,
          at: row.at,
          reason: row.reason ?? null,
        }
      : undefined;
  }

  /**
   * Runs `work` on the brand's stored auto-trading settings, its row locked until the transaction ends, and stores
   * what `work` answers (only `settings.autoTrading`; the other settings stay as stored). `work` answers undefined
   * to leave it as it was. Undefined when the brand does not exist.
   */
  async change<T>(
    brandId: number,
    work: (
      tx: Db,
      current: AutoBrandRow,
    ) => Promise<{ next: BrandAutoTradingSettings | undefined; result: T }>,
  ): Promise<{ row: AutoBrandRow; result: T; changed: boolean } | undefined> {
    return this.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [locked] = await tx
        .select({ id: brands.id, slug: brands.slug, name: brands.name, settings: brands.settings })
        .from(brands)
        .where(eq(brands.id, brandId))
        .for('update');
      if (!locked) return undefined;
      const current = rowOf(locked);
      const { next, result } = await work(tx, current);
      if (next === undefined) return { row: current, result, changed: false };
      await new BrandsRepo(this.db).setSettingsKey(tx, brandId, 'autoTrading', next);
      return { row: { ...current, autoTrading: next }, result, changed: true };
    });
  }
}
