import {
  PriceAlertCreateInput,
  PriceAlertDeleteInput,
  PriceAlertList,
  PriceAlertUpdateInput,
  PushKey,
  PushState,
  PushSubscribeInput,
  PushUnsubscribeInput,
} from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError } from '../../lib/errors.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { PriceAlertsService } from './price-alerts.service.js';
import type { PushService } from './push.service.js';

/** What the client's price-alert and push routes use. */
export interface PriceAlertsRoutesDeps extends ClientAuthDeps {
  priceAlerts: PriceAlertsService;
  push: PushService;
}

const tags = ['price alerts'];
const security = [{ bearer: [] }];
const answers = { 200: ok(PriceAlertList), 400: ErrorBody, 401: ErrorBody };

/**
 * The terminal's price alerts and web push (answers: domain `contracts/price-alerts.ts`): a client session of this
 * brand; alerts belong to a trading account, so every alert route acts on the session's current account (or the
 * call's `accountId`) and answers that account's whole list (another account's or another client's alert id is 404).
 */
export async function priceAlertsRoutes(app: App, deps: PriceAlertsRoutesDeps) {
  const { priceAlerts, push } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/price-alerts',
    {
      schema: {
        tags,
        summary:
          "The price alerts of the session's current account (or the body's `accountId`), newest first (active, " +
          'triggered and expired), and the active limit (per client)',
        security,
        body: TokenBody,
        response: { 200: ok(PriceAlertList), 401: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const account = await client.account();
      return { status: true as const, data: await priceAlerts.list(client.user.id, account.id) };
    },
  );

  app.post(
    '/api/price-alerts/create',
    {
      schema: {
        tags,
        summary:
          "Sets an alert on a catalogue symbol: the brand's bid or ask at or above / at or below a level (at most " +
          'the instrument decimals), or a move of up to 50 % either way from the price now; optional expiry (within ' +
          "366 days) and note (140 characters). 400 with field messages ('priceAlerts.alreadyAbove' when the price is " +
          "there already), 409 'priceAlerts.tooMany' at 200 active alerts",
        security,
        body: PriceAlertCreateInput.safeExtend(tokenField),
        response: { ...answers, 409: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const account = await client.account();
      return {
        status: true as const,
        data: await priceAlerts.create(client.user.id, client.brand, request.body, account.id),
      };
    },
  );

  app.post(
    '/api/price-alerts/update',
    {
      schema: {
        tags,
        summary:
          "Sets one of the account's alerts anew (same rules as create) and arms it again, a triggered or expired " +
          "one too; 404 for another account's or another client's alert",
        security,
        body: PriceAlertUpdateInput.safeExtend(tokenField),
        response: { ...answers, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const account = await client.account();
      const { id, ...input } = request.body;
      return {
        status: true as const,
        data: await priceAlerts.update(client.user.id, client.brand, id, input, account.id),
      };
    },
  );

  app.post(
    '/api/price-alerts/delete',
    {
      schema: {
        tags,
        summary: "Deletes one of the account's alerts; 404 for another account's or another client's alert",
        security,
        body: PriceAlertDeleteInput.safeExtend(tokenField),
        response: { ...answers, 404: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const account = await client.account();
      return {
        status: true as const,
        data: await priceAlerts.delete(client.user.id, request.body.id, account.id),
      };
    },
  );

  app.get(
    '/api/push/key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), what a browser subscribes to web push with",
        response: { 200: ok(PushKey), 503: ErrorBody },
      },
    },
    async () => {
      const key = await push.publicKey();
      if (!key) throw new AppError(503, 'PUSH_UNAVAILABLE', 'priceAlerts.pushUnavailable');
      return { status: true as const, data: { public_key: key } };
    },
  );

  app.post(
    '/api/push/subscribe',
    {
      schema: {
        tags,
        summary:
          "Subscribes this browser (its PushSubscription: an https endpoint and keys) to the client's alerts; a " +
          'client keeps at most 10 browsers (the oldest is dropped)',
        security,
        body: PushSubscribeInput.safeExtend(tokenField),
        response: { 200: ok(PushState), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { endpoint, keys } = request.body;
      await push.subscribe(user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return { status: true as const, data: { subscribed: true } };
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      schema: {
        tags,
        summary:
          "Unsubscribes this browser from the client's alerts (an endpoint the client has not changes nothing)",
        security,
        body: PushUnsubscribeInput.safeExtend(tokenField),
        response: { 200: ok(PushState), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      await push.unsubscribe(user.id, request.body.endpoint);
      return { status: true as const, data: { subscribed: false } };
    },
  );

  app.post(
    '/api/push/status',
    {
      schema: {
        tags,
        summary: "Whether this browser (its endpoint) is subscribed to the client's alerts",
        security,
        body: PushUnsubscribeInput.safeExtend(tokenField),
        response: { 200: ok(PushState), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return {
        status: true as const,
        data: { subscribed: await push.isSubscribed(user.id, request.body.endpoint) },
      };
    },
  );
}
