import {
  type BrandScope,
  DEFAULT_ROLE_IDLE_MINUTES,
  STAFF_ROLES,
  type StaffCreateInput,
  type StaffIdleLimitsInput,
  type StaffRole,
  type StaffUpdateInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { BrandsRepo } from '../../brands/brands.repo.js';
import type { StaffAuth } from '../policy.js';
import { StaffRepo, type StaffRow } from '../staff.repo.js';
import { newInitialPassword, rolesOf, type StaffService, scopeOf } from '../staff.service.js';
import { auditStaffAction, changedFields } from '../staff-audit.js';

/** A staff member as staff management shows them (StaffMember of the API contract). */
export interface StaffMemberDto {
  id: number;
  email: string;
  name: string;
  roles: string[];
  brandScope: BrandScope;
  twoFactorEnabled: boolean;
  disabled: boolean;
  createdAt: string;
  /** The last successful sign-in and its address; null before the first. */
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  /** Addresses and networks the member may sign in from; null: any address. */
  ipAllowList: string[] | null;
  /** An administrator reset the password and the member has not chosen a new one yet. */
  passwordChangeRequired: boolean;
  /** Until when the second factor is locked after wrong codes; null when it is not locked. */
  secondFactorLockedUntil: string | null;
}

export function presentMember(row: StaffRow, now: Date = new Date()): StaffMemberDto {
  const lockedUntil = row.secondFactorLockedUntil;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: rolesOf(row),
    brandScope: scopeOf(row),
    twoFactorEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp ?? null,
    ipAllowList: row.ipAllowList ?? null,
    passwordChangeRequired: row.passwordChangeRequired,
    secondFactorLockedUntil: lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null,
  };
}

/** Each role's idle limit as staff management shows it: the effective minutes and whether an admin set them. */
export interface RoleIdleLimitDto {
  role: StaffRole;
  minutes: number;
  /** The limit without an administrator's setting. */
  defaultMinutes: number;
  custom: boolean;
}

const emailTaken = () => new AppError(409, 'STAFF_EMAIL_TAKEN', 'staff.staffEmailTaken');
const cannotDisableSelf = () => new AppError(409, 'CANNOT_DISABLE_SELF', 'staff.cannotDisableSelf');
const cannotRemoveOwnAdmin = () => new AppError(409, 'CANNOT_REMOVE_OWN_ADMIN', 'staff.cannotRemoveOwnAdmin');
const idleLimitsAllBrands = () => new AppError(403, 'FORBIDDEN', 'staff.idleLimitsAllBrands');

/** The audited fields of a member: what staff management changes. */
const auditedFields = (row: StaffRow) => ({
  roles: rolesOf(row) as string[],
  brandIds: row.brandIds,
  disabled: row.disabledAt !== null,
  ipAllowList: row.ipAllowList ?? null,
});

/**
 * Staff management (permission staff.manage: admins). Brand scope holds here too: an
 * admin limited to some brands sees and changes only members whose brands are all among theirs,
 * and grants only those brands (never "every brand"). Every change writes its audit row in the
 * same transaction; disabling a member or resetting their two-factor sign-in ends their sessions.
 */
export class StaffAdminService {
  private readonly repo: StaffRepo;
  private readonly brands: BrandsRepo;

  constructor(
    db: Db,
    private readonly staff: StaffService,
    private readonly publicUrl: string,
  ) {
    this.repo = new StaffRepo(db);
    this.brands = new BrandsRepo(db);
  }

  /** Whether a member is inside the reader's scope (all-brand members only for all-brand readers). */
  private visible(auth: StaffAuth, row: StaffRow): boolean {
    if (auth.scope.all) return true;
    const own = auth.scope.brandIds;
    return !!row.brandIds?.every((id) => own.includes(id));
  }

  /** A member in scope, or 404 exactly as a missing one. */
  private async member(auth: StaffAuth, id: number): Promise<StaffRow> {
    const row = Number.isSafeInteger(id) && id > 0 ? await this.staff.byId(id) : undefined;
    if (!row || !this.visible(auth, row)) throw notFound();
    return row;
  }

  /** Brands a member may be given: only existing brands inside the granting admin's scope. */
  private async assertGrantable(auth: StaffAuth, brandIds: number[] | null): Promise<void> {
    if (brandIds === null) {
      if (!auth.scope.all) throw forbidden();
      return;
    }
    const own = auth.scope.all ? undefined : auth.scope.brandIds;
    if (own && brandIds.some((id) => !own.includes(id))) throw notFound();
    if ((await this.brands.countExisting(brandIds)) !== brandIds.length) throw notFound();
  }

