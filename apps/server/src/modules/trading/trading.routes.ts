import { BalanceData } from '@openbroker/domain';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody } from '../accounts/accounts.schemas.js';
import { clientAuthenticator } from '../accounts/auth.js';

/** spec §7 getBalance answer (contract in the domain: positions with live profit, plus the summary). */
const BalanceAnswer = ok(BalanceData);

/** spec §7 getBalance: the balance and the positions with live profit (the trading socket pushes the same). */
export async function tradingRoutes(app: App, ctx: AppContext) {
  const auth = clientAuthenticator(ctx);
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
      const { user } = await auth(request);
      await ctx.trading.ensureAccount(user.id);
      const summary = ctx.trading.balance(user.id);
      return {
        status: true as const,
        data: { balance: summary.balance, positions: ctx.trading.positions(user.id), summary },
      };
    },
  );
}
