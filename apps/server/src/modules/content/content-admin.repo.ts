import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  brands,
  contentPages,
  contentPageVersions,
  contentSingletons,
  formSubmissions,
  staffUsers,
} from '../../db/schema.js';

export type PageRow = typeof contentPages.$inferSelect;
export type VersionRow = typeof contentPageVersions.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;
/** The brand ids a list may show (null: every brand). */
export type BrandIds = readonly number[] | null;
/** A database or a transaction of it. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'transaction'>;

/** A page with its brand's slug and its head version's time (the list and the editor show them). */
export interface PageListRow extends PageRow {
  brandSlug: string;
  headAt: Date | null;
}

const brandFilter = (column: typeof contentPages.brandId | typeof formSubmissions.brandId, ids: BrandIds) =>
  ids === null ? undefined : inArray(column, ids.length ? [...ids] : [-1]);

/** SQL of the back office's content editor: pages, versions, singletons and the contact inbox. */
export class ContentAdminRepo {
  constructor(readonly db: Db) {}

  private pageSelect(tx: Tx = this.db) {
    return tx
      .select({ page: contentPages, brandSlug: brands.slug, headAt: contentPageVersions.createdAt })
      .from(contentPages)
      .innerJoin(brands, eq(brands.id, contentPages.brandId))
      .leftJoin(
        contentPageVersions,
        and(
          eq(contentPageVersions.pageId, contentPages.id),
          eq(contentPageVersions.version, contentPages.headVersion),
        ),
      );
  }