  async list(auth: StaffAuth): Promise<StaffMemberDto[]> {
    const rows = await this.repo.listAll();
    return rows.filter((row) => this.visible(auth, row)).map((row) => presentMember(row));
  }

  /**
   * Creates a member with a random initial password, answered this once (only its hash is kept);
   * they set up two-factor sign-in at their first sign-in (`enrolUrl`).
   */
  async create(
    auth: StaffAuth,
    input: StaffCreateInput,
    request: FastifyRequest,
  ): Promise<{ staff: StaffMemberDto; password: string; enrolUrl: string }> {
    await this.assertGrantable(auth, input.brandIds);
    const password = newInitialPassword();
    const passwordHash = await hashPassword(password);
    const row = await this.repo.db
      .transaction(async (tx) => {
        if (await new StaffRepo(tx).byEmail(input.email)) throw emailTaken();
        const created = await this.repo.create(
          {
            email: input.email,
            name: input.name,
            passwordHash,
            roles: input.roles,
            brandIds: input.brandIds,
          },
          tx,
        );
        await auditStaffAction(tx, auth, request, {
          action: 'staff.create',
          subject: `staff:${created.id}`,
          after: { email: created.email, name: created.name, ...auditedFields(created) },
        });
        return created;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? emailTaken() : error;
      });
    return {
      staff: presentMember(row),
      password,
      enrolUrl: `${this.publicUrl.replace(/\/+$/, '')}/backoffice/login`,
    };
  }

