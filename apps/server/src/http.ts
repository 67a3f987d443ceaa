import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance type every module registers its routes on (zod-typed requests). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The success envelope of architecture §4: `{status: true, data}`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

/** The error envelope of architecture §4, documented on every route. */
export const ErrorBody = z.object({
  status: z.literal(false),
  code: z.string(),
  key: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        key: z.string(),
        params: z.record(z.string(), z.unknown()).optional(),
        message: z.string(),
      }),
    )
    .optional(),
});

/**
 * Whether a request carries a session or an operator credential: a bearer header, or the spec's
 * `token` in the JSON body or the query (spec §7 calls carry it either way).
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const body = request.body as { token?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string' && body.token !== '') return true;
  const query = request.query as { token?: unknown } | undefined;
  return !!query && typeof query.token === 'string' && query.token !== '';
}

/**
 * onSend hook: an answer to a request with credentials, and any /api answer that has not
 * declared itself cacheable (login, registration and profile answers carry personal data and tokens),
 * is `Cache-Control: no-store`, so no browser cache, proxy or shared computer keeps a copy.
 */
export async function noStoreForPrivateAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const api = request.url === '/api' || request.url.startsWith('/api/');
  if (carriesCredentials(request) || (api && !reply.hasHeader('cache-control'))) {
    reply.header('cache-control', 'no-store');
  }
  return payload;
}
