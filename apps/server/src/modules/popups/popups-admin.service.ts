import {
  BACKOFFICE_PAGE_SIZE,
  type BoPopup,
  type BoPopupClientHit,
  type BoPopupReadsPage,
  type PopupAudience,
  type PopupStatus,
} from '@openbroker/domain';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { brands, popupReads, popups, users } from '../../db/schema.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html.js';
import type { ScopeFilter } from '../payments/staff-money.repo.js';
import { scopeFilter } from '../payments/staff-money.service.js';
import { assertBrandInScope, type StaffAuth } from '../staff/policy.js';
import { auditStaffAction, changedFields } from '../staff/staff-audit.js';
import type { PopupRow } from './popups.repo.js';

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
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The brand's popup with this id, provided it is a brand popup of a brand in scope; else 404. */
  private async popup(auth: StaffAuth, id: number): Promise<PopupRow> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
    const [row] = await this.db
      .select()
      .from(popups)
      .where(and(eq(popups.id, id), isNull(popups.kind)))
      .limit(1);
    if (!row) throw notFound();
    assertBrandInScope(auth, row.brandId);
    return row;
  }

  /** A client of the brand (400 on the field otherwise: staff picked them from that brand's list). */
  private async clientOf(brandId: number, clientId: number | null | undefined) {
    const [client] =
      clientId && Number.isSafeInteger(clientId)
        ? await this.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, clientId), eq(users.brandId, brandId)))
            .limit(1)
        : [];
    if (!client) throw invalidFields([{ path: 'clientId', key: 'popups.clientNotInBrand' }]);
    return client.id;
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
      this.db
        .select({ popupId: popupReads.popupId, n: count() })
        .from(popupReads)
        .where(inArray(popupReads.popupId, ids))
        .groupBy(popupReads.popupId),
      this.db
        .select({ brandId: users.brandId, verified: users.verifiedAccount, n: count() })
        .from(users)
        .where(inArray(users.brandId, brandIds))
        .groupBy(users.brandId, users.verifiedAccount),
      this.db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds)),
      clientIds.length === 0
        ? Promise.resolve([])
        : this.db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              email: users.email,
              pin: users.pin,
            })
            .from(users)
            .where(inArray(users.id, clientIds)),
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
    const where: SQL[] = [isNull(popups.kind)];
    if (scope !== null) where.push(inArray(popups.brandId, [...scope]));
    const rows = await this.db
      .select()
      .from(popups)
      .where(and(...where))
      .orderBy(desc(popups.createdAt), desc(popups.id))
      .limit(500);
    return this.present(rows);
  }

  async get(auth: StaffAuth, id: number): Promise<BoPopup> {
    const [dto] = await this.present([await this.popup(auth, id)]);
    if (!dto) throw notFound();
    return dto;
  }

  /** A new popup: the HTML sanitised now, the one client checked to be a client of that brand; audited. */
  async create(auth: StaffAuth, input: PopupCreateInput, request: FastifyRequest): Promise<BoPopup> {
    assertBrandInScope(auth, input.brandId);
    const [brand] = await this.db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!brand) throw notFound();
    const content = await this.clean(input.content);
    const userId = input.audience === 'client' ? await this.clientOf(brand.id, input.clientId) : null;
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(popups)
        .values({
          brandId: brand.id,
          title: input.title,
          content,
          audience: input.audience,
          userId,
          startsAt: input.startsAt ?? null,
          endsAt: input.endsAt ?? null,
          createdBy: auth.staff.id,
        })
        .returning();
      if (!created) throw new Error('popup insert returned nothing');
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
    await this.db.transaction(async (tx) => {
      const [row] = await tx.update(popups).set(next).where(eq(popups.id, current.id)).returning();
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
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          pin: users.pin,
          readAt: popupReads.readAt,
        })
        .from(popupReads)
        .innerJoin(users, eq(users.id, popupReads.userId))
        .where(eq(popupReads.popupId, popup.id))
        .orderBy(desc(popupReads.readAt), desc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(popupReads).where(eq(popupReads.popupId, popup.id)),
    ]);
    return {
      items: rows.map((r) => ({
        userId: r.userId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        pin: r.pin,
        readAt: r.readAt.toISOString(),
      })),
      total: Number(total?.n ?? 0),
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
    const rows = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        pin: users.pin,
        verified: users.verifiedAccount,
      })
      .from(users)
      .where(
        and(
          eq(users.brandId, brandId),
          sql`lower(${users.firstName} || ' ' || ${users.lastName} || chr(1) || ${users.email} || chr(1) || ${users.pin}) like ${like}`,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(10);
    return rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      pin: r.pin,
      verified: r.verified,
    }));
  }
}
