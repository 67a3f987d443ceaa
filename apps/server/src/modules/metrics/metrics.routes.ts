import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
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

/** Why /metrics is closed when no METRICS_TOKEN is set, for the operator who tries it. */
const TOKEN_REQUIRED =
  'GET /metrics needs METRICS_TOKEN: set it to a random value of at least 24 characters and scrape with `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md, Metrics)';

/** What GET /metrics uses. */
export interface MetricsRoutesDeps {
  metrics: Metrics;
  config: Pick<Config, 'metricsToken' | 'demo'>;
}

/**
 * GET /metrics in the Prometheus text format, on the main port. Answered to callers with
 * `Authorization: Bearer <METRICS_TOKEN>`; in demo mode also to loopback callers without one.
 * Outside demo mode loopback is not enough: a reverse proxy on the same machine that
 * forwards without X-Forwarded-For makes every visitor look local. So with no METRICS_TOKEN set,
 * /metrics is closed there (403 saying to set it); a wrong or missing token is 401.
 */
export async function metricsRoutes(app: App, { metrics, config }: MetricsRoutesDeps) {
  const { registry } = metrics;
  const token = config.metricsToken;
  const loopbackAllowed = config.demo;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics (text format). `Authorization: Bearer <METRICS_TOKEN>`; in demo mode loopback callers need none',
      },
    },
    async (request, reply) => {
      const allowed =
        (token !== undefined && bearerMatches(request, token)) ||
        (loopbackAllowed && isLocalRequest(request));
      if (!allowed) {
        if (token === undefined) {
          const refused = new AppError(403, 'METRICS_TOKEN_REQUIRED', 'error.forbidden');
          return reply.code(403).send({ ...refused.toBody(), detail: TOKEN_REQUIRED });
        }
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'METRICS_UNAUTHORIZED', 'error.forbidden');
      }
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    },
  );
}
