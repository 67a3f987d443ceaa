import { StaffLoginInput } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { attemptKey, createFailureThrottle, isPasswordRefusal } from '../../lib/failure-throttle.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { staffOf, withPolicy } from './policy.js';
import { presentStaff } from './staff.service.js';

const StaffDto = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  brandScope: z.union([
    z.object({ all: z.literal(true) }),
    z.object({ all: z.literal(false), brandIds: z.array(z.number()).readonly() }),
  ]),
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  /** Minutes without a call after which the server ends the session (STAFF_SESSION_IDLE_MINUTES): the web signs out then. */
  sessionIdleMinutes: z.number().int().positive(),
});

const SessionAnswer = ok(
  z.object({
    token: z.string(),
    /** True: the session can only enrol two-factor sign-in (then it is replaced by a full one). */
    enrolmentOnly: z.boolean(),
    staff: StaffDto,
  }),
);

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Back-office staff sign-in, two-factor enrolment, logout and `me` (issue 13; docs/backoffice.md). */
export async function backofficeAuthRoutes(app: App, ctx: AppContext) {
  const { staff } = ctx;
  const max = ctx.config.authRateLimitPerMinute;
  // Like the client login (decision 0012): attempts per address, and wrong credentials slow down
  // per e-mail and address together.
  const loginLimit = attemptLimit(app, { name: 'staff-login', max });
  const loginThrottle = createFailureThrottle('staff-login', {
    redis: ctx.redis,
    redisPrefix: ctx.config.redisPrefix,
  });
  const enrolLimit = attemptLimit(app, { name: 'staff-enrol', max });
  const enrolThrottle = createFailureThrottle('staff-enrol', {
    redis: ctx.redis,
    redisPrefix: ctx.config.redisPrefix,
  });
  const sessionIdleMinutes = Math.round(ctx.config.staffSessionIdleMs / 60_000);
  /** The member as every answer shows them, with the server's idle timeout the web follows. */
  const present = (member: Parameters<typeof presentStaff>[0]) => ({
    ...presentStaff(member),
    sessionIdleMinutes,
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
        response: { 200: SessionAnswer, ...errors },
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
        data: { token: session.token, enrolmentOnly, staff: present(member) },
      };
    },
  );

  app.post(
    '/api/backoffice/auth/enrol/start',
    withPolicy({ permission: null, brandScoped: false, duringEnrolment: true }, staff, {
      summary:
        'Starts two-factor enrolment: a new TOTP secret, its otpauth:// URI and a QR code (PNG data URL) to scan. ' +
        '409 ALREADY_ENROLLED when it is set up',
      response: {
        200: ok(z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() })),
        ...errors,
      },
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
        response: {
          200: ok(z.object({ token: z.string(), recoveryCodes: z.array(z.string()), staff: StaffDto })),
          ...errors,
        },
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
        data: { token: session.token, recoveryCodes, staff: present(member) },
      };
    },
  );

  app.post(
    '/api/backoffice/auth/logout',
    withPolicy({ permission: null, brandScoped: false, duringEnrolment: true }, staff, {
      summary: 'Ends this staff session',
      response: { 200: ok(z.object({})), ...errors },
    }),
    async (request) => {
      const auth = staffOf(request);
      await staff.logout(auth.staff, auth.session);
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/api/backoffice/me',
    withPolicy({ permission: null, brandScoped: false, duringEnrolment: true }, staff, {
      summary:
        'The signed-in staff member: roles, brand scope, permissions (no secrets), and sessionIdleMinutes, after ' +
        'which an idle session ends',
      response: { 200: ok(StaffDto), ...errors },
    }),
    async (request) => ({ status: true as const, data: present(staffOf(request).staff) }),
  );

  app.get(
    '/api/backoffice/audit/verify',
    withPolicy({ permission: 'audit.read', brandScoped: false }, staff, {
      summary:
        "Checks the audit log's hash chain (as `npm run cli -- audit:verify`): ok, rows checked, and the first broken row if any",
      response: {
        200: ok(
          z.object({
            ok: z.boolean(),
            checked: z.number(),
            unchained: z.number(),
            brokenAt: z.object({ id: z.number(), reason: z.enum(['hash', 'link', 'unchained']) }).optional(),
          }),
        ),
        ...errors,
      },
    }),
    async () => ({ status: true as const, data: await ctx.audit.verify() }),
  );
}
