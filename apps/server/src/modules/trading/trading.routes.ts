import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody } from '../accounts/accounts.schemas.js';
import { clientAuthenticator } from '../accounts/auth.js';

const Position = z.object({
  id: z.number(),
  symbol: z.string(),
  symbolName: z.string(),
  direction: z.enum(['buy', 'sell']),
  amount: z.number(),
  leverage: z.number(),
  open_rate: z.number(),
  open_date: z.string(),
  closed_rate: z.number().nullable(),
  close_date: z.string().nullable(),
  take_profit: z.number().nullable(),
  stop_lost: z.number().nullable(),
  profit: z.number().nullable(),
  protected: z.union([z.literal(0), z.literal(1)]),
  closingReason: z.number().nullable(),
});

const Summary = z.object({
  balance: z.number(),
  equity: z.number(),
  freeMargin: z.number(),
  profit: z.number(),
});

const BalanceAnswer = ok(
  z.object({
    balance: z.number(),
    positions: z.object({ open: z.array(Position), history: z.array(Position) }),
    summary: Summary,
  }),
);

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