  /** Changes roles, brand scope or disabled; an admin can neither disable nor un-admin themselves. */
  async update(
    auth: StaffAuth,
    id: number,
    input: StaffUpdateInput,
    request: FastifyRequest,
  ): Promise<StaffMemberDto> {
    const current = await this.member(auth, id);
    const self = current.id === auth.staff.id;
    if (self && input.disabled === true) throw cannotDisableSelf();
    if (self && input.roles && rolesOf(current).includes('admin') && !input.roles.includes('admin')) {
      throw cannotRemoveOwnAdmin();
    }
    if (input.brandIds !== undefined) await this.assertGrantable(auth, input.brandIds);
    const before = auditedFields(current);
    const { before: was, after: now } = changedFields(before, {
      roles: input.roles,
      brandIds: input.brandIds,
      disabled: input.disabled,
      ipAllowList: input.ipAllowList,
    });
    if (Object.keys(now).length === 0) return presentMember(current);
    const action =
      now.disabled === true ? 'staff.disable' : now.disabled === false ? 'staff.enable' : 'staff.update';
    const updated = await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.change(tx, current.id, {
        ...(now.roles ? { roles: now.roles } : {}),
        ...('brandIds' in now ? { brandIds: now.brandIds ?? null } : {}),
        ...(now.disabled !== undefined ? { disabledAt: now.disabled ? new Date() : null } : {}),
        ...('ipAllowList' in now ? { ipAllowList: now.ipAllowList ?? null } : {}),
      });
      if (!row) throw notFound();
      await auditStaffAction(tx, auth, request, {
        action,
        subject: `staff:${row.id}`,
        before: was,
        after: now,
        // the reason given for disabling (required then) or for any other change
        reason: input.reason || null,
      });
      return row;
    });
    // A disabled member's sessions end at once (their next call is refused anyway: the policy reads
    // `disabled` on every request); sockets bound to them are told through onRevoked.
    if (now.disabled === true) await this.staff.sessionService.revokeAll('staff', updated.id);
    return presentMember(updated);
  }

  /**
   * Resets a member's two-factor sign-in (a lost phone): secret and recovery codes are gone, their
   * sessions end, and their next sign-in with the password can only enrol again.
   */
  async resetTwoFactor(auth: StaffAuth, id: number, request: FastifyRequest): Promise<StaffMemberDto> {
    const current = await this.member(auth, id);
    const updated = await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.change(tx, current.id, {
        totpSecret: null,
        totpEnabledAt: null,
        recoveryCodeHashes: [],
      });
      if (!row) throw notFound();
      await auditStaffAction(tx, auth, request, {
        action: 'staff.reset2fa',
        subject: `staff:${row.id}`,
        before: { twoFactorEnabled: current.totpEnabledAt !== null },
        after: { twoFactorEnabled: false },
      });
      return row;
    });
    await this.staff.sessionService.revokeAll('staff', updated.id);
    return presentMember(updated);
  }

  /**
   * Resets a member's password (they forgot it): a temporary password is answered this once (only its hash is
   * kept), their sessions end, and at their next sign-in they can do nothing before choosing a new one.
   */
  async resetPassword(
    auth: StaffAuth,
    id: number,
    request: FastifyRequest,
  ): Promise<{ staff: StaffMemberDto; password: string }> {
    const current = await this.member(auth, id);
    const password = newInitialPassword();
    const passwordHash = await hashPassword(password);
    let updated: StaffRow | undefined;
    await this.staff.sessionService.revokeAll('staff', current.id, undefined, async (tx, ended) => {
      updated = await this.repo.change(tx, current.id, { passwordHash, passwordChangeRequired: true });
      await auditStaffAction(tx, auth, request, {
        action: 'staff.password.reset',
        subject: `staff:${current.id}`,
        before: { passwordChangeRequired: current.passwordChangeRequired },
        after: { passwordChangeRequired: true },
        details: { endedSessions: ended.length },
      });
    });
    if (!updated) throw notFound();
    return { staff: presentMember(updated), password };
  }

  /** Unlocks a member's second factor after wrong codes: the count and the growing lock time start again. */
  async unlockSecondFactor(auth: StaffAuth, id: number, request: FastifyRequest): Promise<StaffMemberDto> {
    const current = await this.member(auth, id);
    const wasLocked = presentMember(current).secondFactorLockedUntil;
    if (!wasLocked && current.secondFactorFailures === 0 && current.secondFactorLocks === 0) {
      return presentMember(current);
    }
    const updated = await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.change(tx, current.id, {
        secondFactorFailures: 0,
        secondFactorLocks: 0,
        secondFactorLockedUntil: null,
      });
      if (!row) throw notFound();
      await auditStaffAction(tx, auth, request, {
        action: 'staff.2fa.unlock',
        subject: `staff:${row.id}`,
        before: { lockedUntil: wasLocked, failures: current.secondFactorFailures },
        after: { lockedUntil: null, failures: 0 },
      });
      return row;
    });
    return presentMember(updated);
  }

  /** Each role's idle limit: an administrator's setting, else the role's default, else the server's. */
  async idleLimits(): Promise<RoleIdleLimitDto[]> {
    const set = new Map(Object.entries(await this.repo.roleIdleMinutes()));
    const serverDefault = Math.round(this.staff.sessionService.defaultIdleMs / 60_000);
    return STAFF_ROLES.map((role) => {
      const defaultMinutes = DEFAULT_ROLE_IDLE_MINUTES[role] ?? serverDefault;
      const custom = set.get(role);
      return { role, minutes: custom ?? defaultMinutes, defaultMinutes, custom: custom !== undefined };
    });
  }

  /**
   * Sets roles' idle limits (null: back to the default), audited with before and after. Sessions started from
   * now on follow them. Only an administrator for every brand: the limits hold for every brand's staff.
   */
  async setIdleLimits(
    auth: StaffAuth,
    input: StaffIdleLimitsInput,
    request: FastifyRequest,
  ): Promise<RoleIdleLimitDto[]> {
    if (!auth.scope.all) throw idleLimitsAllBrands();
    const before = await this.idleLimits();
    const changes = Object.entries(input.limits) as Array<[StaffRole, number | null | undefined]>;
    const was: Record<string, number | null> = {};
    const now: Record<string, number | null> = {};
    for (const [role, minutes] of changes) {
      if (minutes === undefined) continue;
      const old = before.find((l) => l.role === role);
      const oldValue = old?.custom ? old.minutes : null;
      if (oldValue === minutes) continue;
      was[role] = oldValue;
      now[role] = minutes;
    }
    if (Object.keys(now).length === 0) return before;
    await this.repo.db.transaction(async (tx) => {
      for (const [role, minutes] of Object.entries(now))
        await this.repo.setRoleIdleMinutes(tx, role, minutes);
      await auditStaffAction(tx, auth, request, {
        action: 'staff.idleLimits',
        subject: 'staff:idle-limits',
        before: was,
        after: now,
      });
    });
    return this.idleLimits();
  }
}
