import {
  CONTENT_SINGLETONS,
  type ContentComponent,
  type ContentPageCreateInput,
  type ContentPageDetail,
  type ContentPageDraft,
  type ContentPageRow,
  type ContentPageSaveInput,
  type ContentPageVersion,
  type ContentVersionRow,
  INBOX_PAGE_SIZE,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type SiteSettingsDoc,
  type SiteSettingsInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { assertBrandInScope, type StaffAuth, scopeFilter } from '../../staff/policy.js';
import { auditStaffAction, changedFields } from '../../staff/staff-audit.js';
import { sanitizeComponents } from '../content.sanitize.js';
import {
  ContentAdminRepo,
  type PageListRow,
  type PageRow,
  type SubmissionRow,
  type Tx,
  type VersionRow,
} from '../content-admin.repo.js';

type Request = Pick<FastifyRequest, 'ip'>;

const slugTaken = () => new AppError(409, 'PAGE_SLUG_TAKEN', 'boContent.slugTaken');
const versionNotFound = () => new AppError(404, 'VERSION_NOT_FOUND', 'boContent.versionNotFound');
const singletonUnknown = () => new AppError(404, 'NOT_FOUND', 'boContent.singletonUnknown');

/** 409 VERSION_CONFLICT: someone saved meanwhile; the head version travels in `errors[0].params.version`. */
function versionConflict(version: number): AppError {
  const params = { version };
  const conflict = new AppError(409, 'VERSION_CONFLICT', 'boContent.versionConflict', params);
  return new AppError(409, 'VERSION_CONFLICT', 'boContent.versionConflict', params, [
    { path: 'baseVersion', key: 'boContent.versionConflict', params, message: conflict.message },
  ]);
}

/** How many nodes a tree has (audit details). */
const nodeCount = (nodes: readonly ContentComponent[]): number =>
  nodes.reduce(
    (n, node) =>
      n +
      1 +
      nodeCount(node.children ?? []) +
      (node.columns ?? []).reduce((c, col) => c + nodeCount(col.children), 0),
    0,
  );

export function presentPage(row: PageListRow): ContentPageRow {
  const updated = row.headAt && row.headAt > row.updatedAt ? row.headAt : row.updatedAt;
  return {
    id: row.id,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    slug: row.slug,
    lang: row.lang,
    title: row.title,
    published: row.published,
    headVersion: row.headVersion,
    publishedVersion: row.publishedVersion,
    updatedAt: updated.toISOString(),
    hasUnpublishedChanges: row.headVersion > 0 && row.headVersion !== row.publishedVersion,
  };
}

/** The fields of the site settings document staff edit (the rest mirrors the brand's settings). */
const SITE_SETTINGS_FIELDS = [
  'copyright',
  'legal_name',
  'legal_text',
  'risk_warning',
  'support_email',
  'phone',
  'address',
  'mapTileUrl',
  'menu',
  'footer_links',
  'platform_components',
] as const satisfies readonly (keyof SiteSettingsInput)[];

/**
 * The back office's content editor (docs/content-editor.md): pages per brand and language, every
 * save a version, restore, publish and unpublish; the site settings singleton; the contact inbox. Brand scope
 * holds everywhere (others answer 404) and every change writes its audit row in the same transaction.
 */
export class ContentAdminService {
  readonly repo: ContentAdminRepo;

  constructor(db: Db) {
    this.repo = new ContentAdminRepo(db);
  }

  private get db() {
    return this.repo.db;
  }

  /** A page in scope, or 404 exactly as a missing one. */
  private async pageInScope(auth: StaffAuth, id: number, tx?: Tx): Promise<PageListRow> {
    const row = id > 0 ? await this.repo.page(id, tx) : undefined;
    if (!row) throw notFound();
    assertBrandInScope(auth, row.brandId);
    return row;
  }

  /** 404 unless the page exists in the member's scope (checked before a request's body is looked at). */
  async assertPageInScope(auth: StaffAuth, id: number): Promise<void> {
    await this.pageInScope(auth, id);
  }

  /** 404 unless the inbox message exists in the member's scope. */
  async assertSubmissionInScope(auth: StaffAuth, id: number): Promise<void> {
    const found = id > 0 ? await this.repo.submission(id) : undefined;
    if (!found) throw notFound();
    assertBrandInScope(auth, found.row.brandId);
  }

  async list(
    auth: StaffAuth,
    query: { brandId?: number | undefined; lang?: string | undefined },
  ): Promise<ContentPageRow[]> {
    const brandIds = scopeFilter(auth, query.brandId);
    const rows = await this.repo.pages({ brandIds, ...(query.lang ? { lang: query.lang } : {}) });
    return rows.map(presentPage);
  }

  private draftOf(page: PageRow, head: VersionRow | undefined): ContentPageDraft {
    return head
      ? {
          version: head.version,
          title: head.title,
          description: head.description,
          slug: page.slug,
          components: head.components as ContentComponent[],
        }
      : {
          version: 0,
          title: page.title,
          description: page.description,
          slug: page.slug,
          components: page.components as ContentComponent[],
        };
  }

  async get(auth: StaffAuth, id: number): Promise<ContentPageDetail> {
    const page = await this.pageInScope(auth, id);
    const head = page.headVersion > 0 ? await this.repo.version(page.id, page.headVersion) : undefined;
    const draft = this.draftOf(page, head);
    // Trees were cleaned on save; what the editor previews is cleaned again like any render (a row written
    // straight into the database included).
    draft.components = await sanitizeComponents(draft.components);
    return { page: presentPage(page), draft };
  }

  /** A new page: version 1 with an empty tree, not published. 409 PAGE_SLUG_TAKEN. */
  async create(auth: StaffAuth, input: ContentPageCreateInput, request: Request): Promise<ContentPageRow> {
    assertBrandInScope(auth, input.brandId);
    if (!(await this.repo.brandExists(input.brandId))) throw notFound();
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const page = await this.repo.insertPage(tx, {
          brandId: input.brandId,
          slug: input.slug,
          lang: input.lang,
          title: input.title,
          description: input.description,
          published: false,
          components: [],
          headVersion: 1,
          publishedVersion: null,
          updatedAt: new Date(),
        });
        await this.repo.insertVersion(tx, {
          pageId: page.id,
          version: 1,
          title: input.title,
          description: input.description,
          components: [],
          createdBy: auth.staff.id,
        });
        await auditStaffAction(tx, auth, request, {
          action: 'content.page.create',
          subject: `page:${page.id}`,
          brandId: input.brandId,
          after: { slug: input.slug, lang: input.lang, title: input.title },
          details: { version: 1 },
        });
        return page.id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'content_pages_brand_slug_lang_uq')) throw slugTaken();
      throw error;
    }
    return presentPage((await this.repo.page(id)) as PageListRow);
  }

  /**
   * Saves a new head version of title, description and tree on top of `baseVersion` (409 VERSION_CONFLICT
   * when someone saved meanwhile). The slug is the page's address: a new one applies at once.
   */
  async save(
    auth: StaffAuth,
    id: number,
    input: ContentPageSaveInput,
    request: Request,
  ): Promise<ContentPageDetail> {
    await this.pageInScope(auth, id);
    const components = await sanitizeComponents(input.components);
    return this.writeVersion(auth, id, request, {
      baseVersion: input.baseVersion,
      title: input.title,
      description: input.description,
      slug: input.slug,
      components,
      action: 'content.page.save',
    });
  }

  /** Saves an old version's title, description and tree again as the new head version. */
  async restore(auth: StaffAuth, id: number, version: number, request: Request): Promise<ContentPageDetail> {
    const page = await this.pageInScope(auth, id);
    const old = await this.repo.version(page.id, version);
    if (!old) throw versionNotFound();
    return this.writeVersion(auth, id, request, {
      title: old.title,
      description: old.description,
      slug: page.slug,
      components: await sanitizeComponents(old.components as ContentComponent[]),
      action: 'content.page.restore',
      restoredFrom: version,
    });
  }

  private async writeVersion(
    auth: StaffAuth,
    id: number,
    request: Request,
    change: {
      baseVersion?: number;
      title: string;
      description: string;
      slug: string;
      components: ContentComponent[];
      action: string;
      restoredFrom?: number;
    },
  ): Promise<ContentPageDetail> {
    try {
      await this.db.transaction(async (tx) => {
        const page = await this.repo.lockPage(tx, id);
        if (!page) throw notFound();
        assertBrandInScope(auth, page.brandId);
        if (change.baseVersion !== undefined && change.baseVersion !== page.headVersion) {
          throw versionConflict(page.headVersion);
        }
        const version = page.headVersion + 1;
        await this.repo.insertVersion(tx, {
          pageId: page.id,
          version,
          title: change.title,
          description: change.description,
          components: change.components,
          createdBy: auth.staff.id,
        });
        const slugChanged = change.slug !== page.slug;
        await this.repo.updatePage(tx, page.id, {
          headVersion: version,
          ...(slugChanged ? { slug: change.slug, updatedAt: new Date() } : {}),
        });
        await auditStaffAction(tx, auth, request, {
          action: change.action,
          subject: `page:${page.id}`,
          brandId: page.brandId,
          ...(slugChanged ? { before: { slug: page.slug }, after: { slug: change.slug } } : {}),
          details: {
            version,
            slug: change.slug,
            lang: page.lang,
            title: change.title,
            nodes: nodeCount(change.components),
            ...(change.restoredFrom !== undefined ? { restoredFrom: change.restoredFrom } : {}),
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'content_pages_brand_slug_lang_uq')) throw slugTaken();
      if (isUniqueViolation(error, 'content_page_versions_page_version_uq')) {
        const now = await this.repo.page(id);
        throw versionConflict(now?.headVersion ?? 0);
      }
      throw error;
    }
    return this.get(auth, id);
  }

  async versions(auth: StaffAuth, id: number): Promise<ContentVersionRow[]> {
    const page = await this.pageInScope(auth, id);
    const rows = await this.repo.versions(page.id);
    return rows.map((r) => ({
      version: r.version,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy ?? null,
      published: page.published && r.version === page.publishedVersion,
    }));
  }

  async version(auth: StaffAuth, id: number, version: number): Promise<ContentPageVersion> {
    const page = await this.pageInScope(auth, id);
    const row = await this.repo.version(page.id, version);
    if (!row) throw versionNotFound();
    return {
      version: row.version,
      title: row.title,
      description: row.description,
      components: await sanitizeComponents(row.components as ContentComponent[]),
      createdAt: row.createdAt.toISOString(),
      createdBy: await this.repo.staffName(row.createdBy),
      published: page.published && row.version === page.publishedVersion,
    };
  }

  /** Copies a version's tree, title and description to the live page and publishes it. */
  async publish(auth: StaffAuth, id: number, version: number, request: Request): Promise<ContentPageRow> {
    await this.pageInScope(auth, id);
    await this.db.transaction(async (tx) => {
      const page = await this.repo.lockPage(tx, id);
      if (!page) throw notFound();
      assertBrandInScope(auth, page.brandId);
      const row = await this.repo.version(page.id, version, tx);
      if (!row) throw versionNotFound();
      // Saved trees were sanitised on save; cleaned again so nothing older than the sanitiser goes live.
      const components = await sanitizeComponents(row.components as ContentComponent[]);
      await this.repo.updatePage(tx, page.id, {
        components,
        title: row.title,
        description: row.description,
        published: true,
        publishedVersion: version,
        updatedAt: new Date(),
      });
      await auditStaffAction(tx, auth, request, {
        action: 'content.page.publish',
        subject: `page:${page.id}`,
        brandId: page.brandId,
        before: { published: page.published, publishedVersion: page.publishedVersion },
        after: { published: true, publishedVersion: version },
        details: { slug: page.slug, lang: page.lang, title: row.title },
      });
    });
    return presentPage((await this.repo.page(id)) as PageListRow);
  }

  /** Takes the page off the public site (it answers as missing); its versions stay. */
  async unpublish(auth: StaffAuth, id: number, request: Request): Promise<ContentPageRow> {
    await this.pageInScope(auth, id);
    await this.db.transaction(async (tx) => {
      const page = await this.repo.lockPage(tx, id);
      if (!page) throw notFound();
      assertBrandInScope(auth, page.brandId);
      await this.repo.updatePage(tx, page.id, { published: false, updatedAt: new Date() });
      await auditStaffAction(tx, auth, request, {
        action: 'content.page.unpublish',
        subject: `page:${page.id}`,
        brandId: page.brandId,
        before: { published: page.published },
        after: { published: false },
        details: { slug: page.slug, lang: page.lang },
      });
    });
    return presentPage((await this.repo.page(id)) as PageListRow);
  }

  // ------------------------------------------------------------------------------------------ singletons

  private assertSingleton(name: string): void {
    if (!(CONTENT_SINGLETONS as readonly string[]).includes(name)) throw singletonUnknown();
  }

  async singleton(auth: StaffAuth, name: string, brandId: number): Promise<SiteSettingsDoc> {
    this.assertSingleton(name);
    assertBrandInScope(auth, brandId);
    if (!(await this.repo.brandExists(brandId))) throw notFound();
    const row = await this.repo.singleton(brandId, name);
    return {
      name,
      brandId,
      data: row?.data ?? {},
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  /** Replaces the editable fields of the site settings; the brand-mirrored ones (features, widgets) stay. */
  async saveSingleton(
    auth: StaffAuth,
    name: string,
    brandId: number,
    input: SiteSettingsInput,
    request: Request,
  ) {
    this.assertSingleton(name);
    assertBrandInScope(auth, brandId);
    if (!(await this.repo.brandExists(brandId))) throw notFound();
    await this.db.transaction(async (tx) => {
      const current = (await this.repo.lockSingleton(tx, brandId, name))?.data ?? {};
      const next: Record<string, unknown> = { ...current };
      for (const field of SITE_SETTINGS_FIELDS) next[field] = input[field];
      const { before, after } = changedFields(current, next);
      await this.repo.upsertSingleton(tx, brandId, name, next);
      await auditStaffAction(tx, auth, request, {
        action: 'content.singleton.save',
        subject: `singleton:${name}`,
        brandId,
        before,
        after,
      });
    });
    return this.singleton(auth, name, brandId);
  }

  // ----------------------------------------------------------------------------------------------- inbox

  private presentSubmission(r: {
    row: SubmissionRow;
    brandSlug: string;
    handledByName: string | null;
  }): InboxItem {
    return {
      id: r.row.id,
      brandId: r.row.brandId,
      brandSlug: r.brandSlug,
      form: r.row.form,
      values: r.row.values,
      createdAt: r.row.createdAt.toISOString(),
      handled: r.row.handledAt !== null,
      handledAt: r.row.handledAt?.toISOString() ?? null,
      handledBy: r.row.handledAt ? (r.handledByName ?? null) : null,
    };
  }

  async inbox(auth: StaffAuth, query: InboxQuery): Promise<InboxPage> {
    const brandIds = scopeFilter(auth, query.brandId);
    const page = query.page ?? 1;
    const { rows, total, open } = await this.repo.submissions({
      brandIds,
      ...(query.status ? { status: query.status } : {}),
      offset: (page - 1) * INBOX_PAGE_SIZE,
      limit: INBOX_PAGE_SIZE,
    });
    return {
      items: rows.map((r) => this.presentSubmission(r)),
      total,
      page,
      pageSize: INBOX_PAGE_SIZE,
      open,
    };
  }

  /** Marks a message handled or not handled (audited without the message's personal data). */
  async setHandled(auth: StaffAuth, id: number, handled: boolean, request: Request): Promise<InboxItem> {
    const found = id > 0 ? await this.repo.submission(id) : undefined;
    if (!found) throw notFound();
    assertBrandInScope(auth, found.row.brandId);
    const was = found.row.handledAt !== null;
    if (was !== handled) {
      await this.db.transaction(async (tx) => {
        await this.repo.setHandled(tx, id, handled ? new Date() : null, handled ? auth.staff.id : null);
        await auditStaffAction(tx, auth, request, {
          action: 'inbox.handled',
          subject: `form:${id}`,
          brandId: found.row.brandId,
          before: { handled: was },
          after: { handled },
          details: { form: found.row.form },
        });
      });
    }
    return this.presentSubmission((await this.repo.submission(id)) as NonNullable<typeof found>);
  }
}
