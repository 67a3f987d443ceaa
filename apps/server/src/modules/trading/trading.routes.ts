import { BalanceData, ChargeList } from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { AccountBooks } from './account-books.js';
import type { TradingService } from './trading.service.js';

/** What the client's balance and charges routes use. */
export interface TradingRoutesDeps extends ClientAuthDeps {
  /** The account's book, on this node or on its cluster shard's owner. */
  gateway: Pick<AccountBooks, 'view'>;
  trading: TradingService;
}

/** spec §7 getBalance answer (contract in the domain: positions with live profit, plus the summary). */
const BalanceAnswer = ok(BalanceData);

/** The client's trading charges, newest first. */
const ChargesAnswer = ok(ChargeList);

/** spec §7 getBalance: the balance and the positions with live profit (the trading socket pushes the same). */
export async function tradingRoutes(app: App, deps: TradingRoutesDeps) {
  const { gateway, trading } = deps;
  const auth = clientAuthenticator(deps);
  app.post(
    '/api/accounts/getBalance',
    {
      schema: {
        tags: ['trading'],
        summary:
          'Balance, open positions with live profit, history, and equity / free margin / profit (spec §9)',
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: BalanceAnswer, 401: ErrorBody },
      },
    },
    async (request) => {
      // the session's current trading account, or the one the optional accountId names (docs/accounts.md)
      const account = await (await auth(request)).account();
      // read from the account's book, on this node or on its cluster shard's owner
      const view = await gateway.view(account.id);
      if (!view) throw new Error(`account ${account.id} has no book`);
      return {
        status: true as const,
        data: {
          balance: view.balance.balance,
          positions: view.positions,
          summary: view.balance,
          account: { id: account.id, number: account.number, kind: account.kind, currency: account.currency },
        },
      };
    },
  );

  app.post(
    '/api/accounts/charges',
    {
      schema: {
        tags: ['trading'],
        summary:
          "The client's trading charges, newest first (at most 200): each commission (charged at the open) and each " +
          "night's swap (the daily rollover at 22:00 UTC; negative: paid, positive: received) with its position and " +
          'the balance after it',
        security: [{ bearer: [] }],
        body: TokenBody,
        response: { 200: ChargesAnswer, 401: ErrorBody },
      },
    },
    async (request) => {
      const account = await (await auth(request)).account();
      const rows = await trading.charges(account.id);
      return {
        status: true as const,
        data: rows.map((r) => ({
          id: r.id,
          kind: r.kind as 'commission' | 'swap',
          amount: Number(r.amount),
          balance_after: Number(r.balanceAfter),
          position_id: r.positionId,
          symbol: r.symbol,
          created_at: r.at.toISOString(),
        })),
      };
    },
  );
}
