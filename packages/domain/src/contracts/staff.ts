import { z } from 'zod';
import { STAFF_ROLES } from '../staff.js';
import { Instant } from './common.js';

/** Back-office contracts of the staff area: every answer a staff route of this area gives (see common.ts). */

/** The brands a staff member works for: every brand, or the listed ones. */
export const StaffBrandScope = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ all: z.literal(false), brandIds: z.array(z.number()).readonly() }),
]);
export type StaffBrandScope = z.infer<typeof StaffBrandScope>;

/** The signed-in staff member (GET /api/backoffice/me, and with every sign-in and password change). */
export const StaffMe = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  brandScope: StaffBrandScope,
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  /** True after an administrator reset the password: only the password change, `me` and logout answer. */
  passwordChangeRequired: z.boolean(),
  /**
   * Minutes without input after which the server ends the session: the shortest of the member's roles' limits
   * (STAFF_SESSION_IDLE_MINUTES unless a role has its own); the web signs out then.
   */
  sessionIdleMinutes: z.number().int().positive(),
});
export type StaffMe = z.infer<typeof StaffMe>;

/** POST /api/backoffice/auth/login: the new session's token and the member. */
export const StaffLoginAnswer = z.object({
  token: z.string(),
  /** True: the session can only enrol two-factor sign-in (then it is replaced by a full one). */
  enrolmentOnly: z.boolean(),
  staff: StaffMe,
});
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswer>;

/** POST /api/backoffice/auth/enrol/start: a new TOTP secret, its otpauth:// URI and a QR code (PNG data URL). */
export const StaffEnrolmentStart = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type StaffEnrolmentStart = z.infer<typeof StaffEnrolmentStart>;

/** POST /api/backoffice/auth/enrol/confirm: the full session replacing the enrolment one, and the recovery codes. */
export const StaffEnrolmentDone = z.object({
  token: z.string(),
  /** The ten one-time recovery codes, shown this once. */
  recoveryCodes: z.array(z.string()),
  staff: StaffMe,
});
export type StaffEnrolmentDone = z.infer<typeof StaffEnrolmentDone>;

/** POST /api/backoffice/auth/logout: nothing to say. */
export const StaffLogoutAnswer = z.object({});
export type StaffLogoutAnswer = z.infer<typeof StaffLogoutAnswer>;

/** A staff member as staff management lists them, with their credentials' state (no secrets). */
export const StaffMember = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  brandScope: StaffBrandScope,
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: Instant,
  /** The last successful sign-in and its address; null before the first. */
  lastLoginAt: Instant.nullable(),
  lastLoginIp: z.string().nullable(),
  /** Addresses and networks they may sign in from; null: any address. */
  ipAllowList: z.array(z.string()).nullable(),
  /** An administrator reset the password and they have not chosen a new one yet. */
  passwordChangeRequired: z.boolean(),
  /** Until when the second factor is locked after wrong codes; null when it is not. */
  secondFactorLockedUntil: Instant.nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** GET /api/backoffice/staff: the staff members in the reader's scope. */
export const StaffMemberList = z.array(StaffMember);
export type StaffMemberList = z.infer<typeof StaffMemberList>;

/** POST /api/backoffice/staff: the new member, their initial password (shown once) and where they enrol. */
export const StaffCreated = z.object({ staff: StaffMember, password: z.string(), enrolUrl: z.string() });
export type StaffCreated = z.infer<typeof StaffCreated>;

/** POST /api/backoffice/staff/:id/reset-password: the member and the temporary password, shown once. */
export const StaffPasswordReset = z.object({ staff: StaffMember, password: z.string() });
export type StaffPasswordReset = z.infer<typeof StaffPasswordReset>;

/** One role's idle limit in minutes (a member's sessions end after the shortest of their roles' limits). */
export const StaffRoleIdleLimit = z.object({
  role: z.enum(STAFF_ROLES),
  minutes: z.number().int(),
  defaultMinutes: z.number().int(),
  /** True when the role has its own limit rather than the default. */
  custom: z.boolean(),
});
export type StaffRoleIdleLimit = z.infer<typeof StaffRoleIdleLimit>;

/** GET and POST /api/backoffice/staff-settings/idle: every role's idle limit. */
export const StaffRoleIdleLimits = z.array(StaffRoleIdleLimit);
export type StaffRoleIdleLimits = z.infer<typeof StaffRoleIdleLimits>;
