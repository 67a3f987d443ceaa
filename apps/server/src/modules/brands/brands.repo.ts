import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assetCategories,
  type BrandSettings,
  brands,
  contentPages,
  contentSingletons,
  users,
} from '../../db/schema.js';
import type { TemplatePage } from './brand-template.js';
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

  /** Names of these brands (the back office's lists of popups and affiliates show them). */
  namesOf(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(inArray(brands.id, [...ids]));
  }

  /** How many of these ids are brands that exist (staff are only given existing brands). */
  async countExisting(ids: readonly number[]): Promise<number> {
    const found = await this.db
      .select({ id: brands.id })
      .from(brands)
      .where(inArray(brands.id, [...ids]));
    return found.length;
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

  /** Brands (all, or these ids) with their number of clients, in id order. */
  async listWithClients(ids: readonly number[] | null): Promise<(BrandRow & { clients: number })[]> {
    // qualified by hand: inside the sub-select an unqualified "id" would be the user's
    const clients = sql<number>`(select count(*)::int from ${users} where ${sql.raw('"users"."brand_id" = "brands"."id"')})`;
    const query = this.db
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        hosts: brands.hosts,
        settings: brands.settings,
        status: brands.status,
        publishedAt: brands.publishedAt,
        createdAt: brands.createdAt,
        clients,
      })
      .from(brands);
    const rows = await (ids === null ? query : query.where(inArray(brands.id, [...ids, 0]))).orderBy(
      asc(brands.id),
    );
    return rows.map((r) => ({ ...r, clients: Number(r.clients) }));
  }

  /** The instrument categories with their leverage lists (the defaults editor offers them). */
  async categories(): Promise<{ id: number; name: string; leverages: number[] }[]> {
    const rows = await this.db.select().from(assetCategories).orderBy(asc(assetCategories.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      leverages: r.leverage
        .split(',')
        .map((v) => Number(v.trim()))
        .filter((v) => Number.isFinite(v)),
    }));
  }

  /** The first of these hosts another brand (not `exceptId`) answers on already, if any. */
  async hostTaken(tx: Db, hosts: readonly string[], exceptId: number | null): Promise<string | undefined> {
    if (hosts.length === 0) return undefined;
    const overlap = sql`${brands.hosts} && ${sql.raw('ARRAY[')}${sql.join(
      hosts.map((h) => sql`${h}`),
      sql`, `,
    )}${sql.raw(']::text[]')}`;
    const rows = await tx
      .select({ hosts: brands.hosts })
      .from(brands)
      .where(exceptId === null ? overlap : and(overlap, ne(brands.id, exceptId)));
    const used = new Set(rows.flatMap((r) => r.hosts));
    return hosts.find((h) => used.has(h));
  }

  /**
   * Runs `work` in a transaction that holds the brands table's write lock: host and slug checks and the
   * write they guard cannot interleave with another staff member's (two brands claiming one host).
   */
  exclusive<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${brands} in share row exclusive mode`);
      return work(tx as unknown as Db);
    });
  }

  async insert(
    tx: Db,
    row: {
      slug: string;
      name: string;
      hosts: string[];
      settings: BrandSettings;
      status?: 'draft' | 'published';
    },
  ): Promise<BrandRow> {
    const [created] = await tx.insert(brands).values(row).returning();
    if (!created) throw new Error('brand insert returned nothing');
    return created;
  }

  async slugTaken(tx: Db, slug: string): Promise<boolean> {
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug)).limit(1);
    return row !== undefined;
  }

  /** The brand row, locked for the rest of the transaction. */
  async lockById(tx: Db, id: number): Promise<BrandRow | undefined> {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    return row;
  }

  /** A brand's content pages (every language, published or not) and its site settings document, for a copy. */
  async contentOf(
    tx: Db,
    brandId: number,
  ): Promise<{ pages: TemplatePage[]; siteSettings: Record<string, unknown> | undefined }> {
    const pages = await tx
      .select({
        slug: contentPages.slug,
        lang: contentPages.lang,
        title: contentPages.title,
        description: contentPages.description,
        published: contentPages.published,
        components: contentPages.components,
      })
      .from(contentPages)
      .where(eq(contentPages.brandId, brandId))
      .orderBy(asc(contentPages.id));
    const [site] = await tx
      .select({ data: contentSingletons.data })
      .from(contentSingletons)
      .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, 'settings')));
    return { pages, siteSettings: site?.data };
  }

  /** What the publish checklist reads: the published English page slugs and the site settings' risk warning. */
  async publishFacts(brandId: number): Promise<{ publishedSlugs: string[]; riskWarning: string }> {
    const pages = await this.db
      .select({ slug: contentPages.slug })
      .from(contentPages)
      .where(
        and(eq(contentPages.brandId, brandId), eq(contentPages.lang, 'en'), eq(contentPages.published, true)),
      );
    const [site] = await this.db
      .select({ data: contentSingletons.data })
      .from(contentSingletons)
      .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, 'settings')));
    const warning = site?.data.risk_warning;
    return {
      publishedSlugs: pages.map((p) => p.slug),
      riskWarning: typeof warning === 'string' ? warning : '',
    };
  }

  /**
   * Replaces one key of the brand's settings (the desk's halted symbols, the brand's auto-trading limits) in the
   * caller's transaction; the other settings stay as stored, so two desks saving different keys lose nothing.
   */
  async setSettingsKey(
    tx: Db,
    id: number,
    key: 'haltedSymbols' | 'autoTrading' | 'compliance',
    value: BrandSettings[typeof key],
  ): Promise<void> {
    await tx
      .update(brands)
      .set({
        settings: sql`jsonb_set(coalesce(${brands.settings}, '{}'::jsonb), ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb, true)`,
      })
      .where(eq(brands.id, id));
  }

  /** Publishes (sets published_at) or returns a brand to draft, in the caller's transaction. */
  async setStatus(tx: Db, id: number, status: 'draft' | 'published'): Promise<BrandRow> {
    const [row] = await tx
      .update(brands)
      .set(status === 'published' ? { status, publishedAt: new Date() } : { status })
      .where(eq(brands.id, id))
      .returning();
    if (!row) throw new Error(`brand ${id} vanished while its status changed`);
    return row;
  }

  async update(
    tx: Db,
    id: number,
    values: { name: string; hosts: string[]; settings: BrandSettings },
  ): Promise<BrandRow> {
    const [row] = await tx.update(brands).set(values).where(eq(brands.id, id)).returning();
    if (!row) throw new Error(`brand ${id} vanished during its update`);
    return row;
  }
}
