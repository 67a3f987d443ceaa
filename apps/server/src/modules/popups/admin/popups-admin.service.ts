import {
  BACKOFFICE_PAGE_SIZE,
  type BoPopup,
  type BoPopupClientHit,
  type BoPopupReadsPage,
  type PopupAudience,
  type PopupStatus,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { invalidFields, notFound } from '../../../lib/errors.js';
import { sanitizeHtml } from '../../../lib/html.js';
import { BrandsRepo } from '../../brands/brands.repo.js';
import { assertBrandInScope, type ScopeFilter, type StaffAuth, scopeFilter } from '../../staff/policy.js';
import { auditStaffAction, changedFields } from '../../staff/staff-audit.js';
import { type PopupRow, PopupsRepo } from '../popups.repo.js';

export interface PopupInput {
  title: string;
  content: string;
  audience: PopupAudience;
  clientId?: number | null | undefined;
  startsAt?: Date | null | undefined;
  endsAt?: Date | null | undefined;
}

export interface PopupCreateInput extends PopupInput {
  brandId: number;
}

export type PopupUpdateInput = Partial<PopupInput> & { active?: boolean | undefined };

/** The status of a popup at `now`: off by staff, not yet begun, over, or shown. */
export function popupStatus(row: Pick<PopupRow, 'active' | 'startsAt' | 'endsAt'>, now: Date): PopupStatus {
  if (!row.active) return 'inactive';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'live';
}

/** What the audit row keeps of a popup (the content is kept: it is what clients were shown). */
const auditedFields = (row: PopupRow) => ({
  title: row.title,
  content: row.content,
  audience: row.audience,
  clientId: row.userId,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  active: row.active,
});

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Pop-ups in the back office (permission popups.manage): the brand's own notices (not the clients'
 * margin-call notices, which have a `kind`), with audience, schedule and who read them. HTML is sanitised on
 * save with the server's sanitiser (lib/html.ts, the same as the CLI's `popup:create`); every change writes its
 * audit row in the same transaction; records of brands outside the staff member's scope answer 404.
 */
