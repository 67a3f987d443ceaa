import {
  type BrandAdminView,
  type BrandCreateInput,
  type BrandListItem,
  type BrandPublication,
  type BrandUpdateInput,
  brandChecklist,
  type FieldMessage,
  fieldMessage,
  STANDARD_RISK_WARNING,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { BrandSettings } from '../../../db/schema.js';
import { AppError, invalidFields, notFound } from '../../../lib/errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { ContentAdminRepo } from '../../content/content-admin.repo.js';
import type { MediaService, StoredMedia } from '../../media/media.service.js';
import { assertBrandInScope, type StaffAuth } from '../../staff/policy.js';
import { auditStaffAction, changedFields } from '../../staff/staff-audit.js';
import {
  copiedSettings,
  identityPairs,
  replaceIdentity,
  starterContent,
  type TemplatePage,
} from '../brand-template.js';
import type { BrandRow, BrandsRepo } from '../brands.repo.js';
import type { BrandsService } from '../brands.service.js';
import {
  applyUpdate,
  auditableSettings,
  brandView,
  editable,
  newBrandSettings,
} from './brand-admin-settings.js';

type Request = Pick<FastifyRequest, 'ip'>;

/** The parts of a brand the audit row compares (secrets only as "set"; content tokens left out). */
const auditable = (row: Pick<BrandRow, 'name' | 'hosts' | 'settings'>): Record<string, unknown> => ({
  name: row.name,
  hosts: row.hosts,
  ...auditableSettings(editable(row.settings)),
});

/**
 * The brand editor: list, read, create and change brands in the staff member's scope. Every
 * change is checked beyond its schema (hosts of other brands, categories, own media), written with its
 * audit row in one transaction, and then announced (BrandsService.changed: this node's cache at once,
 * the other nodes' over Redis).
 */
export class BrandsAdminService {
  constructor(
    private readonly repo: BrandsRepo,
    private readonly brands: BrandsService,
    private readonly media: MediaService,
    private readonly box: SecretBox,
    private readonly options: { sandboxPayments: boolean },
  ) {}

  async list(auth: StaffAuth): Promise<BrandListItem[]> {
    const rows = await this.repo.listWithClients(auth.scope.all ? null : auth.scope.brandIds);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      hosts: r.hosts,
      currency: r.settings.currency,
      clients: r.clients,
      status: r.status,
    }));
  }

  async get(auth: StaffAuth, id: number): Promise<BrandAdminView> {
    assertBrandInScope(auth, id);
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    return brandView(row, this.box, await this.repo.categories());
  }

  /**
   * Creates a brand as a draft (not served on its hosts until published) from its template: the built-in starter
   * or a copy of a brand in scope (brand-template.ts).
   */
  async create(auth: StaffAuth, input: BrandCreateInput, request: Request): Promise<BrandAdminView> {
    if (!auth.scope.all) throw new AppError(403, 'ALL_BRANDS_SCOPE_NEEDED', 'boBrands.createNeedsAllBrands');
    const template = input.template ?? { kind: 'starter' as const };
    const row = await this.repo.exclusive(async (tx) => {
      const problems: FieldMessage[] = [];
      if (await this.repo.slugTaken(tx, input.slug))
        problems.push(fieldMessage('slug', 'boBrands.slugTaken', { slug: input.slug }));
      problems.push(...(await this.hostProblems(tx, input.hosts, null)));
      const source = template.kind === 'brand' ? await this.repo.lockById(tx, template.brandId) : undefined;
      if (template.kind === 'brand' && !source)
        problems.push(fieldMessage('template.brandId', 'boBrands.templateUnknown'));
      if (problems.length > 0) throw invalidFields(problems);
      let settings: BrandSettings;
      let pages: TemplatePage[];
      let site: Record<string, unknown>;
      if (source) {
        settings = copiedSettings(source, input);
        const content = await this.repo.contentOf(tx, source.id);
        const pairs = identityPairs(source, input);
        pages = replaceIdentity(content.pages, pairs);
        site = replaceIdentity(content.siteSettings ?? initialSiteSettings(settings), pairs);
      } else {
        settings = newBrandSettings(input, this.options) as unknown as BrandSettings;
        ({ pages, siteSettings: site } = starterContent(input, settings));
      }
      const created = await this.repo.insert(tx, {
        slug: input.slug,
        name: input.name,
        hosts: input.hosts,
        settings,
        status: 'draft',
      });
      // the pages and the site settings document (menus, footer links, risk warning; staff edit it at /backoffice/site)
      await new ContentAdminRepo(tx).insertBrandContent(tx, created.id, pages, site);
      await auditStaffAction(tx, auth, request, {
        action: 'brand.create',
        subject: `brand:${created.id}`,
        brandId: created.id,
        after: { slug: created.slug, status: created.status, ...auditable(created) },
        details: {
          template: template.kind === 'brand' ? `brand:${template.brandId}` : 'starter',
          pages: pages.length,
        },
      });
      return created;
    });
    this.brands.changed(row.id);
    return brandView(row, this.box, await this.repo.categories());
  }

  /** The brand's publish checklist and status (the back office shows each item green or red). */
  async publication(auth: StaffAuth, id: number): Promise<BrandPublication> {
    assertBrandInScope(auth, id);
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    return this.publicationOf(row);
  }

  /**
   * Publishes a draft once every checklist item is ok (else 409 BRAND_CHECKLIST_INCOMPLETE, nothing changed), or
   * returns a published brand to draft; audited as `brand.publish` / `brand.unpublish` with the checklist seen.
   * Publishing a published brand (or unpublishing a draft) changes nothing and writes no audit row.
   */
  async setPublished(
    auth: StaffAuth,
    id: number,
    publish: boolean,
    request: Request,
  ): Promise<BrandPublication> {
    assertBrandInScope(auth, id);
    const current = await this.repo.findById(id);
    if (!current) throw notFound();
    const before = await this.publicationOf(current);
    const wanted = publish ? 'published' : 'draft';
    if (current.status === wanted) return before;
    if (publish && !before.ready)
      throw new AppError(409, 'BRAND_CHECKLIST_INCOMPLETE', 'boBrands.checklistIncomplete');
    const row = await this.repo.exclusive(async (tx) => {
      const locked = await this.repo.lockById(tx, id);
      if (!locked) throw notFound();
      if (locked.status === wanted) return locked;
      const updated = await this.repo.setStatus(tx, id, wanted);
      await auditStaffAction(tx, auth, request, {
        action: publish ? 'brand.publish' : 'brand.unpublish',
        subject: `brand:${id}`,
        brandId: id,
        before: { status: locked.status },
        after: { status: updated.status },
        details: {
          checklist: Object.fromEntries(before.checklist.map((item) => [item.key, item.ok])),
        },
      });
      return updated;
    });
    this.brands.changed(id);
    return this.publicationOf(row);
  }

  private async publicationOf(row: BrandRow): Promise<BrandPublication> {
    const facts = await this.repo.publishFacts(row.id);
    const checklist = brandChecklist({
      ...facts,
      supportEmail: row.settings.supportEmail ?? '',
      paymentMethods: (row.settings.payments ?? []).length,
    });
    return {
      id: row.id,
      status: row.status,
      publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
      checklist,
      ready: checklist.every((item) => item.ok),
    };
  }

  async update(
    auth: StaffAuth,
    id: number,
    input: BrandUpdateInput,
    request: Request,
  ): Promise<BrandAdminView> {
    assertBrandInScope(auth, id);
    const categories = await this.repo.categories();
    // checked before the transaction (the embedded database has one connection): media never change owner
    const problems: FieldMessage[] = [];
    if (input.backoffice) problems.push(...defaultsProblems(input.backoffice, categories));
    if (input.theme) {
      for (const field of ['logoUrl', 'faviconUrl'] as const) {
        const url = input.theme[field];
        if (url && !(await this.media.belongsTo(url, id)))
          problems.push(fieldMessage(`theme.${field}`, 'boBrands.mediaUrl', { title: field }));
      }
    }
    const row = await this.repo.exclusive(async (tx) => {
      const current = await this.repo.lockById(tx, id);
      if (!current) throw notFound();
      if (input.hosts) problems.push(...(await this.hostProblems(tx, input.hosts, id)));
      if (problems.length > 0) throw invalidFields(problems);
      const settings = applyUpdate(editable(current.settings), input, this.box);
      const next = {
        name: input.name ?? current.name,
        hosts: input.hosts ?? current.hosts,
        settings: settings as unknown as BrandSettings,
      };
      const diff = changedFields(auditable(current), auditable(next));
      if (Object.keys(diff.after).length === 0 && !secretsChanged(current.settings, next.settings))
        return current;
      const updated = await this.repo.update(tx, id, next);
      await auditStaffAction(tx, auth, request, {
        action: 'brand.update',
        subject: `brand:${id}`,
        brandId: id,
        before: diff.before,
        after: diff.after,
        details: { sections: Object.keys(input) },
      });
      return updated;
    });
    this.brands.changed(id);
    return brandView(row, this.box, categories);
  }

  async upload(
    auth: StaffAuth,
    id: number,
    file: { content: Buffer; originalName: string; truncated: boolean } | undefined,
    purpose: string,
    request: Request,
  ): Promise<StoredMedia> {
    assertBrandInScope(auth, id);
    if (!(await this.repo.findById(id))) throw notFound();
    if (!file) throw invalidFields([fieldMessage('file', 'boBrands.fileMissing')]);
    const result = await this.media.store(
      {
        brandId: id,
        originalName: file.originalName,
        content: file.content,
        truncated: file.truncated,
        createdBy: auth.staff.id,
      },
      (tx: Db, stored) =>
        auditStaffAction(tx, auth, request, {
          action: 'brand.media.upload',
          subject: `media:${stored.id}`,
          brandId: id,
          after: { url: stored.url, contentType: stored.contentType, size: stored.size },
          details: { purpose },
        }),
    );
    if (!result.ok) throw invalidFields([fieldMessage('file', result.key)]);
    return result.media;
  }

  /** Hosts another brand answers on: one message per host, on its place in the list. */
  private async hostProblems(tx: Db, hosts: string[], exceptId: number | null): Promise<FieldMessage[]> {
    const problems: FieldMessage[] = [];
    let rest = hosts;
    // one query finds the first clash; repeat on the rest so every clashing host gets its message
    for (let guard = 0; guard < hosts.length; guard++) {
      const taken = await this.repo.hostTaken(tx, rest, exceptId);
      if (!taken) break;
      problems.push(fieldMessage(`hosts.${hosts.indexOf(taken)}`, 'boBrands.hostTaken', { host: taken }));
      rest = rest.filter((h) => h !== taken);
    }
    return problems;
  }
}

