import { FillAudit, FillAuditParams, markupLabel } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { csvLine } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { FillAuditService } from './fill-audit.service.js';

/** What the fill audit route uses. */
export interface FillAuditRoutesDeps extends ClientAuthDeps {
  fillAudit: FillAuditService;
}

const FillAuditQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'field.invalid' }).default('json'),
});

/** The fill audit as CSV (RFC 4180, formula-safe): the fill, its terms and check, then the feed's quotes around it. */
export function fillAuditCsv(audit: FillAudit): string {
  const lines = [
    ['field', 'value'],
    ['position', audit.positionId],
    ['fill', audit.kind],
    ['symbol', audit.symbol],
    ['direction', audit.direction],
    ['cause', audit.cause],
    ['filled at (UTC)', audit.filledAt],
    ['fill price', audit.fillPrice],
    ['feed quote at (UTC)', audit.feed.at],
    ['feed bid', audit.feed.bid],
    ['feed ask', audit.feed.ask],
    ['markup', markupLabel(audit.markup)],
    ['pip size', audit.pipSize],
    ['tick', audit.tick ?? ''],
    ['brand buy', audit.quote.buy],
    ['brand sell', audit.quote.sell],
    ['expected side', audit.check.side],
    ['expected price', audit.check.expected],
    ['difference', audit.check.difference],
    ['check', audit.check.pass ? 'pass' : 'fail'],
    ['quotes window', audit.window.state],
    [],
    ['time (UTC)', 'feed bid', 'feed ask'],
    ...audit.window.quotes.map((q) => [q.at, q.bid, q.ask]),
  ];
  return lines.map(csvLine).join('');
}

/**
 * The client's fill audit (client area and terminal): one fill of the caller's own position — another client's
 * position answers 404, as a position that does not exist.
 */
export async function fillAuditRoutes(app: App, deps: FillAuditRoutesDeps) {
  const { fillAudit } = deps;
  const auth = clientAuthenticator(deps);

  app.get(
    '/api/fill-audit/:positionId/:kind',
    {
      schema: {
        tags: ['trading'],
        summary:
          "The fill audit of the signed-in client's position: its open or close fill, the feed quote the engine dealt " +
          "at, the brand's markup then in force and the brand quote, the check that the fill price is that quote on the " +
          'right side (buys at the ask, sells at the bid; closes the opposite), and the feed quotes a minute either side ' +
          '(written once that minute passed). format=json (default) or csv',
        security: [{ bearer: [] }],
        params: FillAuditParams,
        querystring: FillAuditQuery,
        response: {
          200: {
            description: 'The fill audit: JSON or CSV (RFC 4180, UTF-8), as format asks',
            content: {
              'application/json': { schema: ok(FillAudit) },
              'text/csv': { schema: z.string() },
            },
          },
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { user } = await auth(request);
      const { positionId, kind } = request.params;
      const audit = await fillAudit.audit(user.id, positionId, kind);
      if (!audit) throw notFound();
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="fill-audit-${positionId}-${kind}.csv"`)
          .send(fillAuditCsv(audit));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send({ status: true as const, data: audit });
    },
  );
}
