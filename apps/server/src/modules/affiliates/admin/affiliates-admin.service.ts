import type { AffiliateAdminView, AffiliateFunnel, AffiliateWithPassword } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { BrandsRepo } from '../../brands/brands.repo.js';
import type { SessionsService } from '../../sessions/sessions.service.js';
import { assertBrandInScope, type StaffAuth, scopeFilter } from '../../staff/policy.js';
import { auditStaffAction } from '../../staff/staff-audit.js';
import { type AffiliateRow, AffiliatesRepo } from '../affiliates.repo.js';
import {
  AffiliateEmailTakenError,
  type AffiliatesService,
  affiliateAuditAfter,
  newAffiliatePassword,
} from '../affiliates.service.js';

export const affiliateEmailTaken = () => new AppError(409, 'AFFILIATE_EMAIL_TAKEN', 'affiliates.emailTaken');

/** What the back office's affiliate management uses. */
export interface AffiliatesAdminDeps {
  db: Db;
  /** The affiliates module itself: `create` and `funnel` are the CLI's and the panel's. */
  affiliates: AffiliatesService;
  /** Ends an affiliate's sessions when it is disabled or its password is reset. */
  sessions: SessionsService;
}

/**
 * Affiliates in the back office (permission affiliates.manage): list, create (the affiliates module's
 * own `create`, as the CLI's `affiliate:create`), disable or enable, reset the password, and the funnel computed
 * by the same `AffiliatesService.funnel` the affiliate panel calls, so the figures are the panel's. Every change
 * writes its audit row in the same transaction; disabling and resetting end the affiliate's sessions at once.
 * A disabled affiliate's tracking links keep counting clicks and attributing registrations (the partner's
 * traffic is the broker's, and enabling it again shows a complete funnel).
 */
export class AffiliatesAdminService {
  private readonly repo: AffiliatesRepo;
  private readonly brands: BrandsRepo;
  private readonly affiliates: AffiliatesService;
  private readonly sessions: SessionsService;

  constructor({ db, affiliates, sessions }: AffiliatesAdminDeps) {
    this.repo = new AffiliatesRepo(db);
    this.brands = new BrandsRepo(db);
    this.affiliates = affiliates;
    this.sessions = sessions;
  }

  /** The affiliate with this id of a brand in scope; anything else is the same 404. */
  private async affiliate(auth: StaffAuth, id: number): Promise<AffiliateRow> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    assertBrandInScope(auth, row.brandId);
    return row;
  }

  private async present(rows: readonly AffiliateRow[]): Promise<AffiliateAdminView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const brandIds = [...new Set(rows.map((r) => r.brandId))];
    const [counts, names] = await Promise.all([this.repo.clientCounts(ids), this.brands.namesOf(brandIds)]);
    return rows.map((row) => ({
      id: row.id,
      brandId: row.brandId,
      brandName: names.find((b) => b.id === row.brandId)?.name ?? '',
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      code: row.code,
      disabled: row.disabledAt !== null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      clients: Number(counts.find((c) => c.affiliateId === row.id)?.n ?? 0),
      demoClients: Number(counts.find((c) => c.affiliateId === row.id)?.demo ?? 0),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The affiliates of one brand (in scope, else 404) or of every brand in scope, newest first. */
  async list(auth: StaffAuth, brandId: number | undefined): Promise<AffiliateAdminView[]> {
    const scope = scopeFilter(auth, brandId);
    if (scope !== null && scope.length === 0) return [];
    return this.present(await this.repo.listInBrands(scope));
  }

  async get(auth: StaffAuth, id: number): Promise<AffiliateAdminView> {
    const [dto] = await this.present([await this.affiliate(auth, id)]);
    if (!dto) throw notFound();
    return dto;
  }

  /** A new affiliate of a brand in scope: its generated password is answered this once; audited. */
  async create(
    auth: StaffAuth,
    input: { brandId: number; email: string; firstName: string; lastName: string },
    request: FastifyRequest,
  ): Promise<AffiliateWithPassword> {
    assertBrandInScope(auth, input.brandId);
    if (!(await this.brands.findById(input.brandId))) throw notFound();
    const created = await this.affiliates
      .create(
        { id: input.brandId },
        { email: input.email, firstName: input.firstName, lastName: input.lastName },
        (tx, affiliate) =>
          auditStaffAction(tx, auth, request, {
            action: 'affiliate.create',
            subject: `affiliate:${affiliate.id}`,
            brandId: affiliate.brandId,
            after: affiliateAuditAfter(affiliate),
          }),
      )
      .catch((error: unknown) => {
        throw error instanceof AffiliateEmailTakenError ? affiliateEmailTaken() : error;
      });
    return { affiliate: await this.get(auth, created.affiliate.id), password: created.password };
  }

  /**
   * Disables (it cannot sign in; its sessions end now) or enables an affiliate. The same state again changes
   * nothing and writes no audit row.
   */
  async setDisabled(
    auth: StaffAuth,
    id: number,
    disabled: boolean,
    request: FastifyRequest,
  ): Promise<AffiliateAdminView> {
    const current = await this.affiliate(auth, id);
    if ((current.disabledAt !== null) === disabled) return this.get(auth, current.id);
    await this.repo.db.transaction(async (tx) => {
      await this.repo.setDisabledAt(tx, current.id, disabled ? new Date() : null);
      await auditStaffAction(tx, auth, request, {
        action: disabled ? 'affiliate.disable' : 'affiliate.enable',
        subject: `affiliate:${current.id}`,
        brandId: current.brandId,
        before: { disabled: !disabled },
        after: { disabled },
      });
    });
    if (disabled) await this.sessions.revokeAll('affiliate', current.id);
    return this.get(auth, current.id);
  }

  /** A new generated password, answered this once (the audit row never holds it); every session ends. */
  async resetPassword(auth: StaffAuth, id: number, request: FastifyRequest): Promise<AffiliateWithPassword> {
    const current = await this.affiliate(auth, id);
    const password = newAffiliatePassword();
    const passwordHash = await hashPassword(password);
    await this.repo.db.transaction(async (tx) => {
      await this.repo.setPasswordHash(current.id, passwordHash, tx);
      await auditStaffAction(tx, auth, request, {
        action: 'affiliate.resetPassword',
        subject: `affiliate:${current.id}`,
        brandId: current.brandId,
        details: { sessionsEnded: true },
      });
    });
    await this.sessions.revokeAll('affiliate', current.id);
    return { affiliate: await this.get(auth, current.id), password };
  }

  /** The affiliate panel's funnel for `from`…`until` (whole UTC days): the panel's own computation. */
  async funnel(
    auth: StaffAuth,
    id: number,
    period: { from: string; until: string },
  ): Promise<AffiliateFunnel> {
    return this.affiliates.funnel(await this.affiliate(auth, id), period);
  }
}
