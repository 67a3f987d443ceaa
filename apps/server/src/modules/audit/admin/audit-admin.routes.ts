import { Readable } from 'node:stream';
import { AuditListQuery, AuditLogPage } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { assertBrandInScope, staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { AuditQuery } from '../audit-query.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: audit'];
const FILTERS =
  'Filters: staffId, clientId, client (a name or e-mail, in part; or an id), action (exact, or a group: `withdrawal` matches `withdrawal.*`), from and to ' +
  '(inclusive; a day or an ISO instant), brandId (outside the scope: 404)';

/** What the audit screen's routes use. */
export interface AuditRoutesDeps {
  staff: StaffService;
  auditQuery: AuditQuery;
}

/** The audit screen: the audit log, filtered and brand-scoped, and its CSV export. */
export async function auditRoutes(app: App, { staff, auditQuery: audit }: AuditRoutesDeps) {
  const policy = { permission: 'audit.read', brandScoped: true } as const;
  const scopeOf = (request: Parameters<typeof staffOf>[0], brandId: number | undefined) => {
    const auth = staffOf(request);
    if (brandId !== undefined) assertBrandInScope(auth, brandId);
    return auth.scope;
  };

  app.get(
    '/api/backoffice/audit',
    withPolicy(policy, staff, {
      tags,
      summary: `The audit log, newest first, 50 a page (\`page\`, 1-based). ${FILTERS}. A member limited to some brands sees only their rows; rows without a brand only members of every brand`,
      querystring: AuditListQuery,
      response: { 200: ok(AuditLogPage), ...errors },
    }),
    async (request) => {
      const scope = scopeOf(request, request.query.brandId);
      return { status: true as const, data: await audit.page(scope, request.query) };
    },
  );

  app.get(
    '/api/backoffice/audit/export.csv',
    withPolicy(policy, staff, {
      tags,
      summary: `Every audit row matching the filters as CSV (text/csv), newest first. ${FILTERS}`,
      querystring: AuditListQuery,
      response: {
        200: {
          description:
            'CSV (RFC 4180, UTF-8): a header line, then one line per row; before, after and details as JSON',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      const scope = scopeOf(request, request.query.brandId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(Readable.from(audit.csv(scope, request.query)) as never); // a stream is sent as is
    },
  );
}