  async pages(filter: { brandIds: BrandIds; lang?: string }): Promise<PageListRow[]> {
    const conditions: SQL[] = [];
    const scope = brandFilter(contentPages.brandId, filter.brandIds);
    if (scope) conditions.push(scope);
    if (filter.lang) conditions.push(eq(contentPages.lang, filter.lang));
    const rows = await this.pageSelect()
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(brands.slug), asc(contentPages.slug), asc(contentPages.lang));
    return rows.map((r) => ({ ...r.page, brandSlug: r.brandSlug, headAt: r.headAt }));
  }

  async page(id: number, tx: Tx = this.db): Promise<PageListRow | undefined> {
    const [row] = await this.pageSelect(tx).where(eq(contentPages.id, id));
    return row && { ...row.page, brandSlug: row.brandSlug, headAt: row.headAt };
  }

  /** The page row locked for a change (saves and publishes of one page run one after another). */
  async lockPage(tx: Tx, id: number): Promise<PageRow | undefined> {
    const [row] = await tx.select().from(contentPages).where(eq(contentPages.id, id)).for('update');
    return row;
  }

  async version(pageId: number, version: number, tx: Tx = this.db): Promise<VersionRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentPageVersions)
      .where(and(eq(contentPageVersions.pageId, pageId), eq(contentPageVersions.version, version)));
    return row;
  }

  /** Every version of a page, newest first, with the name of the staff member who saved it. */
  versions(pageId: number) {
    return this.db
      .select({
        version: contentPageVersions.version,
        title: contentPageVersions.title,
        createdAt: contentPageVersions.createdAt,
        createdBy: staffUsers.name,
      })
      .from(contentPageVersions)
      .leftJoin(staffUsers, eq(staffUsers.id, contentPageVersions.createdBy))
      .where(eq(contentPageVersions.pageId, pageId))
      .orderBy(desc(contentPageVersions.version));
  }

  async staffName(id: number | null): Promise<string | null> {
    if (id === null) return null;
    const [row] = await this.db
      .select({ name: staffUsers.name })
      .from(staffUsers)
      .where(eq(staffUsers.id, id));
    return row?.name ?? null;
  }

  async insertPage(tx: Tx, values: typeof contentPages.$inferInsert): Promise<PageRow> {
    const [row] = await tx.insert(contentPages).values(values).returning();
    if (!row) throw new Error('content page insert returned nothing');
    return row;
  }

  async insertVersion(tx: Tx, values: typeof contentPageVersions.$inferInsert): Promise<VersionRow> {
    const [row] = await tx.insert(contentPageVersions).values(values).returning();
    if (!row) throw new Error('content version insert returned nothing');
    return row;
  }

  async updatePage(tx: Tx, id: number, values: Partial<typeof contentPages.$inferInsert>): Promise<PageRow> {
    const [row] = await tx.update(contentPages).set(values).where(eq(contentPages.id, id)).returning();
    if (!row) throw new Error('content page update returned nothing');
    return row;
  }

  async brandExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: brands.id }).from(brands).where(eq(brands.id, id));
    return !!row;
  }

  async singleton(
    brandId: number,
    name: string,
    tx: Tx = this.db,
  ): Promise<{ data: Record<string, unknown>; updatedAt: Date } | undefined> {
    const [row] = await tx
      .select({ data: contentSingletons.data, updatedAt: contentSingletons.updatedAt })
      .from(contentSingletons)
      .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, name)));
    return row;
  }

  async lockSingleton(tx: Tx, brandId: number, name: string) {
    const [row] = await tx
      .select()
      .from(contentSingletons)
      .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, name)))
      .for('update');
    return row;
  }

  /** A new brand's pages (copied from its template) and its site settings document, in the brand's transaction. */
  async insertBrandContent(
    tx: Tx,
    brandId: number,
    pages: readonly Omit<typeof contentPages.$inferInsert, 'brandId'>[],
    siteSettings: Record<string, unknown>,
  ): Promise<void> {
    if (pages.length > 0) await tx.insert(contentPages).values(pages.map((page) => ({ ...page, brandId })));
    await tx.insert(contentSingletons).values({ brandId, name: 'settings', data: siteSettings });
  }

  async upsertSingleton(tx: Tx, brandId: number, name: string, data: Record<string, unknown>) {
    const now = new Date();
    const [row] = await tx
      .insert(contentSingletons)
      .values({ brandId, name, data, updatedAt: now })
      .onConflictDoUpdate({
        target: [contentSingletons.brandId, contentSingletons.name],
        set: { data, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('singleton upsert returned nothing');
    return row;
  }

  /** Form submissions of the brands, newest first, one page; with the number of open ones. */
  async submissions(filter: {
    brandIds: BrandIds;
    status?: 'open' | 'handled';
    offset: number;
    limit: number;
  }) {
    const scope = brandFilter(formSubmissions.brandId, filter.brandIds);
    const status =
      filter.status === 'open'
        ? isNull(formSubmissions.handledAt)
        : filter.status === 'handled'
          ? isNotNull(formSubmissions.handledAt)
          : undefined;
    const where = and(...[scope, status].filter((c): c is SQL => c !== undefined));
    const openWhere = and(
      ...[scope, isNull(formSubmissions.handledAt)].filter((c): c is SQL => c !== undefined),
    );
    const [rows, [total], [open]] = await Promise.all([
      this.db
        .select({ row: formSubmissions, brandSlug: brands.slug, handledByName: staffUsers.name })
        .from(formSubmissions)
        .innerJoin(brands, eq(brands.id, formSubmissions.brandId))
        .leftJoin(staffUsers, eq(staffUsers.id, formSubmissions.handledBy))
        .where(where)
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .offset(filter.offset)
        .limit(filter.limit),
      this.db.select({ n: count() }).from(formSubmissions).where(where),
      this.db.select({ n: count() }).from(formSubmissions).where(openWhere),
    ]);
    return { rows, total: total?.n ?? 0, open: open?.n ?? 0 };
  }

  async submission(id: number, tx: Tx = this.db) {
    const [row] = await tx
      .select({ row: formSubmissions, brandSlug: brands.slug, handledByName: staffUsers.name })
      .from(formSubmissions)
      .innerJoin(brands, eq(brands.id, formSubmissions.brandId))
      .leftJoin(staffUsers, eq(staffUsers.id, formSubmissions.handledBy))
      .where(eq(formSubmissions.id, id));
    return row;
  }

  async setHandled(tx: Tx, id: number, handledAt: Date | null, handledBy: number | null) {
    await tx.update(formSubmissions).set({ handledAt, handledBy }).where(eq(formSubmissions.id, id));
  }
}
