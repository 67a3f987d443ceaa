import {
  IDEMPOTENCY_HEADER,
  PaymentOptions,
  PostedForm,
  TransactionCancelInput,
  TransactionCreated,
  TransactionCreateInput,
  TransactionDto,
  TransactionList,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { addressKey } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { refuseWhenExceeded } from '../../lib/rate-limit.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import { brandPublicUrl } from '../brands/brands.service.js';
import type { Metrics } from '../metrics/metrics.js';
import { scheduleDepositExpiry } from './deposit-expiry.js';
import type { PaymentRequester, PaymentsService } from './payments.service.js';

const IdempotencyHeaders = z
  .object({
    [IDEMPOTENCY_HEADER]: z
      .string()
      .min(8, { message: 'field.invalid' })
      .max(128, { message: 'field.invalid' })
      .regex(/^[\w.:-]+$/, { message: 'field.invalid' })
      .optional(),
  })
  .loose();

const ProviderParam = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/** What a client's payments and the providers' webhooks use. */
export interface PaymentsRoutesDeps extends ClientAuthDeps {
  config: Pick<
    Config,
    'publicUrl' | 'defaultBrand' | 'paymentPendingExpiryMs' | 'paymentWebhookRefusalsPerMinute'
  >;
  payments: PaymentsService;
  metrics: Metrics;
}

/**
 * spec §7 payment calls: the brand's methods, transaction create (deposit or withdraw) with an
 * idempotency key, the posted-form signature, the caller's transactions, and the providers' signed
 * webhooks at /api/transaction/update/{provider} (also /api/transactions/update/{provider}).
 */
export async function paymentsRoutes(app: App, deps: PaymentsRoutesDeps) {
  const { config, payments, metrics, brands } = deps;
  const auth = clientAuthenticator(deps);
  scheduleDepositExpiry(app, payments, config.paymentPendingExpiryMs);
  const requester = async (request: FastifyRequest, token?: string): Promise<PaymentRequester> => {
    const client = await auth(request, token);
    const { brand, user } = client;
    // Signed return and webhook URLs are built on the brand's configured address, never on the
    // request's Host header: a forged one must not end up in a URL we sign (decision 0015).
    // The session's current account (or the request's accountId, one of the client's): payments book on it.
    return {
      brand,
      user,
      origin: brandPublicUrl(brand, config, request.headers.host),
      account: await client.account(),
    };
  };

  app.get(
    '/api/payments/methods',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The brand's deposit methods (spec §9: only those whose provider settings exist; card providers " +
          "titled 'Credit Card 1', 'Credit Card 2'…), its minimum deposit and currency",
        security: [{ bearer: [] }],
        querystring: TokenBody,
        response: {
          200: ok(PaymentOptions),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const client = await auth(request);
      return { status: true as const, data: payments.paymentOptions(client.brand, await client.account()) };
    },
  );

  app.post(
    '/api/transactions/create',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Creates a deposit (positive amount, a deposit method) or a withdrawal (method 6, negative amount, ' +
          'comments). Deposits: minimum deposit, complete profile. Withdrawals: amount ≤ free margin, reserved on ' +
          'the ledger at once. An Idempotency-Key header makes a retry return the first result.',
        security: [{ bearer: [] }],
        headers: IdempotencyHeaders,
        body: TransactionCreateInput.safeExtend(tokenField),
        response: {
          200: ok(TransactionCreated),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) => {
      const who = await requester(request);
      const key = request.headers[IDEMPOTENCY_HEADER];
      const data = await payments.create(who, request.body, typeof key === 'string' ? key : undefined);
      return { status: true as const, data };
    },
  );

  app.post(
    '/api/transaction/send/:provider',
    {
      schema: {
        tags: ['payments'],
        summary:
          'spec §7: the signed fields of a posted-form card payment; the page builds a form from them and submits it',
        security: [{ bearer: [] }],
        params: ProviderParam,
        body: z.object({ ...tokenField, transaction_id: z.string().min(1).max(32) }),
        response: {
          200: ok(PostedForm),
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) => {
      const who = await requester(request);
      const data = await payments.postedForm(who, request.params.provider, request.body.transaction_id);
      return { status: true as const, data };
    },
  );

  app.post(
    '/api/transactions/cancel',
    {
      schema: {
        tags: ['payments'],
        summary:
          'cancels a pending withdrawal of the caller ({transaction_id}: the id the transaction list ' +
          'shows). The reserved amount goes back to the balance on the ledger, with the status Cancelled, in one ' +
          "commit. 404 'withdraw.cancelNotFound' for an id that is not the caller's withdrawal; 409 " +
          "'withdraw.notCancellable' once it is paid, declined or cancelled. Answers the cancelled transaction",
        security: [{ bearer: [] }],
        body: TransactionCancelInput.safeExtend(tokenField),
        response: {
          200: ok(TransactionDto),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const { brand, user } = await auth(request);
      const data = await payments.cancelWithdrawal({ brand, user }, request.body.transaction_id, request.ip);
      return { status: true as const, data };
    },
  );

  app.get(
    '/api/transactions/get/:token',
    {
      schema: {
        tags: ['payments'],
        summary: "spec §7: the caller's transactions, newest first (the session token is in the path)",
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: ok(TransactionList), 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request, request.params.token);
      // the client never sees a deposit Pending past its expiry, whenever the last sweep ran
      await payments.expireAbandoned(config.paymentPendingExpiryMs, { userId: user.id });
      return { status: true as const, data: await payments.list(user) };
    },
  );

  // Webhooks: the signature covers the exact bytes sent, so this scope keeps the body as a string.
  // Refused webhook calls count per sender address (in Redis when configured, so across nodes).
  const refusals = app.createRateLimit({
    max: config.paymentWebhookRefusalsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `webhook-refusal:ip:${addressKey(request.ip)}`,
  });
  await app.register(async (scope) => {
    const hooks = scope as App;
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    for (const path of ['/api/transaction/update/:provider', '/api/transactions/update/:provider']) {
      hooks.post(
        path,
        {
          schema: {
            tags: ['payments'],
            summary:
              "A provider's signed result (HMAC-SHA256 over '<timestamp>.<raw body>' in X-Sandbox-Signature, " +
              'timestamp in X-Sandbox-Timestamp). Verified, matched to the transaction (amount, currency) and ' +
              'booked once; a replay books nothing.',
            params: ProviderParam,
            response: {
              200: ok(z.object({ outcome: z.string() })),
              400: ErrorBody,
              401: ErrorBody,
              404: ErrorBody,
              422: ErrorBody,
              429: ErrorBody,
            },
          },
        },
        async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          // The provider posts to the webhook URL we gave it, on the brand's own host.
          const brand = await brands.resolve(request.headers.host);
          const countRefusal = async () => {
            try {
              refuseWhenExceeded(await refusals(request), reply);
            } catch (error) {
              metrics.webhookOutcomes.inc({ outcome: 'rate-limited' });
              throw error;
            }
          };
          const result = await payments.webhook(
            brand,
            request.params.provider,
            raw,
            request.headers,
            countRefusal,
          );
          // Outcomes are the service's fixed words (applied, duplicate, bad-signature, …), never input.
          metrics.webhookOutcomes.inc({ outcome: result.outcome });
          if (result.status === 200) return { status: true as const, data: { outcome: result.outcome } };
          const error = new AppError(
            result.status,
            `WEBHOOK_${result.outcome.toUpperCase().replace(/-/g, '_')}`,
            result.key,
          );
          request.log.warn({ provider: request.params.provider, outcome: result.outcome }, 'webhook refused');
          return reply.code(result.status).send(error.toBody());
        },
      );
    }
  });
}
