import { AutoLoginInput, LoginInput, NoData } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { attemptKey, createFailureThrottle, isPasswordRefusal } from '../../lib/failure-throttle.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { presentAuth } from './accounts.presenter.js';
import { AuthAnswer, RegisterBody, TokenBody } from './accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from './auth.js';

const infoText = (info: unknown) => (typeof info === 'string' ? info : JSON.stringify(info ?? ''));

/** The e-mail a login or registration aims at (validated and lower-cased by then). */
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** What the client sign-in routes use. */
export interface AccountsRoutesDeps extends ClientAuthDeps {
  config: Pick<Config, 'authRateLimitPerMinute' | 'redisPrefix'>;
  redis: Redis | undefined;
}

/** spec §7 /api/accounts/*: login, auto login, registration, session refresh and logout. */
export async function accountsRoutes(app: App, deps: AccountsRoutesDeps) {
  const { accounts, sessions, brands, config, redis } = deps;
  const auth = clientAuthenticator(deps);
  const max = config.authRateLimitPerMinute;
  // Attempts per address; wrong passwords slow down per e-mail *and* address (decision 0012), so a
  // stranger's failures never lock the owner out.
  const loginLimit = attemptLimit(app, { name: 'login', max });
  const loginThrottle = createFailureThrottle('login', {
    redis,
    redisPrefix: config.redisPrefix,
  });
  const codeLimit = attemptLimit(app, { name: 'login-code', max });
  const registerLimit = attemptLimit(app, { name: 'register', max, account: emailOf });

  app.post(
    '/api/accounts/login',
    {
      onRequest: loginLimit.onRequest,
      schema: {
        tags: ['accounts'],
        summary:
          'Log in with e-mail and password (no bearer); answers the session token and the user. ' +
          '429 RATE_LIMITED with retry-after: too many attempts from this address in a minute, or ' +
          "('auth.throttled') too many wrong passwords for this e-mail from this address, each wait twice the last",
        body: LoginInput,
        response: { 200: AuthAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const brand = await brands.resolve(request.headers.host);
      const { email, password, info } = request.body;
      const { user, token } = await loginThrottle.attempt(
        attemptKey(request, `${brand.id}:${email}`),
        reply,
        isPasswordRefusal,
        () => accounts.login(brand, { email, password, info: infoText(info), ip: request.ip }),
      );
      return { status: true as const, data: presentAuth(user, token) };
    },
  );

  app.post(
    '/api/accounts/login/:code',
    {
      onRequest: codeLimit.onRequest,
      schema: {
        tags: ['accounts'],
        summary:
          'Log in with a one-time auto-login code (spec §2 /autoLogin/{code}; no bearer). ' +
          "A used, expired or unknown code answers 401 'login.auto.error'",
        params: z.object({ code: z.string() }),
        body: AutoLoginInput.optional(),
        response: { 200: AuthAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brands.resolve(request.headers.host);
      const { user, token } = await accounts.loginWithCode(brand, request.params.code, {
        info: infoText(request.body?.info),
        ip: request.ip,
      });
      return { status: true as const, data: presentAuth(user, token) };
    },
  );

  app.post(
    '/api/accounts/register',
    {
      onRequest: registerLimit.onRequest,
      // A brand without registration refuses before looking at the form (spec §6).
      preValidation: async (request) =>
        accounts.assertRegistrationOpen(await brands.resolve(request.headers.host)),
      preHandler: registerLimit.preHandler,
      schema: {
        tags: ['accounts'],
        summary:
          'Sign up (no bearer) where the brand enables it; logs the new client in (answer as login). ' +
          "403 REGISTRATION_DISABLED, 409 EMAIL_TAKEN 'This email already exist'",
        body: RegisterBody,
        response: {
          200: AuthAnswer,
          400: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const brand = await brands.resolve(request.headers.host);
      const { info, ...input } = request.body;
      const { user, token } = await accounts.register(brand, input, { info: infoText(info), ip: request.ip });
      return { status: true as const, data: presentAuth(user, token) };
    },
  );

  app.post(
    '/api/accounts/get',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Refreshes the session's auth data; 401 when the session has ended (the web app then logs out)",
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: AuthAnswer, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user, token } = await auth(request);
      return { status: true as const, data: presentAuth(user, token) };
    },
  );

  app.post(
    '/api/accounts/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Ends the session at once; the token no longer works anywhere',
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: ok(NoData), 401: ErrorBody },
      },
    },
    async (request) => {
      const { session } = await auth(request);
      await sessions.revoke(session);
      return { status: true as const, data: {} };
    },
  );
}
