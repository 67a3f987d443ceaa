import {
  ContentPageCreateInput,
  ContentPageDetail,
  ContentPageListQuery,
  ContentPageRow,
  ContentPageSaveInput,
  ContentPageVersion,
  ContentPublishInput,
  ContentVersionRow,
  InboxHandledInput,
  InboxItem,
  InboxPage,
  InboxQuery,
  SiteSettingsDoc,
  SiteSettingsInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import { type ContentMediaDeps, registerContentMedia } from './content-admin.media.js';
import type { ContentAdminService } from './content-admin.service.js';

type Guarded = ReturnType<typeof withPolicy>;
type ScopeCheck = (request: FastifyRequest) => Promise<void>;

/**
 * A route's options with a scope check after its policy and before its body is validated: a record of a
 * brand outside the member's scope answers 404 whatever the body, so nothing about it can be probed.
 */
const inScope = <T extends Guarded>(options: T, check: ScopeCheck) => ({
  ...options,
  preValidation: [options.preValidation, check],
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backoffice: content'];

/** Ids as sent; anything but a whole number answers the same 404 as a missing record. */
const IdParams = z.object({ id: z.string().max(32) });
const VersionParams = IdParams.extend({ version: z.string().max(32) });
const NameParams = z.object({ name: z.string().max(64) });
const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);
/** `?brandId=` of the singleton routes: required. */
const BrandQuery = z.object({ brandId: z.string().regex(/^\d{1,9}$/, { message: 'field.invalid' }) });

/** What the back office's content routes use (the image upload's, and the content editor's service). */
export interface ContentAdminRoutesDeps extends ContentMediaDeps {
  contentAdmin: ContentAdminService;
}

/** Content in the back office: pages per brand and language, versions, publishing, singletons, the contact inbox. */
export async function contentAdminRoutes(app: App, deps: ContentAdminRoutesDeps) {
  const { staff, contentAdmin: content } = deps;
  const edit = { permission: 'content.edit', brandScoped: true } as const;
  const publish = { permission: 'content.publish', brandScoped: true } as const;
  const inbox = { permission: 'inbox.read', brandScoped: true } as const;
  const rawId = (request: FastifyRequest) => idOf(String((request.params as { id?: unknown }).id ?? ''));
  const pageScope: ScopeCheck = (request) => content.assertPageInScope(staffOf(request), rawId(request));
  const messageScope: ScopeCheck = (request) =>
    content.assertSubmissionInScope(staffOf(request), rawId(request));

  app.get(
    '/api/backoffice/content/pages',
    withPolicy(edit, staff, {
      tags,
      summary:
        'Pages of the brands in scope (or one brand, one language), with published flag, slug and versions',
      querystring: ContentPageListQuery,
      response: { 200: ok(z.array(ContentPageRow)), ...errors },
    }),
    async (request) => ({ status: true as const, data: await content.list(staffOf(request), request.query) }),
  );

  app.post(
    '/api/backoffice/content/pages',
    withPolicy(edit, staff, {
      tags,
      summary:
        'Creates a page of a brand in a language: version 1 with an empty tree, not published. ' +
        '409 PAGE_SLUG_TAKEN when the brand has that slug in that language',
      body: ContentPageCreateInput,
      response: { 200: ok(ContentPageRow), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await content.create(staffOf(request), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/content/pages/:id',
    inScope(
      withPolicy(edit, staff, {
        tags,
        summary: 'A page and its draft: the head version, or version 0 (the live tree) when never saved here',
        params: IdParams,
        response: { 200: ok(ContentPageDetail), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.get(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.put(
    '/api/backoffice/content/pages/:id',
    inScope(
      withPolicy(edit, staff, {
        tags,
        summary:
          'Saves a new version (components checked per type, HTML sanitised). 409 VERSION_CONFLICT when baseVersion ' +
          'is not the head (errors[0].params.version: the head); 409 PAGE_SLUG_TAKEN',
        params: IdParams,
        body: ContentPageSaveInput,
        response: { 200: ok(ContentPageDetail), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.save(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );

  app.get(
    '/api/backoffice/content/pages/:id/versions',
    inScope(
      withPolicy(edit, staff, {
        tags,
        summary: 'Every saved version of a page, newest first',
        params: IdParams,
        response: { 200: ok(z.array(ContentVersionRow)), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.versions(staffOf(request), idOf(request.params.id)),
    }),
  );

  app.get(
    '/api/backoffice/content/pages/:id/versions/:version',
    inScope(
      withPolicy(edit, staff, {
        tags,
        summary: 'One version of a page with its tree',
        params: VersionParams,
        response: { 200: ok(ContentPageVersion), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.version(staffOf(request), idOf(request.params.id), idOf(request.params.version)),
    }),
  );

  app.post(
    '/api/backoffice/content/pages/:id/versions/:version/restore',
    inScope(
      withPolicy(edit, staff, {
        tags,
        summary: "Saves an old version's title, description and tree as the new head version",
        params: VersionParams,
        response: { 200: ok(ContentPageDetail), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.restore(
        staffOf(request),
        idOf(request.params.id),
        idOf(request.params.version),
        request,
      ),
    }),
  );

  app.post(
    '/api/backoffice/content/pages/:id/publish',
    inScope(
      withPolicy(publish, staff, {
        tags,
        summary: "Publishes a version: its tree, title and description become the public page's",
        params: IdParams,
        body: ContentPublishInput,
        response: { 200: ok(ContentPageRow), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.publish(staffOf(request), idOf(request.params.id), request.body.version, request),
    }),
  );

  app.post(
    '/api/backoffice/content/pages/:id/unpublish',
    inScope(
      withPolicy(publish, staff, {
        tags,
        summary: 'Takes a page off the public site (its versions stay)',
        params: IdParams,
        response: { 200: ok(ContentPageRow), ...errors },
      }),
      pageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.unpublish(staffOf(request), idOf(request.params.id), request),
    }),
  );

  app.get(
    '/api/backoffice/content/singletons/:name',
    withPolicy(edit, staff, {
      tags,
      summary:
        "A brand's settings document ('settings': copyright, legal texts, contact, menu, footer links)",
      params: NameParams,
      querystring: BrandQuery,
      response: { 200: ok(SiteSettingsDoc), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await content.singleton(staffOf(request), request.params.name, idOf(request.query.brandId)),
    }),
  );

  app.put(
    '/api/backoffice/content/singletons/:name',
    withPolicy(edit, staff, {
      tags,
      summary:
        "Replaces the editable fields of a brand's site settings (features and widgets follow the brand)",
      params: NameParams,
      querystring: BrandQuery,
      body: SiteSettingsInput,
      response: { 200: ok(SiteSettingsDoc), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await content.saveSingleton(
        staffOf(request),
        request.params.name,
        idOf(request.query.brandId),
        request.body,
        request,
      ),
    }),
  );

  app.get(
    '/api/backoffice/inbox',
    withPolicy(inbox, staff, {
      tags,
      summary:
        'Messages of the public and client-area contact forms, newest first, 50 a page; status open or handled',
      querystring: InboxQuery,
      response: { 200: ok(InboxPage), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await content.inbox(staffOf(request), request.query),
    }),
  );

  app.post(
    '/api/backoffice/inbox/:id/handled',
    inScope(
      withPolicy(inbox, staff, {
        tags,
        summary: 'Marks a message handled or not handled',
        params: IdParams,
        body: InboxHandledInput,
        response: { 200: ok(InboxItem), ...errors },
      }),
      messageScope,
    ),
    async (request) => ({
      status: true as const,
      data: await content.setHandled(
        staffOf(request),
        idOf(request.params.id),
        request.body.handled,
        request,
      ),
    }),
  );

  await registerContentMedia(app, deps);
}
