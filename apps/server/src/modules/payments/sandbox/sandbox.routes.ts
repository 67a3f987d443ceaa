import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import type { App } from '../../../http.js';
import { SecretBox } from '../../../lib/secret-box.js';
import type { BrandsService } from '../../brands/brands.service.js';
import { credentialsOf, type SecretSource } from '../provider-secrets.js';
import { type PaymentCustomer, type SandboxSession, sandboxSessionKey } from '../providers.js';
import { canonicalFields, hmacHex, openToken, sameSignature, sealToken, signWebhook } from '../signing.js';
import { type CardBehaviour, CHALLENGE_CODE, checkCard } from './sandbox.cards.js';
import {
  CASHIER_JS,
  cardPage,
  challengePage,
  problemPage,
  SANDBOX_CSS,
  walletPage,
} from './sandbox.pages.js';

type Outcome = 'approved' | 'declined' | 'cancelled';

interface Challenge {
  session: string;
  behaviour: CardBehaviour;
  last4: string;
  expires: number;
}

const CHALLENGE_TTL_MS = 10 * 60_000;
/** How old a posted form's timestamp may be. */
const FORM_TTL_MS = 60 * 60_000;

const FormFields = z.object({
  merchant: z.string().max(64),
  merchant_id: z.string().max(120).optional(),
  provider: z.string().max(64),
  order_id: z.string().max(32),
  amount: z.string().regex(/^\d{1,18}\.\d{2}$/),
  currency: z.string().length(3),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  email: z.string().max(254),
  phone: z.string().max(32),
  address: z.string().max(200),
  country_code: z.string().max(2),
  state: z.string().max(100),
  city: z.string().max(100),
  zip: z.string().max(20),
  return_url: z.string().max(500),
  webhook_url: z.string().max(500),
  timestamp: z.string().regex(/^\d{1,12}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

/** What the sandbox provider uses. */
export interface SandboxRoutesDeps {
  config: Pick<Config, 'paymentSandboxSecret' | 'brandSecretsKey'>;
  brands: Pick<BrandsService, 'findBySlug'>;
}

/**
 * The built-in sandbox payment provider (architecture §6), so the whole card flow runs offline: a
 * hosted card page with a 3-D Secure challenge and test cards, the posted-form entry, an e-wallet page
 * for the alternative method and the cashier widget. It reports every result to the merchant's webhook
 * with an HMAC-SHA256 signature, exactly as an outside provider would. Because it lives in this
 * process, it delivers through Fastify's inject (same raw body, headers and checks as over the network;
 * decision 0009).
 */
export async function sandboxRoutes(app: App, { config, brands }: SandboxRoutesDeps) {
  const sessionKey = sandboxSessionKey(config.paymentSandboxSecret);
  const now = () => Date.now();
  // The sandbox plays the provider, so it holds the same secrets as the merchant: the ones stored in the brand
  // editor, else its own derived ones (provider-secrets.ts), exactly what the merchant's side checks against.
  const secrets: SecretSource = {
    masterSecret: config.paymentSandboxSecret,
    secretBox: new SecretBox(config.brandSecretsKey),
  };
  const credentials = async (brandSlug: string, provider: string) => {
    const brand = await brands.findBySlug(brandSlug);
    return { brand, ...(brand ? credentialsOf(secrets, brand, provider) : {}) };
  };

  await app.register(async (scope) => {
    const sandbox = scope as App;
    // Hosted pages post classic HTML forms.
    sandbox.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const html = (reply: FastifyReply, page: string, status = 200) =>
      reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

    const openSession = (token: string): SandboxSession | undefined => {
      const session = openToken<SandboxSession>(sessionKey, token);
      return session && session.expires > now() ? session : undefined;
    };

    const returnTo = (session: SandboxSession, result: Outcome) => {
      const url = new URL(session.returnUrl);
      url.searchParams.set('result', result);
      return url.pathname + url.search;
    };

    /** Posts the signed result to the merchant's webhook; true when the merchant accepted it. */
    const notify = async (session: SandboxSession, result: Outcome, reason?: string): Promise<boolean> => {
      const { webhookSecret } = await credentials(session.brand, session.provider);
      if (!webhookSecret) {
        app.log.warn({ order: session.order }, 'sandbox: no usable webhook secret for this merchant');
        return false;
      }
      const body = JSON.stringify({
        event_id: `evt_${randomBytes(12).toString('hex')}`,
        type:
          result === 'approved'
            ? 'payment.succeeded'
            : result === 'cancelled'
              ? 'payment.cancelled'
              : 'payment.failed',
        order_id: session.order,
        payment_id: `pay_${randomBytes(10).toString('hex')}`,
        amount: session.amount,
        currency: session.currency,
        ...(reason ? { reason } : {}),
        created: Math.floor(now() / 1000),
      });
      const target = new URL(session.webhookUrl);
      const response = await app.inject({
        method: 'POST',
        url: target.pathname,
        headers: {
          host: target.host,
          'content-type': 'application/json',
          ...signWebhook(webhookSecret, body, now()),
        },
        payload: body,
      });
      if (response.statusCode !== 200)
        app.log.warn(
          { status: response.statusCode, order: session.order },
          'sandbox: the merchant refused the webhook',
        );
      return response.statusCode === 200;
    };

    /** Ends a payment: tells the merchant, then sends the client back (or explains why it cannot). */
    const finish = async (reply: FastifyReply, session: SandboxSession, result: Outcome, reason?: string) => {
      if (!(await notify(session, result, reason)))
        return html(
          reply,
          problemPage(
            'The merchant did not confirm',
            'The payment result could not be delivered to the merchant. Nothing was charged; please return and try again.',
            returnTo(session, 'declined'),
          ),
          502,
        );
      return reply.code(303).header('location', returnTo(session, result)).send();
    };

    const expired = (reply: FastifyReply) =>
      html(
        reply,
        problemPage(
          'This payment session has expired',
          'Please go back to the merchant and start the deposit again.',
        ),
        410,
      );

    sandbox.get('/sandbox/sandbox.css', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(SANDBOX_CSS),
    );
    sandbox.get('/sandbox/cashier.js', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(CASHIER_JS),
    );

    // Sessions travel in the query: sealed tokens are longer than a path parameter may be.
    const TokenQuery = z.object({ s: z.string().min(10).max(4000) });

    sandbox.get('/sandbox/pay', { schema: { hide: true, querystring: TokenQuery } }, (request, reply) => {
      const session = openSession(request.query.s);
      return session ? html(reply, cardPage(request.query.s, session)) : expired(reply);
    });

    sandbox.post(
      '/sandbox/pay',
      { schema: { hide: true, querystring: TokenQuery } },
      async (request, reply) => {
        const token = request.query.s;
        const session = openSession(token);
        if (!session) return expired(reply);
        const form = (request.body ?? {}) as Record<string, unknown>;
        const typed = {
          holder: text(form.holder, 80),
          cardNumber: text(form.card_number, 23),
          expiry: text(form.expiry, 7),
        };
        const card = checkCard(
          { number: text(form.card_number, 40), expiry: text(form.expiry, 10), cvc: text(form.cvc, 10) },
          new Date(now()),
        );
        // What was typed comes back (the security code excepted, see cardPage), the wrong field marked.
        if (!card.ok)
          return html(
            reply,
            cardPage(token, session, { message: card.error, field: card.field }, typed),
            422,
          );
        if (card.behaviour === 'decline')
          return finish(reply, session, 'declined', 'Card declined by the issuer');
        if (card.behaviour === 'approve') return finish(reply, session, 'approved');
        const challenge = sealToken(sessionKey, {
          session: token,
          behaviour: card.behaviour,
          last4: card.digits.slice(-4),
          expires: now() + CHALLENGE_TTL_MS,
        } satisfies Challenge);
        return html(reply, challengePage(challenge, session, card.digits.slice(-4)));
      },
    );

    sandbox.post('/sandbox/3ds', { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const challenge = openToken<Challenge>(sessionKey, text(form.challenge, 6000));
      const session = challenge && challenge.expires > now() ? openSession(challenge.session) : undefined;
      if (!challenge || !session) return expired(reply);
      const passed = challenge.behaviour === 'challenge' && text(form.code, 10).trim() === CHALLENGE_CODE;
      return passed
        ? finish(reply, session, 'approved')
        : finish(reply, session, 'declined', '3-D Secure authentication failed');
    });

    sandbox.post(
      '/sandbox/cancel',
      { schema: { hide: true, querystring: TokenQuery } },
      async (request, reply) => {
        const session = openSession(request.query.s);
        return session ? finish(reply, session, 'cancelled', 'Cancelled by the client') : expired(reply);
      },
    );

    // spec §7: the posted form with a signature; the merchant's fields are verified before the page opens.
    sandbox.post('/sandbox/form', { schema: { hide: true } }, async (request, reply) => {
      const parsed = FormFields.safeParse(request.body);
      const refuse = () =>
        html(
          reply,
          problemPage(
            'This payment request is not valid',
            'The merchant sent an unsigned or altered payment request.',
          ),
          400,
        );
      if (!parsed.success) return refuse();
      const { signature, ...data } = parsed.data;
      // Signed with the merchant's API key (the one stored in the brand editor, else the derived one).
      const { brand, apiKey } = await credentials(data.merchant, data.provider);
      if (!apiKey || !sameSignature(hmacHex(apiKey, canonicalFields(data)), signature)) return refuse();
      if (Math.abs(now() - Number(data.timestamp) * 1000) > FORM_TTL_MS) return expired(reply);
      const customer: PaymentCustomer = {
        first_name: data.first_name,
        last_name: data.last_name,
        email: data.email,
        phone: data.phone,
        address: data.address,
        country_code: data.country_code,
        state: data.state,
        city: data.city,
        zip: data.zip,
      };
      const token = sealToken(sessionKey, {
        brand: data.merchant,
        provider: data.provider,
        kind: 'card',
        merchant: brand?.settings.legalName || brand?.name || data.merchant,
        order: data.order_id,
        amount: data.amount,
        currency: data.currency,
        customer,
        returnUrl: data.return_url,
        webhookUrl: data.webhook_url,
        expires: now() + FORM_TTL_MS,
      } satisfies SandboxSession);
      return reply
        .code(303)
        .header('location', `/sandbox/pay?s=${encodeURIComponent(token)}`)
        .send();
    });

    sandbox.get('/sandbox/wallet', { schema: { hide: true, querystring: TokenQuery } }, (request, reply) => {
      const session = openSession(request.query.s);
      return session ? html(reply, walletPage(request.query.s, session)) : expired(reply);
    });

    sandbox.post(
      '/sandbox/wallet',
      { schema: { hide: true, querystring: TokenQuery } },
      async (request, reply) => {
        const session = openSession(request.query.s);
        if (!session) return expired(reply);
        const decision = text((request.body as Record<string, unknown> | undefined)?.decision, 10);
        return decision === 'approve'
          ? finish(reply, session, 'approved')
          : finish(reply, session, 'cancelled', 'Cancelled in the wallet');
      },
    );

    // The cashier widget's calls (JSON), answered with the outcome instead of a redirect.
    const widgetResult = async (session: SandboxSession, result: Outcome, reason?: string) => {
      const delivered = await notify(session, result, reason);
      return { result: delivered ? result : 'declined', transaction_id: session.order };
    };

    sandbox.post('/sandbox/cashier/pay', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const token = text(body.session, 4000);
      const session = openSession(token);
      if (!session)
        return reply.code(410).send({ result: 'invalid', error: 'This cashier session has expired.' });
      const card = checkCard(
        { number: text(body.card_number, 40), expiry: text(body.expiry, 10), cvc: text(body.cvc, 10) },
        new Date(now()),
      );
      if (!card.ok) return { result: 'invalid', error: card.error };
      if (card.behaviour === 'decline')
        return widgetResult(session, 'declined', 'Card declined by the issuer');
      if (card.behaviour === 'approve') return widgetResult(session, 'approved');
      const challenge = sealToken(sessionKey, {
        session: token,
        behaviour: card.behaviour,
        last4: card.digits.slice(-4),
        expires: now() + CHALLENGE_TTL_MS,
      } satisfies Challenge);
      return { result: 'challenge', challenge };
    });

    sandbox.post('/sandbox/cashier/3ds', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const challenge = openToken<Challenge>(sessionKey, text(body.challenge, 6000));
      const session = challenge && challenge.expires > now() ? openSession(challenge.session) : undefined;
      if (!challenge || !session)
        return reply.code(410).send({ result: 'invalid', error: 'This cashier session has expired.' });
      const passed = challenge.behaviour === 'challenge' && text(body.code, 10).trim() === CHALLENGE_CODE;
      return passed
        ? widgetResult(session, 'approved')
        : widgetResult(session, 'declined', '3-D Secure authentication failed');
    });

    sandbox.post('/sandbox/cashier/cancel', { schema: { hide: true } }, async (request, reply) => {
      const session = openSession(text((request.body as Record<string, unknown> | undefined)?.session, 4000));
      if (!session)
        return reply.code(410).send({ result: 'invalid', error: 'This cashier session has expired.' });
      return widgetResult(session, 'cancelled', 'Cancelled in the cashier');
    });
  });
}
