import {
  EconomicEventList,
  MessageReceived,
  PageSummaryList,
  PUBLIC_FORMS,
  PublicContactInput,
  type PublicForm,
  PublishedPageList,
  SingletonData,
  validateInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { attemptLimit } from '../../lib/rate-limit.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import {
  EventsQuery,
  FormSubmitBody,
  PageListQuery,
  PageQueryBody,
  PlatformContactBody,
  TokenQuery,
} from './content.schemas.js';
import type { ContentService } from './content.service.js';

/** Schemas of the public forms by name (spec §5). */
const FORM_SCHEMAS: Record<PublicForm, typeof PublicContactInput> = { contact: PublicContactInput };
const isPublicForm = (name: string): name is PublicForm => (PUBLIC_FORMS as readonly string[]).includes(name);

const DAY_MS = 86_400_000;

/** The singleton call's query: the token, and the visitor's language for the site settings' texts. */
const SingletonQuery = TokenQuery.extend({ lang: z.string().max(10).optional() });

/** The e-mail a form is sent from, for the per-sender rate limit. */
const senderOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; form?: { email?: unknown } } | undefined;
  const email = body?.form?.email ?? body?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

/** What the public content routes use: a client's session signs the contact form in the client area. */
export interface ContentRoutesDeps extends ClientAuthDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  content: ContentService;
}

/**
 * spec §7 public site content calls, served per brand (the Host header decides; the token must be
 * that brand's): pages, page lists, site settings, form submissions; plus the platform contact
 * page and the economic calendar.
 */
export async function contentRoutes(app: App, deps: ContentRoutesDeps) {
  const { config, brands, content } = deps;
  const brandOf = (request: FastifyRequest) => brands.resolve(request.headers.host);
  const max = config.authRateLimitPerMinute;
  const formLimit = attemptLimit(app, { name: 'form', max, account: senderOf });
  const clientAuth = clientAuthenticator(deps);

  app.post(
    '/api/collections/get/page',
    {
      schema: {
        tags: ['content'],
        summary:
          "A published page of this host's brand by slug in `lang`, else in 'en'. Unknown or unpublished: `data: []`",
        querystring: TokenQuery,
        body: PageQueryBody,
        response: { 200: ok(PublishedPageList), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      content.assertContentToken(brand, request.query.token);
      const page = await content.page(brand, request.body.filter.title_slug, request.body.lang);
      return { status: true as const, data: page ? [page] : [] };
    },
  );

  app.get(
    '/api/collections/list/page',
    {
      schema: {
        tags: ['content'],
        summary:
          'Published pages under a slug prefix (blog posts, subpages), newest first, without their components',
        querystring: PageListQuery,
        response: { 200: ok(PageSummaryList), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      content.assertContentToken(brand, request.query.token);
      const { prefix, lang, limit } = request.query;
      return { status: true as const, data: await content.pagesUnder(brand, prefix, lang, limit) };
    },
  );

  app.get(
    '/api/singletons/get/:name',
    {
      schema: {
        tags: ['content'],
        summary:
          "A named settings document of this host's brand, e.g. 'settings' (spec §3 Site settings); its menu, footer links and legal texts in `lang` where translated, else as written",
        params: z.object({ name: z.string().max(64) }),
        querystring: SingletonQuery,
        response: { 200: ok(SingletonData), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      content.assertContentToken(brand, request.query.token);
      const data = await content.singleton(brand, request.params.name, request.query.lang);
      if (!data) throw notFound();
      return { status: true as const, data };
    },
  );

  app.post(
    '/api/forms/submit/:form',
    {
      onRequest: formLimit.onRequest,
      preHandler: formLimit.preHandler,
      schema: {
        tags: ['content'],
        summary:
          "Submits a public form (spec §7; 'contact': name, email, message) with the brand's forms token; stored and mailed to the brand",
        params: z.object({ form: z.string().max(64) }),
        querystring: TokenQuery,
        body: FormSubmitBody,
        response: {
          200: ok(MessageReceived),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      content.assertFormsToken(brand, request.query.token);
      const { form } = request.params;
      if (!isPublicForm(form)) throw notFound();
      const parsed = validateInput(FORM_SCHEMAS[form], request.body.form);
      if (!parsed.ok) throw invalidFields(parsed.errors.map((e) => ({ ...e, path: `form.${e.path}` })));
      await content.submitForm(brand, form, parsed.value, { ip: request.ip, log: request.log });
      return { status: true as const, data: { received: true as const } };
    },
  );

  app.post(
    '/api/contact',
    {
      onRequest: formLimit.onRequest,
      preHandler: formLimit.preHandler,
      schema: {
        tags: ['content'],
        summary:
          "The platform contact page (spec §7 'POST contact endpoint'): first_name, last_name, email, phone, message; stored and mailed to the brand",
        body: PlatformContactBody,
        response: { 200: ok(MessageReceived), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      const { token, ...values } = request.body;
      // A logged-in client's message names the account, so the desk can find it at once.
      const client = token ? await clientAuth(request).catch(() => undefined) : undefined;
      const account = client ? { client_pin: client.user.pin, client_email: client.user.email } : {};
      await content.submitForm(
        brand,
        'platform-contact',
        { ...values, ...account },
        { ip: request.ip, log: request.log },
      );
      return { status: true as const, data: { received: true as const } };
    },
  );

  app.get(
    '/api/economics/events',
    {
      schema: {
        tags: ['content'],
        summary:
          'Economic calendar events (spec §2), oldest first; from/until ISO dates (default: 7 days back, 14 ahead), impact and currency comma lists. 404 when the brand has no economics',
        querystring: EventsQuery,
        response: { 200: ok(EconomicEventList), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const brand = await brandOf(request);
      if (!brand.settings.features.economics) throw notFound();
      const now = Date.now();
      const { from, until, impact, currency } = request.query;
      const data = await content.events({
        from: from ?? new Date(now - 7 * DAY_MS),
        until: until ?? new Date(now + 14 * DAY_MS),
        ...(impact ? { impacts: impact } : {}),
        ...(currency ? { currencies: currency } : {}),
        limit: 500,
      });
      return { status: true as const, data };
    },
  );
}
