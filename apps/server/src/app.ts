import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validateInput } from '@openbroker/domain';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { z } from 'zod';
import { remoteCommandRunner } from './cli-commands.js';
import type { AppContext } from './context.js';
import { type App, noStoreForPrivateAnswers } from './http.js';
import { isUnstorableText } from './lib/db-errors.js';
import { AppError, invalidFields } from './lib/errors.js';
import { fastifyLoggerOptions } from './lib/logger.js';
import { presentAuth } from './modules/accounts/accounts.presenter.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { clientsRoutes } from './modules/accounts/admin/clients-admin.routes.js';
import { clientAuthenticator, rememberAccountId } from './modules/accounts/auth.js';
import { profileRoutes } from './modules/accounts/profile.routes.js';
import { affiliatesAdminRoutes } from './modules/affiliates/admin/affiliates-admin.routes.js';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.js';
import { appropriatenessRoutes } from './modules/appropriateness/appropriateness.routes.js';
import { auditRoutes } from './modules/audit/admin/audit-admin.routes.js';
import { autoTradingAdminRoutes } from './modules/auto-trading/admin/auto-trading-admin.routes.js';
import { autoTradingRoutes } from './modules/auto-trading/auto-trading.routes.js';
import { brandsAdminRoutes } from './modules/brands/admin/brands-admin.routes.js';
import { brandsRoutes } from './modules/brands/brands.routes.js';
import { chartLayoutsRoutes } from './modules/chart-layouts/chart-layouts.routes.js';
import { clientTimelineRoutes } from './modules/client-timeline/client-timeline.routes.js';
import { brandComplianceRoutes } from './modules/compliance/brand-compliance.routes.js';
import { complianceTasksRoutes } from './modules/compliance-tasks/compliance-tasks.routes.js';
import { contentAdminRoutes } from './modules/content/admin/content-admin.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { siteRoutes } from './modules/content/site.routes.js';
import { dealingRoutes } from './modules/dealing/dealing.routes.js';
import { fillAuditRoutes } from './modules/fill-audit/fill-audit.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { documentsRoutes } from './modules/kyc/documents.routes.js';
import { marketRoutes } from './modules/market/market.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { metricsRoutes, observeHttp } from './modules/metrics/metrics.routes.js';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { moneyRoutes } from './modules/payments/admin/staff-money.routes.js';
import { operatorRoutes } from './modules/payments/operator.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { sandboxRoutes } from './modules/payments/sandbox/sandbox.routes.js';
import { popupsAdminRoutes } from './modules/popups/admin/popups-admin.routes.js';
import { popupsRoutes } from './modules/popups/popups.routes.js';
import { priceAlertsRoutes } from './modules/price-alerts/price-alerts.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { referralsRoutes } from './modules/referrals/referrals.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { riskRoutes } from './modules/risk/risk.routes.js';
import { screeningRoutes } from './modules/screening/screening.routes.js';
import { backofficeAuthRoutes } from './modules/staff/admin/backoffice.routes.js';
import { staffAdminRoutes } from './modules/staff/admin/staff-admin.routes.js';
import { guardBackofficeRoutes } from './modules/staff/policy.js';
import { exportsRoutes } from './modules/statements/exports.routes.js';
import { statementsRoutes } from './modules/statements/statements.routes.js';
import { tradingRoutes } from './modules/trading/trading.routes.js';
import { tradingAccountsRoutes } from './modules/trading-accounts/trading-accounts.routes.js';
import { tradingSettingsRoutes } from './modules/trading-settings/trading-settings.routes.js';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.js';
import { readWebBuild, webRoutes } from './modules/web/web.routes.js';
import { docsRoutes } from './openapi/docs.routes.js';
import { swaggerOptions } from './openapi/openapi.js';
import { announceServerAddress, markServerStopped } from './server-address.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Log JSON lines to this stream, with the usual redaction (tests read what the log would say). */
  logStream?: DestinationStream;
}

