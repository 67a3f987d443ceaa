import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands } from '../../db/schema.js';

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
}
