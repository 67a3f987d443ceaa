import { Readable } from 'node:stream';
import { KpiReport, RetailLossReport } from '@openbroker/domain';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { provideSiteRetailLoss, SiteRetailLoss } from '../content/site-figures.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import { KPI_CSV_COLUMNS, MAX_REPORT_DAYS, type ReportsService } from './reports.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: reports'];
const INVALID = { error: 'field.invalid' } as const;

/** A positive whole number from a query string ('' or absent: none). */
const brandIdField = z
  .string(INVALID)
  .max(12, { message: 'field.invalid' })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const n = /^\d{1,10}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });
const dayField = z.string(INVALID).max(40, { message: 'reports.dayInvalid' }).optional();

const KpiQuery = z.object({ brandId: brandIdField, from: dayField, until: dayField }, INVALID);
const RetailLossQuery = z.object(
  {
    brandId: brandIdField.refine((v) => v !== undefined, { message: 'reports.brandRequired' }),
  },
  INVALID,
);

const RANGE =
  `from and until: UTC days (YYYY-MM-DD), both inclusive, at most ${MAX_REPORT_DAYS} days (absent: the last 30 days); ` +
  'brandId: one brand (outside the scope: 404), absent: every brand in scope, grouped by currency';

/** What the reports' routes use. */
export interface ReportsRoutesDeps {
  staff: StaffService;
  reports: ReportsService;
  database: Database;
}

/** Reports and KPIs (docs/reports.md): per-day figures per brand, CSV, the retail-loss disclosure. */
export async function reportsRoutes(app: App, { staff, reports, database }: ReportsRoutesDeps) {
  const policy = { permission: 'reports.read', brandScoped: true } as const;
  // the public site's risk warning uses the computed figure where the brand enables it (site-figures.ts)
  provideSiteRetailLoss(database.db, new SiteRetailLoss((brandId) => reports.retailLoss(brandId)));

  app.get(
    '/api/backoffice/reports/kpis',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Per UTC day and in total: registrations, verified accounts, first-time deposits (count, amount), ' +
        'deposits, withdrawals, net deposits, active traders, positions opened, trading volume (notional), ' +
        `clients’ realised P/L and costs; amounts exact in each brand’s currency. ${RANGE}`,
      querystring: KpiQuery,
      response: { 200: ok(KpiReport), ...errors },
    }),
    async (request) => ({ status: true as const, data: await reports.kpis(staffOf(request), request.query) }),
  );

  app.get(
    '/api/backoffice/reports/kpis.csv',
    withPolicy(policy, staff, {
      tags,
      summary: `The KPI report as CSV (text/csv). ${RANGE}`,
      querystring: KpiQuery,
      response: {
        200: {
          description: `CSV (RFC 4180, UTF-8): currency, day, ${KPI_CSV_COLUMNS.join(', ')}; a total line per currency`,
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (request, reply) => {
      // computed before the answer starts, so a bad range or a scope 404 is still a JSON error
      const report = await reports.kpis(staffOf(request), request.query);
      const scope = report.brandId === null ? 'all' : `brand-${report.brandId}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="kpis-${scope}-${report.from}-${report.until}.csv"`,
        )
        .send(Readable.from(reports.kpisCsv(report)) as never); // a stream is sent as is
    },
  );

  app.get(
    '/api/backoffice/reports/retail-loss',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The ESMA retail-loss figure of a brand over the last 12 months: among its retail accounts that traded ' +
        '(held a position open at any time in the period), the share whose realised P/L (closes, protection, ' +
        'commissions and swaps booked in the period) plus the floating P/L of positions still open is below zero; ' +
        'percent rounded to a whole number (null when no account traded)',
      querystring: RetailLossQuery,
      response: { 200: ok(RetailLossReport), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await reports.retailLossFor(staffOf(request), request.query.brandId as number),
    }),
  );
}
