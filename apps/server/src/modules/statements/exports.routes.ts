import { TRANSACTION_ROUTE_TYPES } from '@openbroker/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type App, ErrorBody } from '../../http.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { AccountBooks } from '../trading/account-books.js';
import { historyCsv, transactionsCsv } from './exports.js';

/** What the CSV export routes use. */
export interface ExportsRoutesDeps extends ClientAuthDeps {
  config: Pick<Config, 'paymentPendingExpiryMs'>;
  payments: Pick<PaymentsService, 'list' | 'expireAbandoned'>;
  gateway: Pick<AccountBooks, 'view'>;
}

const csvAnswer = {
  200: {
    description: 'CSV (RFC 4180, UTF-8): a header row, then the rows the page lists',
    content: { 'text/csv': { schema: z.string() } },
  },
  400: ErrorBody,
  401: ErrorBody,
};

const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(body);

/** CSV downloads of the client area's transactions tabs and of the trade history (the signed-in client's own). */
export async function exportsRoutes(app: App, deps: ExportsRoutesDeps) {
  const { payments, gateway, config } = deps;
  const auth = clientAuthenticator(deps);

  app.get(
    '/api/exports/transactions/:tab',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The signed-in client's transactions of one tab of /transactions/{type} as CSV, newest first as the page " +
          'lists them: number, amount (signed: withdrawals negative) and currency, type, status, note, transaction id, ' +
          'time in ISO UTC',
        security: [{ bearer: [] }],
        params: z.object({ tab: z.enum(TRANSACTION_ROUTE_TYPES, { error: 'field.invalid' }) }),
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const { user } = await auth(request);
      const { tab } = request.params;
      // as the page: a deposit past its expiry is never listed as pending
      await payments.expireAbandoned(config.paymentPendingExpiryMs, { userId: user.id });
      const rows = await payments.list(user);
      return sendCsv(reply, `transactions-${tab}-${user.pin}`, transactionsCsv(rows, tab));
    },
  );

  app.get(
    '/api/exports/history',
    {
      schema: {
        tags: ['trading'],
        summary:
          "The signed-in client's trade history as CSV: the closed positions of the terminal's history list, newest " +
          'first, with prices, times in ISO UTC, reason, and profit, commission and swap in the account currency',
        security: [{ bearer: [] }],
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const client = await auth(request);
      // the session's current trading account (or the optional accountId's), in its currency
      const account = await client.account();
      const view = await gateway.view(account.id);
      if (!view) throw new Error(`account ${account.id} has no book`);
      return sendCsv(
        reply,
        `trade-history-${account.number}`,
        historyCsv(view.positions.history, account.currency),
      );
    },
  );
}
