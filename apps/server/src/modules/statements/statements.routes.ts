import { createHash } from 'node:crypto';
import { STATEMENT_FORMATS, Statement } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { type ClientAuthDeps, clientAuthenticator, tokenOf } from '../accounts/auth.js';
import type { StatementsService } from './statements.service.js';

/** What the statements route uses. */
export interface StatementsRoutesDeps extends ClientAuthDeps {
  statements: StatementsService;
}

const INVALID = { error: 'field.invalid' } as const;
const text = (max: number) => z.string(INVALID).max(max, { message: 'field.invalid' }).optional();

const StatementQuery = z.object(
  {
    month: text(7),
    from: text(10),
    to: text(10),
    format: z.enum(STATEMENT_FORMATS, INVALID).default('json'),
  },
  INVALID,
);

/** The client's account statements (client area). */
export async function statementsRoutes(app: App, deps: StatementsRoutesDeps) {
  const { statements } = deps;
  const auth = clientAuthenticator(deps);
  // a statement reads a year of ledger entries and may draw a PDF of them: 20 a minute per session is plenty
  // (counted per session, not per address: clients behind one office address do not share the allowance)
  const sessionKey = (request: FastifyRequest) => {
    const token = tokenOf(request);
    // the limiter's store (Redis in a cluster) keeps a digest, never the session token itself
    return token && createHash('sha256').update(token).digest('base64url');
  };
  const statementLimit = attemptLimit(app, { name: 'statement', max: 20, account: sessionKey });

  app.get(
    '/api/statements',
    {
      preHandler: statementLimit.preHandler,
      schema: {
        tags: ['accounts'],
        summary:
          "The signed-in client's account statement over a month (month=YYYY-MM) or a range of UTC days " +
          '(from=YYYY-MM-DD, to=YYYY-MM-DD: the day after the last one, at most 366 days; absent: the current month): ' +
          'the opening balance, every ledger entry with its cause and running balance, the positions opened or ' +
          'closed, the closing balance (opening + entries) and the equity where known; exact decimals in the ' +
          "account's currency. format=json (default), csv (one line per entry) or pdf",
        security: [{ bearer: [] }],
        querystring: StatementQuery,
        response: {
          200: {
            description: 'The statement: JSON, CSV (RFC 4180, UTF-8) or PDF, as format asks',
            content: {
              'application/json': { schema: ok(Statement) },
              'text/csv': { schema: z.string() },
              'application/pdf': { schema: z.string() },
            },
          },
          400: ErrorBody,
          401: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const client = await auth(request);
      const { brand, user } = client;
      // the session's current trading account, or the one the optional accountId names
      const account = await client.account();
      const { format, ...range } = request.query as typeof request.query & { accountId?: unknown };
      delete range.accountId;
      const statement = await statements.statement(brand, account, range);
      const name = `statement-${user.pin}-${statement.from}-${statement.until}`;
      reply.header('cache-control', 'no-store');
      if (format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(statements.csv(statement));
      if (format === 'pdf')
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}.pdf"`)
          .send((await statements.pdf(statement, statements.holder(brand, user, account))) as never); // bytes are sent as they are
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send({ status: true as const, data: statement });
    },
  );
}
