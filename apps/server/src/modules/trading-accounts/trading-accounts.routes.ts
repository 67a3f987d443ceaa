import {
  AuthData,
  accountEmail,
  ClientInfo,
  commandIdField,
  formObject,
  liveCurrenciesOf,
  OpenTradingAccountRequest,
  PASSWORD_MIN_LENGTH,
  passwordField,
  SwitchTradingAccountRequest,
  TradingAccountList,
  TransferBooked,
  TransferFigures,
  TransferRequest,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import type { Brand } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { AccountActor, AccountOwner, TradingAccountsService } from './trading-accounts.service.js';

/**
 * What the trading accounts' routes use. The client sign-in and sign-up belong to the accounts area, which builds on
 * this one (a client's first account): the app passes them in rather than this area importing them.
 */
export interface TradingAccountsRoutesDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  tradingAccounts: TradingAccountsService;
  brands: { resolve(host: string | undefined): Promise<Brand> };
  /** The live client session of a request (bearer, body or query token) of this brand, or 401. */
  clientAuth(request: FastifyRequest): Promise<{ brand: Brand; user: AccountOwner; session: SessionRow }>;
  signup: {
    /** 403 REGISTRATION_DISABLED where the brand has registration off. */
    assertOpen(brand: Brand): void;
    /** Creates the client (e-mail and password only), opens its first account with `openFirst`, logs them in. */
    demo(
      brand: Brand,
      input: { email: string; password: string; ref?: string | undefined },
      meta: { info: string; ip: string },
      openFirst: (tx: Db, user: AccountOwner) => Promise<{ accountId: number }>,
    ): Promise<AuthData>;
  };
}

const tags = ['trading accounts'];
const security = [{ bearer: [] }];
/** The token field the client-area calls carry in the body (spec §7), kept through validation. */
const tokenField = { token: z.string().max(200).optional() };
const listAnswer = {
  200: ok(TradingAccountList),
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};

/** A transfer's body: the contract's request and the client's command id (a replay books once). */
const TransferBody = TransferRequest.extend({ commandId: commandIdField() }).safeExtend(tokenField);

/** "Try a demo": the registration's e-mail and password rules, nothing else asked. */
const DemoSignupBody = formObject({
  email: accountEmail(),
  password: passwordField('password', PASSWORD_MIN_LENGTH),
  language: z.string().max(8).optional().catch(undefined),
  ref: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
  info: ClientInfo,
});

const infoText = (info: unknown) => (typeof info === 'string' ? info : JSON.stringify(info ?? ''));
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/**
 * A client's trading accounts (docs/accounts.md "Opening accounts, transfers and demo"; answers: domain
 * `contracts/trading-accounts.ts`): a client session of this brand, the client's own accounts only (another
 * client's or an unknown id is 404 'tradingAccount.notFound'); and the public site's "Try a demo".
 */
