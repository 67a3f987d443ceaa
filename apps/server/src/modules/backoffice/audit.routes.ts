import { Readable } from 'node:stream';
import { AuditListQuery } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { AuditQuery } from '../audit/audit-query.js';
import { assertBrandInScope, staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: audit'];
const json = z.record(z.string(), z.unknown());

const AuditRowDto = z.object({
  id: z.number(),
  createdAt: z.string(),
  actor: z.string(),
  staffName: z.string().nullable(),
  role: z.string().nullable(),
  brandId: z.number().nullable(),
  brandSlug: z.string().nullable(),
  userId: z.number().nullable(),
  action: z.string(),
  subject: z.string(),
  before: json.nullable(),
  after: json.nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  details: json,
});

const AuditPage = z.object({
  items: z.array(AuditRowDto),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const FILTERS =
  'Filters: staffId, clientId, action (exact, or a group: `withdrawal` matches `withdrawal.*`), from and to ' +
  '(inclusive; a day or an ISO instant), brandId (outside the scope: 404)';

/** The audit screen (issue 13): the audit log, filtered and brand-scoped, and its CSV export. */
export async function auditRoutes(app: App, ctx: AppContext) {
  const { staff } = ctx;
  const audit = new AuditQuery(ctx.database.db);
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
      response: { 200: ok(AuditPage), ...errors },
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