export class PopupsAdminService {
  private readonly repo: PopupsRepo;
  private readonly brands: BrandsRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new PopupsRepo(db);
    this.brands = new BrandsRepo(db);
  }

  /** The brand's popup with this id, provided it is a brand popup of a brand in scope; else 404. */
  private async popup(auth: StaffAuth, id: number): Promise<PopupRow> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
    const row = await this.repo.findBrandPopup(id);
    if (!row) throw notFound();
    assertBrandInScope(auth, row.brandId);
    return row;
  }

  /** A client of the brand (400 on the field otherwise: staff picked them from that brand's list). */
  private async clientOf(brandId: number, clientId: number | null | undefined) {
    const client =
      clientId && Number.isSafeInteger(clientId)
        ? await this.repo.clientInBrand(brandId, clientId)
        : undefined;
    if (client === undefined) throw invalidFields([{ path: 'clientId', key: 'popups.clientNotInBrand' }]);
    return client;
  }

  private async clean(content: string): Promise<string> {
    const html = await sanitizeHtml(content);
    if (html === '') throw invalidFields([{ path: 'content', key: 'popups.contentEmpty' }]);
    return html;
  }

  private async present(rows: readonly PopupRow[]): Promise<BoPopup[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const brandIds = [...new Set(rows.map((r) => r.brandId))];
    const clientIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
    const [reads, sizes, names, clients] = await Promise.all([
      this.repo.readCounts(ids),
      this.repo.audienceSizes(brandIds),
      this.brands.namesOf(brandIds),
      clientIds.length === 0 ? Promise.resolve([]) : this.repo.clientsByIds(clientIds),
    ]);
    const readsOf = new Map(reads.map((r) => [r.popupId, Number(r.n)]));
    const sizeOf = (brandId: number, verified: boolean | undefined) =>
      sizes
        .filter((s) => s.brandId === brandId && (verified === undefined || s.verified === verified))
        .reduce((total, s) => total + Number(s.n), 0);
    const now = this.now();
    return rows.map((row) => {
      const client = clients.find((c) => c.id === row.userId);
      const audience = row.audience;
      return {
        id: row.id,
        brandId: row.brandId,
        brandName: names.find((b) => b.id === row.brandId)?.name ?? '',
        title: row.title,
        content: row.content,
        audience,
        client: client
          ? {
              id: client.id,
              name: `${client.firstName} ${client.lastName}`.trim(),
              email: client.email,
              pin: client.pin,
            }
          : null,
        startsAt: row.startsAt?.toISOString() ?? null,
        endsAt: row.endsAt?.toISOString() ?? null,
        active: row.active,
        status: popupStatus(row, now),
        reads: readsOf.get(row.id) ?? 0,
        audienceSize:
          audience === 'client'
            ? client
              ? 1
              : 0
            : sizeOf(row.brandId, audience === 'all' ? undefined : audience === 'verified'),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** The brand popups of one brand (in scope, else 404) or of every brand in scope, newest first. */
  async list(auth: StaffAuth, brandId: number | undefined): Promise<BoPopup[]> {
    const scope: ScopeFilter = scopeFilter(auth, brandId);
    if (scope !== null && scope.length === 0) return [];
    return this.present(await this.repo.listBrandPopups(scope));
  }

  async get(auth: StaffAuth, id: number): Promise<BoPopup> {
    const [dto] = await this.present([await this.popup(auth, id)]);
    if (!dto) throw notFound();
    return dto;
  }

  /** A new popup: the HTML sanitised now, the one client checked to be a client of that brand; audited. */
  async create(auth: StaffAuth, input: PopupCreateInput, request: FastifyRequest): Promise<BoPopup> {
    assertBrandInScope(auth, input.brandId);
    if (!(await this.brands.findById(input.brandId))) throw notFound();
    const content = await this.clean(input.content);
    const userId = input.audience === 'client' ? await this.clientOf(input.brandId, input.clientId) : null;
    const row = await this.repo.db.transaction(async (tx) => {
      const created = await this.repo.create(
        {
          brandId: input.brandId,
          title: input.title,
          content,
          audience: input.audience,
          userId,
          startsAt: input.startsAt ?? null,
          endsAt: input.endsAt ?? null,
          createdBy: auth.staff.id,
        },
        tx,
      );
      await auditStaffAction(tx, auth, request, {
        action: 'popup.create',
        subject: `popup:${created.id}`,
        brandId: created.brandId,
        userId,
        after: auditedFields(created),
      });
      return created;
    });
    return this.get(auth, row.id);
  }

  /**
   * Changes a popup: only the fields sent; the schedule is checked with the values it ends up with (an end
   * must stay after the start); nothing changes (and nothing is audited) when nothing differs.
   */
  async update(
    auth: StaffAuth,
    id: number,
    input: PopupUpdateInput,
    request: FastifyRequest,
  ): Promise<BoPopup> {
    const current = await this.popup(auth, id);
    const audience = input.audience ?? current.audience;
    const startsAt = input.startsAt === undefined ? current.startsAt : input.startsAt;
    const endsAt = input.endsAt === undefined ? current.endsAt : input.endsAt;
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
      throw invalidFields([{ path: 'endsAt', key: 'popups.untilBeforeFrom' }]);
    }
    const content = input.content === undefined ? current.content : await this.clean(input.content);
    let userId: number | null = null;
    if (audience === 'client') {
      userId =
        input.clientId === undefined && current.audience === 'client'
          ? current.userId
          : await this.clientOf(current.brandId, input.clientId);
    }
    const next = {
      title: input.title ?? current.title,
      content,
      audience,
      userId,
      startsAt,
      endsAt,
      active: input.active ?? current.active,
    };
    const before = auditedFields(current);
    const { before: was, after: now } = changedFields(before, auditedFields({ ...current, ...next }));
    if (Object.keys(now).length === 0) return this.get(auth, current.id);
    await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.update(tx, current.id, next);
      if (!row) throw notFound();
      await auditStaffAction(tx, auth, request, {
        action:
          Object.keys(now).length === 1 && now.active === false
            ? 'popup.deactivate'
            : Object.keys(now).length === 1 && now.active === true
              ? 'popup.activate'
              : 'popup.update',
        subject: `popup:${row.id}`,
        brandId: row.brandId,
        userId: row.userId,
        before: was,
        after: now,
      });
    });
    return this.get(auth, current.id);
  }

  /** Takes a popup off at once (kept, with its reads; it can be switched on again). */
  deactivate(auth: StaffAuth, id: number, request: FastifyRequest): Promise<BoPopup> {
    return this.update(auth, id, { active: false }, request);
  }

  /** Who read (closed) a popup, newest first, 50 a page. */
  async reads(auth: StaffAuth, id: number, page: number): Promise<BoPopupReadsPage> {
    const popup = await this.popup(auth, id);
    const pageSize = BACKOFFICE_PAGE_SIZE;
    const { rows, total } = await this.repo.readsPage(popup.id, pageSize, (page - 1) * pageSize);
    return {
      items: rows.map((r) => ({
        userId: r.userId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        pin: r.pin,
        readAt: r.readAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  /**
   * Clients of one brand in scope matching a search (name, e-mail, PIN), at most 10: the audience picker's
   * search. Its own route so that the content role (popups.manage without clients.read) can pick a client.
   */
  async searchClients(auth: StaffAuth, brandId: number, q: string): Promise<BoPopupClientHit[]> {
    assertBrandInScope(auth, brandId);
    if (q === '') return [];
    const like = containsPattern(q.toLowerCase());
    const rows = await this.repo.searchClients(brandId, like);
    return rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      pin: r.pin,
      verified: r.verified,
    }));
  }
}
