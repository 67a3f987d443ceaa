import {
  AFFILIATE_MAX_RANGE_DAYS,
  AffiliateAdminView,
  AffiliateFunnel,
  AffiliateWithPassword,
  daysInRange,
  emailField,
  isIsoDate,
  lastDays,
  requiredText,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { AffiliatesAdminService } from './affiliates-admin.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backoffice: affiliates'];
const INVALID = { error: 'field.invalid' } as const;
const MAX_ID = 2_147_483_647;

/** A positive id from a query string ('' or absent: none). */
const queryId = z
  .string(INVALID)
  .max(12, INVALID)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const n = /^\d{1,10}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });

/** POST /api/backoffice/affiliates: the CLI's `affiliate:create` inputs, checked the same way. */
const AffiliateCreateBody = z.object(
  {
    brandId: z.number(INVALID).int(INVALID).positive(INVALID).max(MAX_ID, INVALID),
    email: emailField('email', { lowerCase: true }),
    firstName: requiredText('first_name', { max: 100 }),
    lastName: requiredText('last_name', { max: 100 }),
  },
  INVALID,
);

/** An optional 'YYYY-MM-DD' of the funnel's range. */
const optionalDay = z
  .string(INVALID)
  .trim()
  .max(10, INVALID)
  .optional()
  .refine((v) => v === undefined || v === '' || isIsoDate(v), { message: 'field.invalid' })
  .transform((v) => (v ? v : undefined));

/**
 * GET …/:id/funnel?from&until: whole UTC days, both included, as the affiliate panel's filter (until not before
 * from, at most AFFILIATE_MAX_RANGE_DAYS days); without them the last 30 days (the panel's default).
 */
const FunnelQuery = z
  .object({ from: optionalDay, until: optionalDay }, INVALID)
  .refine((v) => !(v.from && v.until) || v.until >= v.from, {
    message: 'date.untilBeforeFrom',
    path: ['until'],
    abort: true,
  })
  .refine((v) => !(v.from && v.until) || daysInRange(v.from, v.until) <= AFFILIATE_MAX_RANGE_DAYS, {
    message: 'date.rangeTooLong',
    params: { max: AFFILIATE_MAX_RANGE_DAYS },
    path: ['until'],
  });

const ListQuery = z.object({ brandId: queryId }, INVALID);

/** `:id` as sent: anything but an affiliate in scope answers the same 404 (checked before any body). */
const Params = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** What the back office's affiliate routes use. */
export interface AffiliatesAdminRoutesDeps {
  staff: StaffService;
  affiliatesAdmin: AffiliatesAdminService;
}

/** Affiliates in the back office: create, disable, reset password, funnel. */
export async function affiliatesAdminRoutes(
  app: App,
  { staff, affiliatesAdmin: service }: AffiliatesAdminRoutesDeps,
) {
  const policy = { permission: 'affiliates.manage', brandScoped: true } as const;

  app.get(
    '/api/backoffice/affiliates',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Affiliates of one brand (brandId) or every brand in scope, newest first: name, e-mail, tracking code, ' +
        'created, disabled, clients brought',
      querystring: ListQuery,
      response: { 200: ok(z.array(AffiliateAdminView)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.list(staffOf(request), request.query.brandId),
    }),
  );

  app.post(
    '/api/backoffice/affiliates',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Creates an affiliate of a brand (a generated tracking code); answers its initial password this once. ' +
        '409 AFFILIATE_EMAIL_TAKEN. Audited',
      body: AffiliateCreateBody,
      response: { 200: ok(AffiliateWithPassword), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.create(staffOf(request), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/affiliates/:id',
    withPolicy(policy, staff, {
      tags,
      summary: 'One affiliate',
      params: Params,
      response: { 200: ok(AffiliateAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.get(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.post(
    '/api/backoffice/affiliates/:id/disable',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Disables an affiliate: it cannot sign in and its sessions end at once; its tracking links keep counting. Audited',
      params: Params,
      response: { 200: ok(AffiliateAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.setDisabled(staffOf(request), idOf(request.params.id), true, request),
    }),
  );

  app.post(
    '/api/backoffice/affiliates/:id/enable',
    withPolicy(policy, staff, {
      tags,
      summary: 'Enables a disabled affiliate again (it signs in with its password). Audited',
      params: Params,
      response: { 200: ok(AffiliateAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.setDisabled(staffOf(request), idOf(request.params.id), false, request),
    }),
  );

  app.post(
    '/api/backoffice/affiliates/:id/reset-password',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Sets a new generated password, answered this once, and ends every session of the affiliate. Audited',
      params: Params,
      response: { 200: ok(AffiliateWithPassword), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.resetPassword(staffOf(request), idOf(request.params.id), request),
    }),
  );

  app.get(
    '/api/backoffice/affiliates/:id/funnel',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The funnel the affiliate panel shows (clicks, registrations, first-time deposits per UTC day, totals and ' +
        'conversion rates) from `from` to `until` (YYYY-MM-DD, both included; default the last 30 days)',
      params: Params,
      querystring: FunnelQuery,
      response: { 200: ok(AffiliateFunnel), ...errors },
    }),
    async (request) => {
      const defaults = lastDays(new Date());
      const from = request.query.from ?? (request.query.until ? request.query.until : defaults.from);
      const until = request.query.until ?? (request.query.from ? maxUntil(from) : defaults.until);
      return {
        status: true as const,
        data: await service.funnel(staffOf(request), idOf(request.params.id), {
          from: from <= until ? from : until,
          until,
        }),
      };
    },
  );
}

/** With only `from`: up to today, but never more than the longest range. */
function maxUntil(from: string): string {
  const today = lastDays(new Date()).until;
  if (today < from) return from;
  return daysInRange(from, today) <= AFFILIATE_MAX_RANGE_DAYS
    ? today
    : new Date(Date.parse(`${from}T00:00:00Z`) + (AFFILIATE_MAX_RANGE_DAYS - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
}