/**
 * Composes the application from its modules. Never listens: main.ts does that, tests use inject().
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    // Personal data is redacted from every line (lib/logger.ts, decision 0013).
    logger: options.logger ?? fastifyLoggerOptions(ctx.config, options.logStream),
    // One line per request at info is noise for a single-machine install; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    // On shutdown, idle keep-alive connections close at once; in-flight requests finish.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // Requests are validated by the domain schemas themselves, so every problem comes back as a
  // translatable message key with its parameters (`{errors: [{path, key, params, message}]}`).
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = validateInput(schema as z.ZodType, data);
    return result.ok ? { value: result.value } : { error: invalidFields(result.errors) };
  });
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toBody());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      const limited = new AppError(429, 'RATE_LIMITED', 'error.rateLimited');
      return reply.code(429).send(limited.toBody());
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      const bad = new AppError(status, 'BAD_REQUEST', 'error.validation');
      return reply.code(status).send({ ...bad.toBody(), detail: (error as Error).message });
    }
    if (isUnstorableText(error)) {
      // A control character that escaped a schema reached SQL: the input's fault, answered as such; logged
      // so the missing schema check gets fixed (decision 0013).
      request.log.warn({ err: error, route: request.routeOptions.url }, 'text the database cannot store');
      const bad = new AppError(400, 'BAD_REQUEST', 'error.validation');
      return reply.code(400).send(bad.toBody());
    }
    // The error only (serialised without query values), the route and no body: a failed request's
    // personal data stays out of the log (decision 0013).
    request.log.error(
      { err: error, method: request.method, route: request.routeOptions.url },
      'unhandled error',
    );
    const internal = new AppError(500, 'INTERNAL', 'error.internal');
    return reply.code(500).send(internal.toBody());
  });

  app.addHook('onSend', noStoreForPrivateAnswers);
  // a client call's optional accountId (docs/accounts.md), kept before validation strips keys its schema lacks
  app.addHook('preValidation', async (request) => rememberAccountId(request));

  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'warn' : 'debug';
    request.log[level](
      {
        method: request.method,
        // the route pattern, not the URL: spec paths and queries carry session tokens (/transactions/get/{token})
        route: request.routeOptions.url ?? '(no route)',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  observeHttp(app, ctx.metrics);
  // The outbox is delivered while the app runs (decision 0015); close waits for an attempt in progress.
  ctx.mail.start(app.log);
  app.addHook('onClose', async () => ctx.mail.stop());
  // The operator commands find this server through DATA_DIR, whatever PORT it listens on (server-address.ts).
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object')
      await announceServerAddress(
        ctx.config,
        address,
        ctx.market.history && { seed: ctx.market.history.seed, start: ctx.market.history.end },
      ).catch((err: unknown) =>
        app.log.warn({ err }, 'could not record the server address for the operator commands'),
      );
  });
  app.addHook('onClose', async () => {
    await markServerStopped(ctx.config).catch(() => {});
  });

  const web = readWebBuild(ctx.config.webDistDir);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(web?.inlineScriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // the installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest), same origin only
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site is served over plain http on localhost by default; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });

  // Per-route limits (login, register, forgot password, forms; lib/rate-limit.ts) opt in; the store
  // is Redis when configured, so limits hold across nodes.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.redisPrefix}rl:` } : {}),
  });

  // The API description (openapi/openapi.ts): every operation gets its operationId, security and 4xx answers.
  await app.register(fastifySwagger, swaggerOptions());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(async (scope) => docsRoutes(scope as App));

  // Every /api/backoffice route must declare its policy; one without is refused at registration.
  guardBackofficeRoutes(app);
  await app.register(async (scope) => healthRoutes(scope as App, ctx));
  await app.register(async (scope) => metricsRoutes(scope as App, ctx));
  await app.register(async (scope) => brandsRoutes(scope as App, ctx));
  await app.register(async (scope) => accountsRoutes(scope as App, ctx));
  await app.register(async (scope) => profileRoutes(scope as App, ctx));
  await app.register(async (scope) => passwordResetRoutes(scope as App, ctx));
  await app.register(async (scope) => popupsRoutes(scope as App, ctx));
  await app.register(async (scope) => documentsRoutes(scope as App, ctx));
  await app.register(async (scope) => referenceRoutes(scope as App, ctx));
  await app.register(async (scope) => marketRoutes(scope as App, ctx));
  await app.register(async (scope) => tradingRoutes(scope as App, ctx));
  await app.register(async (scope) => autoTradingRoutes(scope as App, ctx));
  await app.register(async (scope) => watchlistsRoutes(scope as App, ctx));
  await app.register(async (scope) => tradingSettingsRoutes(scope as App, ctx));
  await app.register(async (scope) => chartLayoutsRoutes(scope as App, ctx));
  await app.register(async (scope) => priceAlertsRoutes(scope as App, ctx));
  await app.register(async (scope) =>
    tradingAccountsRoutes(scope as App, {
      config: ctx.config,
      tradingAccounts: ctx.tradingAccounts,
      brands: ctx.brands,
      clientAuth: clientAuthenticator(ctx),
      signup: {
        assertOpen: (brand) => ctx.accounts.assertRegistrationOpen(brand),
        demo: async (brand, input, meta, openFirst) => {
          const { user, token } = await ctx.accounts.registerDemo(brand, input, meta, openFirst);
          return presentAuth(user, token);
        },
      },
    }),
  );
  await app.register(async (scope) => contentRoutes(scope as App, ctx));
  await app.register(async (scope) => siteRoutes(scope as App, ctx));
  await app.register(async (scope) => paymentsRoutes(scope as App, ctx));
  await app.register(async (scope) =>
    operatorRoutes(scope as App, { ...ctx, runRemoteCommand: remoteCommandRunner(ctx) }),
  );
  // The sandbox approves test cards without money: mounted only when PAYMENT_SANDBOX is on (demo
  // mode by default; decision 0010), so a shared deployment has no /sandbox pages at all.
  if (ctx.config.paymentSandbox) await app.register(async (scope) => sandboxRoutes(scope as App, ctx));
  await app.register(async (scope) => affiliatesRoutes(scope as App, ctx));
  await app.register(async (scope) => referralsRoutes(scope as App, ctx));
  await app.register(async (scope) => backofficeAuthRoutes(scope as App, ctx));
  await app.register(async (scope) => moneyRoutes(scope as App, ctx));
  await app.register(async (scope) => dealingRoutes(scope as App, ctx));
  await app.register(async (scope) => auditRoutes(scope as App, ctx));
  await app.register(async (scope) => staffAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => clientsRoutes(scope as App, ctx));
  await app.register(async (scope) => complianceTasksRoutes(scope as App, ctx));
  await app.register(async (scope) => riskRoutes(scope as App, ctx));
  await app.register(async (scope) => clientTimelineRoutes(scope as App, ctx));
  await app.register(async (scope) => brandsAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => screeningRoutes(scope as App, ctx));
  await app.register(async (scope) => mediaRoutes(scope as App, ctx));
  await app.register(async (scope) => contentAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => popupsAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => affiliatesAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => autoTradingAdminRoutes(scope as App, ctx));
  await app.register(async (scope) => reportsRoutes(scope as App, ctx));
  await app.register(async (scope) => statementsRoutes(scope as App, ctx));
  await app.register(async (scope) => fillAuditRoutes(scope as App, ctx));
  await app.register(async (scope) => appropriatenessRoutes(scope as App, ctx));
  await app.register(async (scope) => brandComplianceRoutes(scope as App, ctx));
  await app.register(async (scope) => exportsRoutes(scope as App, ctx));
  await webRoutes(app, ctx, web);

  return app;
}
