import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { rolesWith, type StaffPolicy } from '@openbroker/domain';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../http.js';

/**
 * The OpenAPI document served at /api/docs (docs/api.md). OpenAPI 3.1, so a nullable
 * value is a JSON Schema type array or `anyOf` with `{type: 'null'}`, never 3.0's `nullable`.
 *
 * Routes declare their schemas as before; this transform completes every operation so the document
 * lints clean with Redocly's `recommended` rules without each route repeating it (`npm run api:check`):
 * - `operationId`: derived from method and path (`GET /api/backoffice/clients/:id` →
 *   `getBackofficeClientsById`), unless the route declares one; made unique over the document;
 * - `security`: what the route declares; else the brand token when it takes the spec's `?token=`
 *   (content and forms); else `[]`, stated explicitly: a public operation;
 * - a `4XX` answer in the error envelope when the route documents none, and a generic `200` when it
 *   documents no success (a file, CSV or metrics answer);
 * - back-office routes: the staff bearer scheme and their policy (`x-staff-policy`).
 */
export const OPENAPI_VERSION = '3.1.0';

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A client session token (POST /api/accounts/login). Spec §7 calls also accept it as `token` in the body or query.',
  },
  affiliate: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An affiliate session token (POST /api/affiliate/login); spec calls also accept `token` in the body.',
  },
  staff: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A back-office staff session token (POST /api/backoffice/auth/login, two-factor sign-in set up). Client and affiliate tokens are refused.',
  },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token (DATA_DIR/operator-token)',
  },
  brandToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description:
      "The brand's content token (collections, singletons) or forms token (forms) of spec §7, from the brand settings.",
  },
} as const;

type Security = Array<Record<string, string[]>>;
type Schema = Record<string, unknown> & {
  security?: Security;
  response?: Record<string, unknown>;
  querystring?: unknown;
  operationId?: string;
  summary?: string;
  hide?: boolean;
};

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A path segment as words: `export.csv` → `ExportCsv`, `reset-2fa` → `Reset2fa`, `:id` → `ById`. */
function segmentName(segment: string): string {
  const param = /^(?::|\{)(\w+)\}?$/.exec(segment);
  if (param?.[1]) return `By${upperFirst(param[1])}`;
  if (segment === '*') return 'Any';
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(upperFirst)
    .join('');
}

/**
 * The operationId of a route without one: the method and the path's segments after `/api`, in camel
 * case (`POST /api/backoffice/staff/{id}/reset-2fa` → `postBackofficeStaffByIdReset2fa`). Stable:
 * it changes only when the method or the path does.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const name = segments.map(segmentName).join('');
  return `${method.toLowerCase()}${name || 'Root'}`;
}

/** Whether a zod query schema has the spec's `token` parameter (the brand's content or forms token). */
function takesQueryToken(querystring: unknown): boolean {
  const shape = (querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && typeof shape === 'object' && 'token' in shape;
}

/** The security requirement of a route as documented (see the module comment). */
export function securityOf(url: string, schema: Schema): Security {
  const declared = schema.security;
  if (declared) {
    const realm = url.startsWith('/api/backoffice/')
      ? 'staff'
      : url.startsWith('/api/affiliate/')
        ? 'affiliate'
        : undefined;
    // Back-office and affiliate routes declare `bearer`; their tokens are their own kinds, so the
    // document names the scheme that actually answers.
    return realm ? declared.map((req) => ('bearer' in req ? { [realm]: req.bearer ?? [] } : req)) : declared;
  }
  if (takesQueryToken(schema.querystring)) return [{ brandToken: [] }];
  return [];
}

const hasAnswer = (response: Record<string, unknown> | undefined, kind: '2' | '4') =>
  Object.keys(response ?? {}).some((code) => code.startsWith(kind));

/** The answer of a route that documents no success (files, CSV, metrics): any content, see its summary. */
const SUCCESS = {
  description: 'Success: what is answered is in the summary',
  content: { '*/*': { schema: z.unknown() } },
};

/** The `4XX` answer added to a route that documents no client error: the error envelope. */
const CLIENT_ERROR = {
  description:
    'A client error (malformed request, unknown resource, too many requests), in the error envelope',
  content: { 'application/json': { schema: ErrorBody } },
};

function policyExtension(policy: StaffPolicy) {
  return {
    permission: policy.permission,
    roles: policy.public
      ? []
      : policy.permission
        ? rolesWith(policy.permission)
        : ['any signed-in staff member'],
    brandScoped: policy.brandScoped,
    ...(policy.public ? { public: true } : {}),
    ...(policy.duringEnrolment ? { duringEnrolment: true } : {}),
  };
}

/** The per-route transform: completes the route's schema, then converts its zod schemas to JSON Schema. */
export const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (document) => {
  const schema = (document.schema ?? {}) as Schema;
  if (schema.hide) return jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const route = document.route as RouteOptions;
  const policy = (route.config as { policy?: StaffPolicy } | undefined)?.policy;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const completed: Schema = {
    ...schema,
    summary: schema.summary ?? `${methods.join(', ')} ${document.url}`,
    security: securityOf(document.url, schema),
    response: {
      ...(hasAnswer(schema.response, '2') ? {} : { 200: SUCCESS }),
      ...schema.response,
      ...(hasAnswer(schema.response, '4') ? {} : { '4XX': CLIENT_ERROR }),
    },
    ...(policy ? { 'x-staff-policy': policyExtension(policy) } : {}),
  };
  return jsonSchemaTransform({ ...document, schema: completed } as Parameters<typeof jsonSchemaTransform>[0]);
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The whole-document transform: an operationId on every operation, unique (a second use of a name
 * gets a number; a route registered for several methods gets one per method).
 */
export const completeDocument: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (
  documentObject,
) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  const doc = openapiObject as { paths?: Record<string, Record<string, unknown>> };
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (!operation) continue;
      const base = operation.operationId ?? operationIdOf(method, path);
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}${n}`;
      used.add(id);
      // A copy: one operation object is shared by every method of a multi-method route.
      item[method] = { ...operation, operationId: id };
    }
  }
  return openapiObject;
};

/** The options of @fastify/swagger (app.ts). */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'OpenBroker API',
        description:
          'Client area, trading, payments, content, affiliate and back-office API. Envelope: `{status, data}` or ' +
          '`{status: false, code, key, message}`. The socket events are described in the AsyncAPI document at ' +
          '`/api/docs/asyncapi.json` (docs/api.md).',
        version: '0.1.0',
      },
      // Same origin as the web app: relative to where the document is served from.
      servers: [{ url: '/', description: 'This OpenBroker server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    } as FastifyDynamicSwaggerOptions['openapi'],
    transform: documentRoute,
    transformObject: completeDocument,
  };
}
