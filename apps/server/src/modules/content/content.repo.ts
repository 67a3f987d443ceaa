import { and, asc, desc, eq, gte, inArray, like, lte, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assetCategories,
  contentPages,
  contentSingletons,
  economicEvents,
  formSubmissions,
} from '../../db/schema.js';

export type PageRow = typeof contentPages.$inferSelect;
export type EventRow = typeof economicEvents.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;

export interface EventFilter {
  from: Date;
  until: Date;
  impacts?: number[];
  currencies?: string[];
  limit: number;
}

/** SQL of the content module: pages, singletons, form submissions and economic events. */
export class ContentRepo {
  constructor(readonly db: Db) {}

  /** Asset categories' leverage lists by name ('forex' → '1,3,5,10,15,20,30'), for the site's figures. */
  async categoryLeverages(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ name: assetCategories.name, leverage: assetCategories.leverage })
      .from(assetCategories);
    return new Map(rows.map((r) => [r.name, r.leverage]));
  }

  /** The published rows of one slug of a brand in the given languages. */
  publishedPage(brandId: number, slug: string, langs: string[]): Promise<PageRow[]> {
    return this.db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.brandId, brandId),
          eq(contentPages.slug, slug),
          eq(contentPages.published, true),
          inArray(contentPages.lang, langs),
        ),
      );
  }

  /** Published rows of a brand whose slug starts with `prefix`, in the given languages, newest first. */
  publishedUnder(brandId: number, prefix: string, langs: string[]): Promise<PageRow[]> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.brandId, brandId),
          eq(contentPages.published, true),
          inArray(contentPages.lang, langs),
          like(contentPages.slug, `${escaped}%`),
        ),
      )
      .orderBy(desc(contentPages.updatedAt), asc(contentPages.slug));
  }

  /** Every published slug of a brand with its latest change (sitemap.xml). */
  publishedSlugs(brandId: number): Promise<{ slug: string; updatedAt: Date | null }[]> {
    return this.db
      .select({ slug: contentPages.slug, updatedAt: max(contentPages.updatedAt) })
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), eq(contentPages.published, true)))
      .groupBy(contentPages.slug)
      .orderBy(asc(contentPages.slug));
  }

  /** Inserts or replaces the page of (brand, slug, lang). */
  async upsertPage(values: typeof contentPages.$inferInsert): Promise<PageRow> {
    const [row] = await this.db
      .insert(contentPages)
      .values(values)
      .onConflictDoUpdate({
        target: [contentPages.brandId, contentPages.slug, contentPages.lang],
        set: {
          title: values.title,
          description: values.description ?? '',
          published: values.published ?? true,
          components: values.components ?? [],
          updatedAt: values.updatedAt ?? new Date(),
        },
      })
      .returning();
    if (!row) throw new Error('content page upsert returned nothing');
    return row;
  }

  async singleton(brandId: number, name: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db
      .select({ data: contentSingletons.data })
      .from(contentSingletons)
      .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, name)));
    return row?.data;
  }

  async addSubmission(values: typeof formSubmissions.$inferInsert): Promise<SubmissionRow> {
    const [row] = await this.db.insert(formSubmissions).values(values).returning();
    if (!row) throw new Error('form submission insert returned nothing');
    return row;
  }

  events(filter: EventFilter): Promise<EventRow[]> {
    const conditions: SQL[] = [gte(economicEvents.at, filter.from), lte(economicEvents.at, filter.until)];
    if (filter.impacts?.length) conditions.push(inArray(economicEvents.impact, filter.impacts));
    if (filter.currencies?.length) conditions.push(inArray(economicEvents.currency, filter.currencies));
    return this.db
      .select()
      .from(economicEvents)
      .where(and(...conditions))
      .orderBy(asc(economicEvents.at), asc(economicEvents.id))
      .limit(filter.limit);
  }
}
