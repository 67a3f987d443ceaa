import { AutoTradingOverview, AutoTradingSettingsDto, BacktestDto, JournalPage } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { AppError } from '../../lib/errors.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { ContentService } from '../content/content.service.js';
import type { AutoTradingCalls } from './auto-trading.calls.js';
import { JOURNAL_PAGE_MAX } from './auto-trading.service.js';

/** An instant as an ISO date-time (UTC) or a date (its UTC midnight). */
const Instant = z.union([z.iso.datetime(), z.iso.date()]);
/** Backtests a client address may run a minute. */
const BACKTESTS_PER_MINUTE = 20;

/** POST /api/autoTrading/settings: the client's strategy and limits (checked against the brand's offer). */
export const SaveSettingsBody = z.object({ ...tokenField, settings: AutoTradingSettingsDto });

/** POST /api/autoTrading/backtest: settings (saved or not), an instrument, an optional range and start balance. */
export const BacktestBody = z.object({
  ...tokenField,
  settings: AutoTradingSettingsDto,
  symbol: z.string().trim().min(1).max(32),
  from: Instant.optional(),
  to: Instant.optional(),
  /** Start balance; default the account's balance (or 10,000 without one). */
  balance: z.number().positive().max(1_000_000_000).optional(),
});

/** POST /api/autoTrading/journal: a page, newest first; `before` is the previous page's `next`. */
export const JournalBody = z.object({
  ...tokenField,
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(JOURNAL_PAGE_MAX).optional(),
});

const tags = ['auto-trading'];
const security = [{ bearer: [] }];

/** What the client area's auto-trading routes use. */
export interface AutoTradingRoutesDeps extends ClientAuthDeps {
  /** The brand's site settings switch the auto-trading screen on or off. */
  content: ContentService;
  /** Runs the call where the account's strategy runs (in a cluster, the node owning its book). */
  gateway: AutoTradingCalls;
}

/**
 * The client area's auto-trading (routes and answers: domain `contracts/auto-trading-client.ts`). Thin: a client
 * session of this brand (staff and affiliate tokens are refused like on every client call), the caller's own data
 * only, the body checked by its schema and then by the domain against the brand's offer; the service does the rest.
 * Switching on and off is the spec's POST /api/accounts/autoTrading (profile.routes.ts).
 */
export async function autoTradingRoutes(app: App, deps: AutoTradingRoutesDeps) {
  const { content, gateway } = deps;
  const signedIn = clientAuthenticator(deps);
  /** A client of a brand whose site settings offer the auto-trading screen (the site settings' switch); else 403. */
  const auth = async (request: Parameters<typeof signedIn>[0]) => {
    const found = await signedIn(request);
    if (!(await content.platformComponents(found.brand)).auto_trading)
      throw new AppError(403, 'SCREEN_SWITCHED_OFF', 'boContent.screenSwitchedOff');
    return found;
  };
  /** The client and the trading account of the call: the session's current one, or the call's own `accountId`. */
  const targetOf = async (client: Awaited<ReturnType<typeof signedIn>>) => ({
    userId: client.user.id,
    accountId: (await client.account()).id,
  });
  // each backtest replays up to a year of candles: counted per client address, like the other costly calls
  const backtestLimit = attemptLimit(app, { name: 'auto-backtest', max: BACKTESTS_PER_MINUTE });

  app.post(
    '/api/autoTrading/overview',
    {
      schema: {
        tags,
        summary:
          "The client's auto-trading: on/off, saved strategy and limits, the brand's offer and kill switch, the " +
          'instruments with their leverages, why the server switched it off, and the results of auto trades',
        security,
        body: TokenBody,
        response: { 200: ok(AutoTradingOverview), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      return {
        status: true as const,
        data: await gateway.auto(await targetOf(client), 'overview'),
      };
    },
  );

  app.post(
    '/api/autoTrading/settings',
    {
      schema: {
        tags,
        summary:
          "Saves strategy, parameters and limits (within the brand's offer, leverage cap and the account's " +
          'instruments; field messages at `settings.…` otherwise, nothing saved); answers the overview. While ' +
          'auto-trading is on, the new settings apply from the next closed candle',
        security,
        body: SaveSettingsBody,
        response: { 200: ok(AutoTradingOverview), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      return {
        status: true as const,
        data: await gateway.auto(await targetOf(client), 'saveSettings', request.body.settings),
      };
    },
  );

  app.post(
    '/api/autoTrading/backtest',
    {
      onRequest: backtestLimit.onRequest,
      schema: {
        tags,
        summary:
          'Backtests the settings on the closed candles of the instrument at the strategy timeframe (default the ' +
          'last 12 months, or as far as the server keeps them), with the brand spread and the leverages of the ' +
          "account; equity at most 500 points, the last 50 trades. 422 'auto.error.noCandles' when too few candles; " +
          `429 after ${BACKTESTS_PER_MINUTE} a minute`,
        security,
        body: BacktestBody,
        response: {
          200: ok(BacktestDto),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const client = await auth(request);
      const { settings, symbol, from, to, balance } = request.body;
      const data = await gateway.auto(await targetOf(client), 'backtest', {
        settings,
        symbol: symbol.toUpperCase(),
        ...(from === undefined ? {} : { from: Date.parse(from) }),
        ...(to === undefined ? {} : { to: Date.parse(to) }),
        ...(balance === undefined ? {} : { balance }),
      });
      return { status: true as const, data };
    },
  );

  app.post(
    '/api/autoTrading/journal',
    {
      schema: {
        tags,
        summary:
          "A page of the client's auto-trading journal, newest first: every executed decision (reason, indicator " +
          'values, quote, candle, position), every refusal by the engine and every change of state; `next` is the ' +
          '`before` of the following page',
        security,
        body: JournalBody,
        response: { 200: ok(JournalPage), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const client = await auth(request);
      const { before, limit } = request.body;
      return {
        status: true as const,
        data: await gateway.auto(await targetOf(client), 'journal', before, limit),
      };
    },
  );
}
