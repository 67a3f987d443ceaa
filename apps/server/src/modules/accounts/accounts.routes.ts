import { LoginInput } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { presentAuth } from './accounts.presenter.js';
import { AuthAnswer, TokenBody } from './accounts.schemas.js';
import { requireClient } from './auth.js';

const infoText = (info: unknown) => (typeof info === 'string' ? info : JSON.stringify(info ?? ''));

/** spec §7 /api/accounts/*: login, session refresh and logout. */
export async function accountsRoutes(app: App, ctx: AppContext) {
  const { accounts, sessions } = ctx;
  const auth = async (request: Parameters<typeof requireClient>[0]) =>
    requireClient(request, { sessions, accounts, brand: await ctx.brands.resolve(request.headers.host) });

  app.post(
    '/api/accounts/login',
    {
      config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Log in with e-mail and password (no bearer); answers the session token and the user',
        body: LoginInput,
        response: { 200: AuthAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const brand = await ctx.brands.resolve(request.headers.host);
      const { email, password, info } = request.body;
      const { user, token } = await accounts.login(brand, {
        email,
        password,
        info: infoText(info),
        ip: request.ip,
      });
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
        response: { 200: ok(z.object({})), 401: ErrorBody },
      },
    },
    async (request) => {
      const { session } = await auth(request);
      await sessions.revoke(session);
      return { status: true as const, data: {} };
    },
  );
}
