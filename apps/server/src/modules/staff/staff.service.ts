import { createHash, randomBytes } from 'node:crypto';
import {
  addressAllowed,
  type BrandScope,
  idleMinutesFor,
  isStaffRole,
  isStrongStaffPassword,
  isTotpCode,
  normaliseRecoveryCode,
  permissionsOf,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_FAILURES_BEFORE_LOCK,
  type StaffPasswordChangeInput,
  type StaffRole,
  secondFactorLockMinutes,
} from '@openbroker/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError, invalidFields } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type AuditRepo, writeAudit } from '../audit/audit.repo.js';
import type { IssuedSession, SessionsService } from '../sessions/sessions.service.js';
import type { StaffRepo, StaffRow } from './staff.repo.js';

/** Codes one 30-second step early or late are accepted: clocks of phones drift a little. */
const TOTP_TOLERANCE_SECONDS = 30;
/** Recovery codes: 10 characters from an alphabet without look-alikes, shown as two groups of five joined by a hyphen (e.g. `K7M2P-Q9RTW`). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const invalidStaffCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
export const twoFactorRequired = () => new AppError(403, 'TWO_FACTOR_REQUIRED', 'staff.twoFactorRequired');
export const passwordChangeRequired = () =>
  new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'staff.passwordChangeRequired');
/** A sign-in from an address outside the member's allow-list (only after the right password). */
export const addressNotAllowed = (ip: string) =>
  new AppError(403, 'ADDRESS_NOT_ALLOWED', 'staff.addressNotAllowed', { ip });
/** The second factor is locked after wrong codes (only after the right password). */
export const secondFactorLocked = (minutes: number) =>
  new AppError(423, 'SECOND_FACTOR_LOCKED', 'staff.secondFactorLocked', { minutes });
const wrongCurrentPassword = () =>
  invalidFields([{ path: 'current_password', key: 'password.currentWrong' }]);

/** A staff member as the API shows them: no password hash, no secret, no recovery codes. */
export interface StaffView {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  brandScope: BrandScope;
  permissions: string[];
  twoFactorEnabled: boolean;
  /** True after an administrator reset the password: the member must choose a new one first. */
  passwordChangeRequired: boolean;
}

export const rolesOf = (row: StaffRow): StaffRole[] => row.roles.filter(isStaffRole);
export const scopeOf = (row: StaffRow): BrandScope =>
  row.brandIds === null ? { all: true } : { all: false, brandIds: row.brandIds };

export function presentStaff(row: StaffRow): StaffView {
  const roles = rolesOf(row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles,
    brandScope: scopeOf(row),
    permissions: permissionsOf(roles),
    twoFactorEnabled: row.totpEnabledAt !== null,
    passwordChangeRequired: row.passwordChangeRequired,
  };
}

const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A random initial password for `staff:create`, printed once. */
/**
 * A random initial password (120 bits) that also follows the staff password rule, as a member's own would: about
 * one in 64 random strings has no digit or sign, and is drawn again.
 */
export function newInitialPassword(): string {
  for (;;) {
    const password = randomBytes(15).toString('base64url');
    if (isStrongStaffPassword(password)) return password;
  }
}

export interface StaffMeta {
  info: string;
  ip: string;
}

/**
 * Back-office staff sign-in: password and a TOTP code (RFC 6238) or a one-time recovery
 * code; a member without two-factor sign-in gets a session that can only enrol. Every sign-in,
 * failed sign-in, enrolment and logout writes an audit row, never with a password or code in it.
 */
export class StaffService {
  private dummyHash: Promise<string> | undefined;
  /**
   * Told when a member's second factor locks (the runtime mails them through the outbox). A failure to tell
   * never changes the sign-in's answer.
   */
  onSecondFactorLocked: ((staff: StaffRow, minutes: number) => Promise<void>) | undefined;