export async function tradingAccountsRoutes(app: App, deps: TradingAccountsRoutesDeps) {
  const { tradingAccounts, brands, config, signup } = deps;
  const auth = deps.clientAuth;
  const actorOf = async (request: FastifyRequest): Promise<AccountActor> => {
    const { brand, user, session } = await auth(request);
    return { brand, user, session, ip: request.ip };
  };
  // the registration's limit: attempts per address and per e-mail
  const demoLimit = attemptLimit(app, {
    name: 'register',
    max: config.authRateLimitPerMinute,
    account: emailOf,
  });

  app.get(
    '/api/accounts',
    {
      schema: {
        tags,
        summary:
          "The client's trading accounts, live first (oldest first) then demo, each with balance, equity, margin " +
          "and margin level at the engine's prices and whether it is the session's current account; the currencies " +
          'live accounts can be opened in and the demo balance',
        security,
        response: { 200: ok(TradingAccountList), 401: ErrorBody },
      },
    },
    async (request) => {
      const { brand, user, session } = await auth(request);
      return { status: true as const, data: await tradingAccounts.list(brand, user, session) };
    },
  );

  app.post(
    '/api/accounts',
    {
      schema: {
        tags,
        summary:
          "Opens a live account in one of the brand's live currencies (the profile complete, else 409 " +
          "'accounts.profileRequired') or a demo account funded with the brand's demo balance; at most 5 live and 3 " +
          "demo accounts (400 'accounts.tooManyLive' / 'accounts.tooManyDemo', 'accounts.currencyNotOffered'). " +
          'Answers the list',
        security,
        body: OpenTradingAccountRequest.safeExtend(tokenField),
        response: listAnswer,
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { kind, currency } = request.body;
      return { status: true as const, data: await tradingAccounts.open(actor, { kind, currency }) };
    },
  );

  app.post(
    '/api/accounts/current',
    {
      schema: {
        tags,
        summary:
          "Makes one of the client's accounts the session's current one: the spec's calls and socket events act " +
          "on it from now on. 404 'tradingAccount.notFound' for another client's account. Answers the list",
        security,
        body: SwitchTradingAccountRequest.safeExtend(tokenField),
        response: listAnswer,
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return { status: true as const, data: await tradingAccounts.switchTo(actor, request.body.accountId) };
    },
  );

  app.post(
    '/api/accounts/reset',
    {
      schema: {
        tags,
        summary:
          "Resets a demo account: closes its positions and cancels its orders, then books it back to the brand's " +
          "demo balance ('demo_funds'). 409 'accounts.notDemo' for a live account. Answers the list",
        security,
        body: SwitchTradingAccountRequest.safeExtend(tokenField),
        response: listAnswer,
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return { status: true as const, data: await tradingAccounts.reset(actor, request.body.accountId) };
    },
  );

  app.post(
    '/api/accounts/transfers/quote',
    {
      schema: {
        tags,
        summary:
          "What a transfer between two of the client's live accounts would debit and credit at the brand's dealing " +
          'rate now (the source currency sold at the brand bid, or the target bought at its ask), rounded once to ' +
          'cents; nothing is booked. 400 with the refusal: same account, a demo account, more than the free ' +
          "margin, more than 2 decimals, the pair's market closed (when it opens)",
        security,
        body: TransferBody,
        response: { 200: ok(TransferFigures), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { fromAccountId, toAccountId, amount } = request.body;
      return {
        status: true as const,
        data: await tradingAccounts.quote(actor, { fromAccountId, toAccountId, amount }),
      };
    },
  );

  app.post(
    '/api/accounts/transfers',
    {
      schema: {
        tags,
        summary:
          'Books a transfer between two of the client\'s live accounts: two ledger entries (kind "transfer") and ' +
          'the transfer in one transaction, at the dealing rate and within the free margin while both accounts ' +
          'wait. The same commandId again answers the transfer it booked. Refusals as the quote. With `quotedRate` ' +
          "(the quote's rate the client confirmed): when the brand's rate moved more than 0.1 % since, nothing is " +
          "booked and the answer is 409 TRANSFER_REQUOTE 'transfers.requote' with the new rate and credit",
        security,
        body: TransferBody,
        response: { 200: ok(TransferBooked), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { fromAccountId, toAccountId, amount, commandId, quotedRate } = request.body;
      return {
        status: true as const,
        data: await tradingAccounts.transfer(actor, {
          fromAccountId,
          toAccountId,
          amount,
          commandId,
          ...(quotedRate === undefined ? {} : { quotedRate }),
        }),
      };
    },
  );

  app.post(
    '/api/demo',
    {
      onRequest: demoLimit.onRequest,
      preValidation: async (request) => signup.assertOpen(await brands.resolve(request.headers.host)),
      preHandler: demoLimit.preHandler,
      schema: {
        tags,
        summary:
          '"Try a demo" (no bearer): e-mail and password only (the registration\'s rules and limit), no KYC; ' +
          "creates a client with one demo account funded with the brand's demo balance and logs them in (answer as " +
          "login). 403 REGISTRATION_DISABLED, 409 EMAIL_TAKEN 'This email already exist'",
        body: DemoSignupBody,
        response: { 200: ok(AuthData), 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brands.resolve(request.headers.host);
      const { email, password, ref, info } = request.body;
      // the brand's currency when it offers accounts in it, else the first currency it offers
      const offered = liveCurrenciesOf(brand.settings);
      const currency = offered.includes(brand.settings.currency)
        ? brand.settings.currency
        : (offered[0] ?? 'EUR');
      const data = await signup.demo(
        brand,
        { email, password, ref },
        { info: infoText(info), ip: request.ip },
        async (tx, created) => {
          const account = await tradingAccounts.openIn(tx, created, 'demo', currency, brand);
          return { accountId: account.id };
        },
      );
      return { status: true as const, data };
    },
  );
}
