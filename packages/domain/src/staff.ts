/**
 * Back-office staff: roles, what each role may do, and brand scope (architecture §6a).
 * Pure data and functions: the server enforces them on every /api/backoffice route, the web app
 * uses the same table to show or hide what a staff member cannot do.
 */

export const STAFF_ROLES = ['admin', 'compliance', 'finance', 'dealer', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** What a back-office route or action needs. */
export const STAFF_PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'clients.read',
  'clients.edit',
  'documents.review',
  'verification.edit',
  'permissions.edit',
  'notes.write',
  'passwordReset.send',
  'deposits.approve',
  'withdrawals.approve',
  'adjustments.create',
  // the second key on staff money requests, and the caps an admin sets on them
  'adjustments.approve',
  'limits.manage',
  'positions.read',
  'positions.close',
  'exposure.read',
  'content.edit',
  // back office II
  'brands.manage',
  'content.publish',
  'popups.manage',
  'inbox.read',
  'affiliates.manage',
  'instruments.halt',
  'reports.read',
  // strategies offered per brand, their parameter ranges, and the brand's auto-trading kill switch
  'autotrading.manage',
  // sanctions and PEP screening: list imports and the review queue of possible matches
  'screening.review',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * Role → permissions: admin everything, compliance clients/documents/verification/
 * permissions, finance money, dealer positions and exposure, support a read-only client view with
 * notes and password-reset mail, content the brand's pages and popups.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: STAFF_PERMISSIONS,
  compliance: [
    'clients.read',
    'clients.edit',
    'documents.review',
    'verification.edit',
    'permissions.edit',
    'notes.write',
    'audit.read',
    'screening.review',
  ],
  finance: [
    'clients.read',
    'deposits.approve',
    'withdrawals.approve',
    'adjustments.create',
    'adjustments.approve',
    'notes.write',
    'reports.read',
  ],
  dealer: [
    'clients.read',
    'positions.read',
    'positions.close',
    'exposure.read',
    'notes.write',
    'instruments.halt',
    'autotrading.manage',
  ],
  support: ['clients.read', 'notes.write', 'passwordReset.send', 'inbox.read'],
  content: ['content.edit', 'content.publish', 'popups.manage', 'inbox.read'],
};

/** A permission, or a list of which any one will do (a route deciding the items of two queues). */
export type StaffPermissionNeed = StaffPermission | readonly StaffPermission[];

const anyOf = (need: StaffPermissionNeed): readonly StaffPermission[] =>
  typeof need === 'string' ? [need] : need;

/** Whether any of these roles grants the permission (for a list: any one of them). */
export function can(roles: readonly StaffRole[], permission: StaffPermissionNeed): boolean {
  const wanted = anyOf(permission);
  return roles.some((role) => wanted.some((p) => ROLE_PERMISSIONS[role]?.includes(p)));
}

/** Every permission these roles grant, in the table's order. */
export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => can(roles, permission));
}

/** Which brands a staff member works for: every brand, or the listed brand ids. */
export type BrandScope = { all: true } | { all: false; brandIds: readonly number[] };

/** Whether a brand is inside the scope (outside answers 404, as if the record did not exist). */
export function inBrandScope(scope: BrandScope, brandId: number): boolean {
  return scope.all || scope.brandIds.includes(brandId);
}

/**
 * What a back-office route needs, declared next to its schema: a permission (or `null` for routes
 * every signed-in staff member may call, such as `me` and logout), and whether the route works on
 * one brand's records (then brand scope is checked for it).
 */
export interface StaffPolicy {
  /**
   * The permission the route needs; a list when any one of them admits the caller (the service then checks the
   * one the record needs, e.g. deposits.approve or withdrawals.approve for a transaction's decision).
   */
  permission: StaffPermissionNeed | null;
  brandScoped: boolean;
  /** Allowed to a session that has not enrolled two-factor sign-in yet (enrolment, logout, me). */
  duringEnrolment?: boolean;
  /** Allowed to a member whose password an administrator reset, before they chose a new one (the change, logout, me). */
  duringPasswordChange?: boolean;
  /** Reachable without a staff session at all (sign-in). */
  public?: boolean;
}

/** The roles that grant a permission, or any one of a list (for the API description: "needs compliance or admin"). */
export function rolesWith(permission: StaffPermissionNeed): StaffRole[] {
  const wanted = anyOf(permission);
  return STAFF_ROLES.filter((role) => wanted.some((p) => ROLE_PERMISSIONS[role].includes(p)));
}

/** How many one-time recovery codes a staff member gets at enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as typed: spaces and dashes dropped, upper case, so `abcd-efgh` and `ABCDEFGH`
 * are the same code.
 */
export const normaliseRecoveryCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** A TOTP code: six digits (spaces allowed, as authenticator apps show them). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * A brand's back-office rules when its settings leave them out: verification is
 * automatic once passport and address proof are approved; a withdrawal above 10,000 (brand
 * currency) needs two finance approvers; bonus and credit money is not withdrawable.
 */
export const BACKOFFICE_DEFAULTS = Object.freeze({
  verification: 'automatic' as 'automatic' | 'manual',
  fourEyesAbove: 10_000,
  bonusWithdrawable: false,
  withdrawalsNeedVerification: true,
});

/** Rows per page of every back-office list (50 a page). */
export const BACKOFFICE_PAGE_SIZE = 50;