  constructor(
    private readonly repo: StaffRepo,
    private readonly sessions: SessionsService,
    private readonly box: SecretBox,
    private readonly audit: AuditRepo,
    private readonly issuer = 'OpenBroker',
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  get sessionService(): SessionsService {
    return this.sessions;
  }

  byId(id: number): Promise<StaffRow | undefined> {
    return this.repo.byId(id);
  }

  async login(
    input: { email: string; password: string; code?: string | undefined },
    meta: StaffMeta,
  ): Promise<{ staff: StaffRow; session: IssuedSession; enrolmentOnly: boolean }> {
    const staff = await this.repo.byEmail(input.email);
    // An unknown e-mail costs the same argon2 check, so the answer time does not tell who is staff.
    this.dummyHash ??= hashPassword(newInitialPassword());
    const passwordOk = await verifyPassword(staff?.passwordHash ?? (await this.dummyHash), input.password);
    const fail = async (reason: string) => {
      await this.audit.record({
        actor: staff ? `staff:${staff.id}` : 'anonymous',
        action: 'staff.login.failed',
        subject: staff ? `staff:${staff.id}` : 'staff:unknown',
        details: { reason, ip: meta.ip },
      });
      return invalidStaffCredentials();
    };
    if (!staff || !passwordOk) throw await fail(staff ? 'password' : 'unknown-email');
    if (staff.disabledAt) throw await fail('disabled');
    // Only someone who knows the password learns that the address is refused, and why.
    if (!addressAllowed(staff.ipAllowList, meta.ip)) {
      await this.audit.record({
        actor: `staff:${staff.id}`,
        action: 'staff.login.refused',
        subject: `staff:${staff.id}`,
        details: { reason: 'address-not-allowed', ip: meta.ip },
      });
      throw addressNotAllowed(meta.ip);
    }
    let secondFactor: 'totp' | 'recovery' | 'none' = 'none';
    if (staff.totpEnabledAt) {
      const lockedFor = this.lockedMinutes(staff);
      if (lockedFor > 0) {
        await fail('second-factor-locked');
        throw secondFactorLocked(lockedFor);
      }
      const code = (input.code ?? '').trim();
      if (!code) throw await fail('code-missing');
      const wrongCode = async (reason: string) => {
        const error = await fail(reason);
        await this.countSecondFactorFailure(staff, meta);
        return error;
      };
      if (isTotpCode(code)) {
        if (!(await this.acceptTotp(staff, code))) throw await wrongCode('code');
        secondFactor = 'totp';
      } else {
        if (!(await this.repo.useRecoveryCode(staff.id, hashCode(code))))
          throw await wrongCode('recovery-code');
        secondFactor = 'recovery';
      }
    }
    const session = await this.sessions.issue('staff', staff.id, meta, {
      idleMs: await this.idleMsOf(staff),
    });
    await this.repo.recordSignIn(staff.id, new Date(this.nowSeconds() * 1000), meta.ip);
    await this.audit.record({
      actor: `staff:${staff.id}`,
      action: 'staff.login',
      subject: `staff:${staff.id}`,
      details: { secondFactor, session: session.session.id, ip: meta.ip },
    });
    return { staff, session, enrolmentOnly: staff.totpEnabledAt === null };
  }

  /** Whole minutes (rounded up) the member's second factor stays locked; 0 when it is not locked. */
  lockedMinutes(staff: StaffRow): number {
    const until = staff.secondFactorLockedUntil?.getTime() ?? 0;
    const left = until - this.nowSeconds() * 1000;
    return left > 0 ? Math.ceil(left / 60_000) : 0;
  }

  /**
   * One more wrong second factor for this member, from any address: the fifth in a row locks the second factor
   * for a growing time (1, 5, 15, 60 minutes…), audited, and the member is told by e-mail.
   */
  private async countSecondFactorFailure(staff: StaffRow, meta: StaffMeta): Promise<void> {
    const lock = await this.repo.recordSecondFactorFailure(
      staff.id,
      SECOND_FACTOR_FAILURES_BEFORE_LOCK,
      (previous) => new Date(this.nowSeconds() * 1000 + secondFactorLockMinutes(previous) * 60_000),
    );
    if (!lock) return;
    const minutes = secondFactorLockMinutes(lock.locks - 1);
    await this.audit.record({
      actor: 'system',
      action: 'staff.2fa.lock',
      subject: `staff:${staff.id}`,
      details: { minutes, lock: lock.locks, until: lock.until.toISOString(), ip: meta.ip },
    });
    await this.onSecondFactorLocked?.(staff, minutes).catch(() => undefined);
  }

  /** The member's idle limit in minutes: the strictest of their roles (staff-credentials in the domain). */
  async idleMinutesOf(staff: StaffRow): Promise<number> {
    const settings = await this.repo.roleIdleMinutes();
    return idleMinutesFor(rolesOf(staff), settings, Math.round(this.sessions.defaultIdleMs / 60_000));
  }

  private async idleMsOf(staff: StaffRow): Promise<number> {
    return (await this.idleMinutesOf(staff)) * 60_000;
  }

  /**
   * The member changes their own password: the current one is required, the new one follows the staff rule
   * (checked by the contract) and differs from it. Their other sessions end; this one continues, and a change an
   * administrator forced is done. Audited without either password.
   */
  async changePassword(
    staff: StaffRow,
    input: StaffPasswordChangeInput,
    currentSessionId: number,
  ): Promise<StaffRow> {
    if (!(await verifyPassword(staff.passwordHash, input.current_password))) throw wrongCurrentPassword();
    const passwordHash = await hashPassword(input.new_password);
    let updated: StaffRow | undefined;
    await this.sessions.revokeAll('staff', staff.id, currentSessionId, async (tx, ended) => {
      updated = await this.repo.setPassword(staff.id, passwordHash, false, tx);
      await writeAudit(tx, {
        actor: `staff:${staff.id}`,
        role: rolesOf(staff).join(','),
        action: 'staff.password.change',
        subject: `staff:${staff.id}`,
        before: { passwordChangeRequired: staff.passwordChangeRequired },
        after: { passwordChangeRequired: false },
        details: { endedSessions: ended.length },
      });
    });
    if (!updated) throw new Error('staff password change found no member');
    return updated;
  }

  /** Whether a TOTP code is right now, and claims its time step so it cannot be used twice. */
  private async acceptTotp(staff: StaffRow, code: string): Promise<boolean> {
    if (!staff.totpSecret) return false;
    const result = await verify({
      secret: this.box.open(staff.totpSecret),
      token: code.replace(/\s/g, ''),
      epoch: this.nowSeconds(),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(staff.totpLastStep !== null ? { afterTimeStep: staff.totpLastStep } : {}),
    });
    if (!result.valid) return false;
    return this.repo.claimStep(staff.id, this.stepOf(result));
  }

  /** The RFC 6238 time step a valid code matched (30-second steps since the epoch). */
  private stepOf(result: { delta: number }): number {
    const step = (result as { timeStep?: number }).timeStep;
    return step ?? Math.floor(this.nowSeconds() / 30) + result.delta;
  }

  /** Starts (or restarts) enrolment: a new secret, its otpauth URI and that URI as a QR code. */
  async startEnrolment(staff: StaffRow): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
    if (staff.totpEnabledAt) throw new AppError(409, 'ALREADY_ENROLLED', 'staff.alreadyEnrolled');
    const secret = generateSecret();
    await this.repo.setPendingSecret(staff.id, this.box.seal(secret));
    const otpauthUri = generateURI({ issuer: this.issuer, label: staff.email, secret });
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1 });
    await this.audit.record({
      actor: `staff:${staff.id}`,
      action: 'staff.enrol.start',
      subject: `staff:${staff.id}`,
      details: {},
    });
    return { secret, otpauthUri, qrCode };
  }

  /**
   * Confirms enrolment with a code from the app: two-factor sign-in is on, the enrolment session
   * ends and a full one replaces it; the ten recovery codes are answered this once (only their
   * hashes are kept).
   */
  async confirmEnrolment(
    staff: StaffRow,
    code: string,
    currentSessionId: number,
    meta: StaffMeta,
  ): Promise<{ recoveryCodes: string[]; session: IssuedSession }> {
    if (staff.totpEnabledAt) throw new AppError(409, 'ALREADY_ENROLLED', 'staff.alreadyEnrolled');
    const codeWrong = () => new AppError(400, 'CODE_INVALID', 'staff.codeInvalid');
    if (!staff.totpSecret) throw new AppError(409, 'ENROLMENT_NOT_STARTED', 'staff.enrolmentNotStarted');
    if (!isTotpCode(code)) throw codeWrong();
    const result = await verify({
      secret: this.box.open(staff.totpSecret),
      token: code.replace(/\s/g, ''),
      epoch: this.nowSeconds(),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    });
    if (!result.valid) throw codeWrong();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabled = await this.repo.enable(
      staff.id,
      new Date(),
      this.stepOf(result),
      recoveryCodes.map(hashCode),
    );
    if (!enabled) throw new AppError(409, 'ALREADY_ENROLLED', 'staff.alreadyEnrolled');
    await this.sessions.revokeAll('staff', staff.id);
    const session = await this.sessions.issue('staff', staff.id, meta, {
      idleMs: await this.idleMsOf(staff),
    });
    await this.audit.record({
      actor: `staff:${staff.id}`,
      action: 'staff.enrol.confirm',
      subject: `staff:${staff.id}`,
      details: { endedSession: currentSessionId, session: session.session.id },
    });
    return { recoveryCodes, session };
  }

  async logout(staff: StaffRow, session: IssuedSession['session']): Promise<void> {
    await this.sessions.revoke(session);
    await this.audit.record({
      actor: `staff:${staff.id}`,
      action: 'staff.logout',
      subject: `staff:${staff.id}`,
      details: { session: session.id },
    });
  }

  /**
   * Creates a staff member (CLI `staff:create`) with a random initial password, answered once;
   * they enrol two-factor sign-in at their first sign-in. The member and the operator's audit row
   * commit together.
   */
  async create(
    input: { email: string; name: string; roles: StaffRole[]; brandIds: number[] | null },
    actor: string,
  ): Promise<{ staff: StaffRow; password: string }> {
    if (input.roles.length === 0) throw new Error('at least one role is needed');
    if (await this.repo.byEmail(input.email))
      throw new Error(`a staff member with e-mail ${input.email} exists already`);
    const password = newInitialPassword();
    const passwordHash = await hashPassword(password);
    const staff = await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.create(
        { email: input.email, name: input.name, passwordHash, roles: input.roles, brandIds: input.brandIds },
        tx,
      );
      await writeAudit(tx, {
        actor,
        action: 'staff.create',
        subject: `staff:${row.id}`,
        after: { email: row.email, name: row.name, roles: input.roles, brandIds: input.brandIds },
        details: { email: row.email, roles: input.roles, brandIds: input.brandIds },
      });
      return row;
    });
    return { staff, password };
  }
}
