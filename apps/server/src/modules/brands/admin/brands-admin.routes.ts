import fastifyMultipart from '@fastify/multipart';
import {
  BrandAdminView,
  BrandCreateInput,
  BrandListItem,
  BrandMedia,
  BrandPublication,
  BrandUpdateInput,
  MEDIA_MAX_BYTES,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import { type App, ErrorBody, ok } from '../../../http.js';
import { AppError } from '../../../lib/errors.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { BrandsService } from '../brands.service.js';
import { BrandCacheSync } from './brand-cache-sync.js';
import type { BrandsAdminService } from './brands-admin.service.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
};
const tags = ['backoffice: brands'];

/** `:id` as sent; anything but a brand in scope answers the same 404. */
const BrandParams = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** Reads the upload form (field `file`, optional `purpose`) up to the size limit, like the KYC upload. */
async function readMediaForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { file: undefined, purpose: '' };
  let file: { content: Buffer; originalName: string; truncated: boolean } | undefined;
  let purpose = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (!file && part.fieldname === 'file')
          file = { content, originalName: part.filename ?? '', truncated: part.file.truncated };
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        purpose = /^[a-z-]{1,20}$/.test(part.value) ? part.value : '';
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    request.log.debug({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'BAD_REQUEST', 'error.validation');
  }
  return { file, purpose };
}

/** What the back office's brand routes use; Redis carries brand changes to the other nodes. */
export interface BrandsAdminRoutesDeps {
  config: Pick<Config, 'redisPrefix'>;
  redis: Redis | undefined;
  staff: StaffService;
  brands: BrandsService;
  brandsAdmin: BrandsAdminService;
}

/** Brands edited in the back office: create, settings, hosts, theme, payments (secrets encrypted), logo and favicon. */
export async function brandsAdminRoutes(
  app: App,
  { config, redis, staff, brands, brandsAdmin: admin }: BrandsAdminRoutesDeps,
) {
  const policy = { permission: 'brands.manage', brandScoped: true } as const;

  // every node hears the others' brand changes (Redis pub/sub when configured)
  const sync = new BrandCacheSync(brands, redis, config.redisPrefix, app.log);
  await sync.start();
  app.addHook('onClose', async () => sync.stop());

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6, headerPairs: 50 },
  });

  // GET /api/backoffice/brands (every staff member: names and back-office rules for filters) is accounts/admin/clients-admin.routes.ts'
  app.get(
    '/api/backoffice/brands/overview',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The brand editor’s list: brands in the reader’s scope with host names, currency and number of clients',
      response: { 200: ok(z.array(BrandListItem)), ...errors },
    }),
    async (request) => ({ status: true as const, data: await admin.list(staffOf(request)) }),
  );

  app.post(
    '/api/backoffice/brands',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Creates a brand (slug, name, hosts, currency, legal name, support address, two colours) as a draft from its ' +
        'template: the built-in starter pages or a copy of a brand in scope (settings, pages, menus, payment methods; ' +
        'no clients, staff or secrets). A draft is not served on its hosts until published. Needs an all-brands scope ' +
        '(403 ALL_BRANDS_SCOPE_NEEDED); a slug or host in use, or an unknown template brand, answers 400 with the field',
      body: BrandCreateInput,
      response: { 200: ok(BrandAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.create(staffOf(request), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/brands/:id',
    withPolicy(policy, staff, {
      tags,
      summary: 'One brand as the editor reads it; payment provider secrets only as hints (••••1234)',
      params: BrandParams,
      response: { 200: ok(BrandAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.get(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.patch(
    '/api/backoffice/brands/:id',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Changes a brand: name, hosts, theme, clientArea, legal, payments, backoffice, riskWarning (a section sent ' +
        'replaces that section; a provider secret sent empty keeps the stored one, null removes it). A bad value ' +
        'answers 400 with a message per field and changes nothing; takes effect on every node within seconds',
      params: BrandParams,
      body: BrandUpdateInput,
      response: { 200: ok(BrandAdminView), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.update(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/brands/:id/publication',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The brand’s status (draft or published) and publish checklist: legal pages, support address, a payment ' +
        'method, risk warning, each ok or not',
      params: BrandParams,
      response: { 200: ok(BrandPublication), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.publication(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.post(
    '/api/backoffice/brands/:id/publish',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Publishes a draft brand: its hosts serve the site and the API from now on. Refused with 409 ' +
        'BRAND_CHECKLIST_INCOMPLETE while a checklist item is not ok; audited as brand.publish',
      params: BrandParams,
      response: { 200: ok(BrandPublication), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.setPublished(staffOf(request), idOf(request.params.id), true, request),
    }),
  );

  app.post(
    '/api/backoffice/brands/:id/unpublish',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Returns a published brand to draft: its hosts answer “not available” (site and API) and its clients cannot ' +
        'sign in until it is published again; audited as brand.unpublish',
      params: BrandParams,
      response: { 200: ok(BrandPublication), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.setPublished(staffOf(request), idOf(request.params.id), false, request),
    }),
  );

  app.post(
    '/api/backoffice/brands/:id/media',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Uploads a brand file (multipart field file, optional purpose: logo, favicon, content): PNG, JPEG, WebP, GIF, ' +
        'ICO or SVG by content, at most 2 MB; SVG is sanitised. Answers its public address /media/:id/:name',
      params: BrandParams,
      consumes: ['multipart/form-data'],
      response: { 200: ok(BrandMedia), ...errors },
    }),
    async (request) => {
      const auth = staffOf(request);
      const id = idOf(request.params.id);
      const form = await readMediaForm(request);
      return {
        status: true as const,
        data: await admin.upload(auth, id, form.file, form.purpose, request),
      };
    },
  );
}
