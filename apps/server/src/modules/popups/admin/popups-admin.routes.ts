import {
  BoPopup,
  BoPopupClientHit,
  BoPopupReadsPage,
  MAX_LIST_PAGE,
  POPUP_AUDIENCES,
  requiredText,
  titleFor,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { PopupsAdminService } from './popups-admin.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: pop-ups'];
const INVALID = { error: 'field.invalid' } as const;

/** The most HTML a popup may be sent with (before sanitising). */
export const POPUP_CONTENT_MAX = 20_000;
const MAX_ID = 2_147_483_647;

/** A positive id in a JSON body. */
const bodyId = z.number(INVALID).int(INVALID).positive(INVALID).max(MAX_ID, INVALID);

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

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant with its offset ('2026-12-01T09:00:00.000Z'), between 2000 and 2100; null or '' for none. */
const instant = (field: string) =>
  z
    .string(INVALID)
    .trim()
    .max(40, INVALID)
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const at = INSTANT.test(v) ? new Date(v) : undefined;
      const year = at?.getUTCFullYear() ?? Number.NaN;
      if (!at || Number.isNaN(at.getTime()) || year < 2000 || year >= 2100) {
        ctx.addIssue({ code: 'custom', message: 'popups.timeInvalid', params: { title: titleFor(field) } });
        return z.NEVER;
      }
      return at;
    });

const fields = {
  title: requiredText('title', { max: 200 }),
  content: requiredText('content', { max: POPUP_CONTENT_MAX, multiline: true }),
  audience: z.enum(POPUP_AUDIENCES, INVALID),
  clientId: bodyId.nullable().optional(),
  startsAt: instant('startsAt'),
  endsAt: instant('endsAt'),
};

type Schedule = { startsAt?: Date | null | undefined; endsAt?: Date | null | undefined };
const endAfterStart = (v: Schedule) => !(v.startsAt && v.endsAt) || v.endsAt > v.startsAt;

/** POST /api/backoffice/popups. */
const PopupCreateBody = z
  .object({ brandId: bodyId, ...fields }, INVALID)
  .refine((v) => v.audience !== 'client' || !!v.clientId, {
    message: 'field.required',
    params: { title: titleFor('client') },
    path: ['clientId'],
  })
  .refine(endAfterStart, { message: 'popups.untilBeforeFrom', path: ['endsAt'] });

/** PATCH /api/backoffice/popups/:id: any of the fields (the brand stays); `active` switches it on or off. */
const PopupUpdateBody = z
  .object(
    {
      title: fields.title.optional(),
      content: fields.content.optional(),
      audience: fields.audience.optional(),
      clientId: fields.clientId,
      startsAt: fields.startsAt,
      endsAt: fields.endsAt,
      active: z.boolean(INVALID).optional(),
    },
    INVALID,
  )
  .refine(endAfterStart, { message: 'popups.untilBeforeFrom', path: ['endsAt'] });

const ListQuery = z.object({ brandId: queryId }, INVALID);
const ReadsQuery = z.object(
  { page: queryId.refine((v) => v === undefined || v <= MAX_LIST_PAGE, { message: 'field.invalid' }) },
  INVALID,
);
const SearchQuery = z.object(
  {
    brandId: queryId,
    q: z.string(INVALID).trim().max(100, INVALID).optional(),
  },
  INVALID,
);

/** `:id` as sent: anything but a popup in scope answers the same 404 (checked before any body). */
const Params = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** What the pop-up admin routes use. */
export interface PopupsAdminRoutesDeps {
  staff: StaffService;
  popupsAdmin: PopupsAdminService;
}

/** Pop-ups in the back office: sanitised HTML, audience, schedule, who read it. */
export async function popupsAdminRoutes(app: App, { staff, popupsAdmin: service }: PopupsAdminRoutesDeps) {
  const policy = { permission: 'popups.manage', brandScoped: true } as const;

  app.get(
    '/api/backoffice/popups',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The brand pop-ups of one brand (brandId) or every brand in scope, newest first, with status ' +
        '(scheduled, live, ended, inactive), reads and audience size',
      querystring: ListQuery,
      response: { 200: ok(z.array(BoPopup)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.list(staffOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/api/backoffice/popups/clients',
    withPolicy(policy, staff, {
      tags,
      summary:
        "The audience picker's client search: up to 10 clients of the brand matching q (name, e-mail, PIN)",
      querystring: SearchQuery,
      response: { 200: ok(z.array(BoPopupClientHit)), ...errors },
    }),
    async (request) => {
      const { brandId, q } = request.query;
      const auth = staffOf(request);
      if (brandId === undefined) return { status: true as const, data: [] };
      return { status: true as const, data: await service.searchClients(auth, brandId, q ?? '') };
    },
  );

  app.post(
    '/api/backoffice/popups',
    withPolicy(policy, staff, {
      tags,
      summary:
        "Creates a pop-up: title, HTML content (sanitised on save), audience ('all', 'verified', 'unverified' or " +
        "'client' with clientId, a client of that brand), startsAt and endsAt (instants with offset, optional; the end " +
        'after the start). Audited',
      body: PopupCreateBody,
      response: { 200: ok(BoPopup), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.create(staffOf(request), request.body, request),
    }),
  );

  app.patch(
    '/api/backoffice/popups/:id',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Changes a pop-up: any of title, content (sanitised), audience/clientId, startsAt, endsAt, active. Audited',
      params: Params,
      body: PopupUpdateBody,
      response: { 200: ok(BoPopup), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.update(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );

  app.post(
    '/api/backoffice/popups/:id/deactivate',
    withPolicy(policy, staff, {
      tags,
      summary: 'Takes a pop-up off at once (kept with its reads; PATCH active: true shows it again). Audited',
      params: Params,
      response: { 200: ok(BoPopup), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.deactivate(staffOf(request), idOf(request.params.id), request),
    }),
  );

  app.get(
    '/api/backoffice/popups/:id/reads',
    withPolicy(policy, staff, {
      tags,
      summary: 'Who read (closed) the pop-up: client name, e-mail, PIN and when, newest first, 50 a page',
      params: Params,
      querystring: ReadsQuery,
      response: { 200: ok(BoPopupReadsPage), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await service.reads(staffOf(request), idOf(request.params.id), request.query.page ?? 1),
    }),
  );
}
