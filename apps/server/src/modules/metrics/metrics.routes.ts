import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';
import { AppError } from '../../lib/errors.js';
import { type Metrics, statusClass } from './metrics.js';

/** Route label of requests no route matched (404s and the web app's SPA fallback). */
const UNMATCHED = 'unmatched';

/**
 * Records every HTTP answer: latency by route pattern, method and status class, and 429s as
 * rate-limit refusals by route. Added on the root instance, so it sees every route.
 */
export function observeHttp(app: App, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The pattern ('/api/transactions/get/:token'), never the URL: no tokens in labels, few series.
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.httpRequestSeconds.observe(
      { route, method: request.method, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    // Every 429 this server sends comes from a rate limit (lib/rate-limit.ts, @fastify/rate-limit).
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
  });
}

/** '::ffff:127.0.0.1' → '127.0.0.1'. */
const unmapped = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

/** The loopback addresses: 127.0.0.0/8 and ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = unmapped(address);
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * A request from this machine itself. The TCP peer is used, not `request.ip`: with TRUST_PROXY
 * that would come from X-Forwarded-For, which a client can write. A request a proxy relayed
 * (it carries forwarding headers) is not local even when the proxy runs on this machine.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a bearer token in constant time (digests have equal length whatever was sent). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics in the Prometheus text format, on the main port. Answered to loopback callers
 * (a Prometheus or agent on the same machine) and to callers with `Authorization: Bearer
 * <METRICS_TOKEN>`; anyone else gets 401 (a token is configured) or 403 (none is).
 */
export async function metricsRoutes(app: App, ctx: AppContext) {
  const { registry } = ctx.metrics;
  const token = ctx.config.metricsToken;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics (text format). Loopback callers, or `Authorization: Bearer <METRICS_TOKEN>`',
      },
    },
    async (request, reply) => {
      if (!(token !== undefined && bearerMatches(request, token)) && !isLocalRequest(request)) {
        if (token === undefined) throw new AppError(403, 'METRICS_FORBIDDEN', 'error.forbidden');
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'METRICS_UNAUTHORIZED', 'error.forbidden');
      }
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    },
  );
}
