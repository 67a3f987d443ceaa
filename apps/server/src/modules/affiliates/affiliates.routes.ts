import {
  AffiliateClickInput,
  AffiliateFilterInput,
  AffiliateLoginInput,
  AffiliatePasswordInput,
} from '@openbroker/domain';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { type App, ErrorBody } from '../../http.js';
import { attemptKey, createFailureThrottle, isPasswordRefusal } from '../../lib/failure-throttle.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import type { BrandsService } from '../brands/brands.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { affiliateAuthenticator } from './affiliates.auth.js';
import { presentAccount, presentAffiliate } from './affiliates.presenter.js';
import {
  AffiliateAccountsAnswer,
  AffiliateNoDataAnswer,
  AffiliateSessionAnswer,
  FunnelAnswer,
} from './affiliates.schemas.js';
import type { AffiliatesService } from './affiliates.service.js';

/** Tracking-link visits counted per minute and address: generous for people, a wall for scripts. */
export const CLICK_RATE_LIMIT_PER_MINUTE = 30;

/** What the affiliate panel's routes use. */
export interface AffiliatesRoutesDeps {
  config: Pick<Config, 'authRateLimitPerMinute' | 'redisPrefix'>;
  redis: Redis | undefined;
  brands: BrandsService;
  sessions: SessionsService;
  affiliates: AffiliatesService;
}

/** spec §7 /api/affiliate/*: the affiliate's login, panel data, password and logout, and link clicks. */
export async function affiliatesRoutes(
  app: App,
  { config, redis, brands, sessions, affiliates }: AffiliatesRoutesDeps,
) {
  const auth = affiliateAuthenticator({ brands, sessions, affiliates });
  // As for clients (decision 0012): attempts per address, wrong passwords per e-mail and address.
  const loginLimit = attemptLimit(app, { name: 'affiliate-login', max: config.authRateLimitPerMinute });
  const throttles = { redis, redisPrefix: config.redisPrefix };
  const loginThrottle = createFailureThrottle('affiliate-login', throttles);
  // Guessing the current password with a stolen token slows down per session (not per affiliate, so
  // the thief cannot stop the owner from changing it), within a limit per address.
  const passwordThrottle = createFailureThrottle('affiliate-password', throttles);
  const passwordLimit = attemptLimit(app, {
    name: 'affiliate-password',
    max: config.authRateLimitPerMinute,
  });
  const clickLimit = attemptLimit(app, { name: 'affiliate-click', max: CLICK_RATE_LIMIT_PER_MINUTE });

  app.post(
    '/api/affiliate/login',
    {
      onRequest: loginLimit.onRequest,
      schema: {
        tags: ['affiliate'],
        summary:
          "Affiliate login (no bearer; spec §6: a session of its own, apart from clients'). " +
          "401 INVALID_CREDENTIALS 'Invalid credentials.'",
        body: AffiliateLoginInput,
        response: { 200: AffiliateSessionAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const brand = await brands.resolve(request.headers.host);
      const { affiliate, token } = await loginThrottle.attempt(
        attemptKey(request, `${brand.id}:${request.body.email}`),
        reply,
        isPasswordRefusal,
        () =>
          affiliates.login(brand, request.body, {
            info: String(request.headers['user-agent'] ?? ''),
            ip: request.ip,
          }),
      );
      return { status: true as const, data: { access_token: token, affiliate: presentAffiliate(affiliate) } };
    },
  );

  app.post(
    '/api/affiliate/me',
    {
      schema: {
        tags: ['affiliate'],
        summary: "The session's affiliate (name, e-mail, tracking code); 401 when the session has ended",
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: AffiliateSessionAnswer, 401: ErrorBody },
      },
    },
    async (request) => {
      const { affiliate, token } = await auth(request);
      return { status: true as const, data: { access_token: token, affiliate: presentAffiliate(affiliate) } };
    },
  );

  app.post(
    '/api/affiliate/get',
    {
      schema: {
        tags: ['affiliate'],
        summary:
          'The accounts the affiliate referred (spec §7), registered (where: created_at) or first deposited ' +
          '(where: transactions) from `from` to `until` (YYYY-MM-DD, whole UTC days, both included; at most 366 days), ' +
          'newest first, each with its first-time deposit or null; `totals` sums them up',
        security: [{ bearer: [] }],
        body: AffiliateFilterInput.safeExtend(tokenField),
        response: { 200: AffiliateAccountsAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { affiliate } = await auth(request);
      const report = await affiliates.report(affiliate, request.body);
      return { status: true as const, data: report.accounts.map(presentAccount), totals: report.totals };
    },
  );

  app.post(
    '/api/affiliate/funnel',
    {
      schema: {
        tags: ['affiliate'],
        summary:
          'Clicks on the tracking link → registrations → first-time deposits per UTC day from `from` to `until`, ' +
          'with registrations ÷ clicks and first deposits ÷ registrations (null when nothing could convert). ' +
          'Takes the same body as /api/affiliate/get; `where` does not change the funnel',
        security: [{ bearer: [] }],
        body: AffiliateFilterInput.safeExtend(tokenField),
        response: { 200: FunnelAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { affiliate } = await auth(request);
      return { status: true as const, data: await affiliates.funnel(affiliate, request.body) };
    },
  );

  app.post(
    '/api/affiliate/updatePassword',
    {
      schema: {
        tags: ['affiliate'],
        summary:
          'Changes the password: the current one (`password`), then `new_password` (min 8, not the current one: ' +
          "'password.sameAsCurrent') and `confirm_password` " +
          "(must match: 'The passwords do not match'); ends the affiliate's other sessions, keeps this one",
        security: [{ bearer: [] }],
        body: AffiliatePasswordInput.safeExtend(tokenField),
        response: { 200: AffiliateNoDataAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      onRequest: passwordLimit.onRequest,
    },
    async (request, reply) => {
      const { affiliate, session } = await auth(request);
      // Keyed by the session alone: a thief's new addresses do not reset it, the owner's session is apart.
      await passwordThrottle.attempt(`session:${session.id}`, reply, isPasswordRefusal, () =>
        affiliates.changePassword(affiliate, session, request.body),
      );
      return { status: true as const, data: {} };
    },
  );

  app.post(
    '/api/affiliate/logout',
    {
      schema: {
        tags: ['affiliate'],
        summary: 'Ends the affiliate session at once',
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: AffiliateNoDataAnswer, 401: ErrorBody },
      },
    },
    async (request) => {
      const { session } = await auth(request);
      await sessions.revoke(session);
      return { status: true as const, data: {} };
    },
  );

  app.post(
    '/api/affiliate/click',
    {
      onRequest: clickLimit.onRequest,
      schema: {
        tags: ['affiliate'],
        summary:
          'Counts a visit through a tracking link `/?ref=<code>` (public, no bearer; rate limited). The web app sends ' +
          "a code at most once per browser and UTC day; only an affiliate's code of this brand is counted, and the " +
          'answer is the same for any code',
        body: AffiliateClickInput,
        response: { 200: AffiliateNoDataAnswer, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      await affiliates.countClick(await brands.resolve(request.headers.host), request.body.code);
      return { status: true as const, data: {} };
    },
  );
}
