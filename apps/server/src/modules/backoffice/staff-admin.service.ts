import type { BrandScope, StaffCreateInput, StaffUpdateInput } from '@openbroker/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { brands, staffUsers } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { StaffAuth } from './policy.js';
import type { StaffRow } from './staff.repo.js';
import { newInitialPassword, rolesOf, type StaffService, scopeOf } from './staff.service.js';
import { auditStaffAction, changedFields } from './staff-audit.js';

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
}

export function presentMember(row: StaffRow): StaffMemberDto {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: rolesOf(row),
    brandScope: scopeOf(row),
    twoFactorEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const emailTaken = () => new AppError(409, 'STAFF_EMAIL_TAKEN', 'staff.staffEmailTaken');
const cannotDisableSelf = () => new AppError(409, 'CANNOT_DISABLE_SELF', 'staff.cannotDisableSelf');
const cannotRemoveOwnAdmin = () => new AppError(409, 'CANNOT_REMOVE_OWN_ADMIN', 'staff.cannotRemoveOwnAdmin');

/** The audited fields of a member: what staff management changes. */
const auditedFields = (row: StaffRow) => ({
  roles: rolesOf(row) as string[],
  brandIds: row.brandIds,
  disabled: row.disabledAt !== null,
});

/**
 * Staff management (issue 13, permission staff.manage: admins). Brand scope holds here too: an
 * admin limited to some brands sees and changes only members whose brands are all among theirs,
 * and grants only those brands (never "every brand"). Every change writes its audit row in the
 * same transaction; disabling a member or resetting their two-factor sign-in ends their sessions.
 */
export class StaffAdminService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffService,
    private readonly publicUrl: string,
  ) {}

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
    const found = await this.db.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds));
    if (found.length !== brandIds.length) throw notFound();
  }

  async list(auth: StaffAuth): Promise<StaffMemberDto[]> {
    const rows = await this.db.select().from(staffUsers).orderBy(asc(staffUsers.id));
    return rows.filter((row) => this.visible(auth, row)).map(presentMember);
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
    const row = await this.db
      .transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: staffUsers.id })
          .from(staffUsers)
          .where(sql`lower(${staffUsers.email}) = ${input.email.toLowerCase()}`)
          .limit(1);
        if (taken) throw emailTaken();
        const [created] = await tx
          .insert(staffUsers)
          .values({
            email: input.email,
            name: input.name,
            passwordHash,
            roles: input.roles,
            brandIds: input.brandIds,
          })
          .returning();
        if (!created) throw new Error('staff insert returned nothing');
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
    });
    if (Object.keys(now).length === 0) return presentMember(current);
    const action =
      now.disabled === true ? 'staff.disable' : now.disabled === false ? 'staff.enable' : 'staff.update';
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffUsers)
        .set({
          ...(now.roles ? { roles: now.roles } : {}),
          ...('brandIds' in now ? { brandIds: now.brandIds ?? null } : {}),
          ...(now.disabled !== undefined ? { disabledAt: now.disabled ? new Date() : null } : {}),
        })
        .where(eq(staffUsers.id, current.id))
        .returning();
      if (!row) throw notFound();
      await auditStaffAction(tx, auth, request, {
        action,
        subject: `staff:${row.id}`,
        before: was,
        after: now,
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
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffUsers)
        .set({ totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [] })
        .where(eq(staffUsers.id, current.id))
        .returning();
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
}
