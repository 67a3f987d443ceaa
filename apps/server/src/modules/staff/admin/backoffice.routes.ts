import {
  AuditChainCheck,
  StaffEnrolmentDone,
  StaffEnrolmentStart,
  StaffLoginAnswer,
  StaffLoginInput,
  StaffLogoutAnswer,
  StaffMe,
  StaffPasswordChangeInput,
} from '@openbroker/domain';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import { type App, ErrorBody, ok } from '../../../http.js';
import { attemptKey, createFailureThrottle, isPasswordRefusal } from '../../../lib/failure-throttle.js';
import { attemptLimit } from '../../../lib/rate-limit.js';
import type { AuditRepo } from '../../audit/audit.repo.js';
import { staffOf, withPolicy } from '../policy.js';
import { presentStaff, type StaffService } from '../staff.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** What the back office's sign-in routes use; the audit log's chain check is among them. */
export interface BackofficeAuthRoutesDeps {
  config: Pick<Config, 'authRateLimitPerMinute' | 'redisPrefix'>;
  redis: Redis | undefined;
  staff: StaffService;
  audit: AuditRepo;
}

/** Back-office staff sign-in, two-factor enrolment, logout and `me` (docs/backoffice.md). */
export async function backofficeAuthRoutes(
  app: App,
  { config, redis, staff, audit }: BackofficeAuthRoutesDeps,
) {
  const max = config.authRateLimitPerMinute;
  // Like the client login (decision 0012): attempts per address, and wrong credentials slow down
  // per e-mail and address together.
  const loginLimit = attemptLimit(app, { name: 'staff-login', max });
  const loginThrottle = createFailureThrottle('staff-login', {
    redis,
    redisPrefix: config.redisPrefix,
  });
  const enrolLimit = attemptLimit(app, { name: 'staff-enrol', max });
  const enrolThrottle = createFailureThrottle('staff-enrol', {
    redis,
    redisPrefix: config.redisPrefix,
  });
  const passwordLimit = attemptLimit(app, { name: 'staff-password', max });
  const passwordThrottle = createFailureThrottle('staff-password', {
    redis,
    redisPrefix: config.redisPrefix,
  });
  /** The member as every answer shows them, with their session's idle limit the web follows. */
  const present = async (
    member: Parameters<typeof presentStaff>[0],
    session?: { idleMs: number | null },
  ) => ({
    ...presentStaff(member),
    sessionIdleMinutes: session
      ? Math.round(staff.sessionService.idleOf(session) / 60_000)
      : await staff.idleMinutesOf(member),
  });
  const meta = (request: { headers: Record<string, unknown>; ip: string }) => ({
    info: String(request.headers['user-agent'] ?? '').slice(0, 500),
    ip: request.ip,
  });

  app.post(
    '/api/backoffice/auth/login',
    {
      onRequest: loginLimit.onRequest,
      ...withPolicy({ permission: null, brandScoped: false, public: true }, staff, {
        summary:
          'Staff sign-in with e-mail, password and a TOTP code (or a one-time recovery code). Without two-factor ' +
          'sign-in set up yet, the session can only enrol (enrolmentOnly). 401 INVALID_CREDENTIALS for any wrong part; ' +
          '429 RATE_LIMITED when too many attempts',
        body: StaffLoginInput,
        response: { 200: ok(StaffLoginAnswer), ...errors },
      }),
    },
    async (request, reply) => {
      const { email } = request.body;
      const {
        staff: member,
        session,
        enrolmentOnly,
      } = await loginThrottle.attempt(attemptKey(request, `staff:${email}`), reply, isPasswordRefusal, () =>
        staff.login(request.body, meta(request)),
      );
      return {
        status: true as const,
        data: { token: session.token, enrolmentOnly, staff: await present(member, session.session) },
      };
    },
  );

  app.post(
    '/api/backoffice/auth/enrol/start',
    withPolicy({ permission: null, brandScoped: false, duringEnrolment: true }, staff, {
      summary:
        'Starts two-factor enrolment: a new TOTP secret, its otpauth:// URI and a QR code (PNG data URL) to scan. ' +
        '409 ALREADY_ENROLLED when it is set up',
      response: { 200: ok(StaffEnrolmentStart), ...errors },
    }),
    async (request) => {
      const data = await staff.startEnrolment(staffOf(request).staff);
      return { status: true as const, data };
    },
  );

  app.post(
    '/api/backoffice/auth/enrol/confirm',
    {
      onRequest: enrolLimit.onRequest,
      ...withPolicy({ permission: null, brandScoped: false, duringEnrolment: true }, staff, {
        summary:
          'Confirms enrolment with the current code from the app: two-factor sign-in is on, the enrolment session ' +
          'ends and a full session is answered with the ten one-time recovery codes (shown this once). ' +
          '400 CODE_INVALID for a wrong code',
        body: z.object({ code: z.string().max(20) }),
        response: { 200: ok(StaffEnrolmentDone), ...errors },
      }),
    },
    async (request, reply) => {
      const auth = staffOf(request);
      const { recoveryCodes, session } = await enrolThrottle.attempt(
        attemptKey(request, `staff:${auth.staff.id}`),
        reply,
        (error) => (error as { code?: string }).code === 'CODE_INVALID',
        () => staff.confirmEnrolment(auth.staff, request.body.code, auth.session.id, meta(request)),
      );
      const member = (await staff.byId(auth.staff.id)) ?? auth.staff;
      return {
        status: true as const,
        data: { token: session.token, recoveryCodes, staff: await present(member, session.session) },
      };
    },
  );

  app.post(
    '/api/backoffice/auth/logout',
    withPolicy(
      { permission: null, brandScoped: false, duringEnrolment: true, duringPasswordChange: true },
      staff,
      {
        summary: 'Ends this staff session',
        response: { 200: ok(StaffLogoutAnswer), ...errors },
      },
    ),
    async (request) => {
      const auth = staffOf(request);
      await staff.logout(auth.staff, auth.session);
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/api/backoffice/me',
    withPolicy(
      { permission: null, brandScoped: false, duringEnrolment: true, duringPasswordChange: true },
      staff,
      {
        summary:
          'The signed-in staff member: roles, brand scope, permissions (no secrets), and sessionIdleMinutes, after ' +
          'which an idle session ends',
        response: { 200: ok(StaffMe), ...errors },
      },
    ),
    async (request) => {
      const auth = staffOf(request);
      return { status: true as const, data: await present(auth.staff, auth.session) };
    },
  );

  app.post(
    '/api/backoffice/auth/password',
    {
      onRequest: passwordLimit.onRequest,
      ...withPolicy(
        { permission: null, brandScoped: false, duringEnrolment: true, duringPasswordChange: true },
        staff,
        {
          summary:
            'Changes the signed-in member’s own password: current_password is required; new_password has at least ' +
            '12 characters with letters and a digit or sign, and differs from the current one. Their other ' +
            'sessions end, this one continues (a change an administrator forced is then done). 400 with ' +
            'password.currentWrong for a wrong current password (wrong ones slow down)',
          body: StaffPasswordChangeInput,
          response: { 200: ok(StaffMe), ...errors },
        },
      ),
    },
    async (request, reply) => {
      const auth = staffOf(request);
      const member = await passwordThrottle.attempt(
        attemptKey(request, `staff:${auth.staff.id}`),
        reply,
        isPasswordRefusal,
        () => staff.changePassword(auth.staff, request.body, auth.session.id),
      );
      return { status: true as const, data: await present(member, auth.session) };
    },
  );

  app.get(
    '/api/backoffice/audit/verify',
    withPolicy({ permission: 'audit.read', brandScoped: false }, staff, {
      summary:
        "Checks the audit log's hash chain (as `npm run cli -- audit:verify`): ok, rows checked, and the first broken row if any",
      response: { 200: ok(AuditChainCheck), ...errors },
    }),
    async () => ({ status: true as const, data: await audit.verify() }),
  );
}