/** New secrets change nothing the audit diff can see (they are only "set"): compare the sealed values. */
function secretsChanged(before: BrandSettings, after: BrandSettings): boolean {
  const sealed = (s: BrandSettings) =>
    JSON.stringify((editable(s).payments ?? []).map((p) => [p.key, p.secrets ?? {}]));
  return sealed(before) !== sealed(after);
}

/** Default permissions and leverages must name real categories and leverage choices. */
function defaultsProblems(
  rules: NonNullable<BrandUpdateInput['backoffice']>,
  categories: BrandAdminView['categories'],
): FieldMessage[] {
  const problems: FieldMessage[] = [];
  const ids = new Set(categories.map((c) => c.id));
  (rules.defaultPermissions ?? []).forEach((id, index) => {
    if (!ids.has(id))
      problems.push(
        fieldMessage(`backoffice.defaultPermissions.${index}`, 'boBrands.unknownCategory', { category: id }),
      );
  });
  for (const [name, indexes] of Object.entries(rules.defaultLeverage ?? {})) {
    const category = categories.find((c) => c.name === name);
    if (!category) {
      problems.push(
        fieldMessage(`backoffice.defaultLeverage.${name}`, 'boBrands.unknownCategory', { category: name }),
      );
      continue;
    }
    for (const index of indexes) {
      if (index >= category.leverages.length)
        problems.push(
          fieldMessage(`backoffice.defaultLeverage.${name}`, 'boBrands.leverageIndex', {
            index,
            category: name,
          }),
        );
    }
  }
  return problems;
}

/** A new brand's site settings (the shape `SiteSettingsInput` validates when staff save it). */
function initialSiteSettings(settings: BrandSettings): Record<string, unknown> {
  return {
    copyright: settings.copyright,
    legal_name: settings.legalName,
    legal_text: '',
    // the standard warning in the brand's first language, with the retail-loss share filled in by the site
    risk_warning: settings.languages[0] === 'de' ? STANDARD_RISK_WARNING.de : STANDARD_RISK_WARNING.en,
    support_email: settings.supportEmail,
    phone: '',
    address: '',
    mapTileUrl: '',
    menu: [],
    footer_links: [],
    platform_components: {
      economics: settings.features.economics,
      referrals: !settings.features.restrictedMode,
      account_levels: !settings.features.restrictedMode,
      auto_trading: true,
    },
  };
}
