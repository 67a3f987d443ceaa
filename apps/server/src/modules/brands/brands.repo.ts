import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands } from '../../db/schema.js';
import type { BrandTradingSettings } from './brand-trading.js';

export type BrandRow = typeof brands.$inferSelect;

export class BrandsRepo {
  constructor(private readonly db: Db) {}

  async findByHost(host: string): Promise<BrandRow | undefined> {
    const [row] = await this.db.select().from(brands).where(sql`${host} = any(${brands.hosts})`).limit(1);
    return row;
  }

  async findBySlug(slug: string): Promise<BrandRow | undefined> {
    const [row] = await this.db.select().from(brands).where(eq(brands.slug, slug)).limit(1);
    return row;
  }

  async findById(id: number): Promise<BrandRow | undefined> {
    const [row] = await this.db.select().from(brands).where(eq(brands.id, id)).limit(1);
    return row;
  }

  /** Every brand, in id order (a deployment has a handful). */
  listAll(): Promise<BrandRow[]> {
    return this.db.select().from(brands).orderBy(asc(brands.id));
  }

  /**
   * Replaces the brand's `settings.trading` (the other settings stay as they are) and runs `audit` with the
   * settings it replaced, in one transaction: the change and its audit row commit together or not at all. The
   * row is locked first, so two staff members saving at once each record the `before` they really replaced.
   * Undefined when the brand does not exist.
   */
  async setTrading(
    id: number,
    trading: BrandTradingSettings,
    audit: (tx: Db, before: BrandTradingSettings | null) => Promise<unknown>,
  ): Promise<{ before: BrandTradingSettings | null; row: BrandRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!current) return undefined;
      const before = current.settings.trading ?? null;
      const [row] = await tx
        .update(brands)
        .set({
          settings: sql`jsonb_set(${brands.settings}, '{trading}', ${JSON.stringify(trading)}::jsonb, true)`,
        })
        .where(eq(brands.id, id))
        .returning();
      if (!row) return undefined;
      await audit(tx as unknown as Db, before);
      return { before, row };
    });
  }
}
