import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type App, ErrorBody } from '../../http.js';

const Health = z.object({ status: z.literal(true), data: z.object({ uptime: z.number() }) });
const Ready = z.object({
  status: z.boolean(),
  data: z.object({
    database: z.enum(['ok', 'down']),
    databaseKind: z.enum(['pglite', 'postgres']),
    redis: z.enum(['ok', 'down', 'not configured']),
  }),
});

/** What the probes ask. */
export interface HealthRoutesDeps {
  database: Pick<Database, 'ping' | 'kind'>;
  redis: Pick<Redis, 'ping'> | undefined;
}

/** Liveness (the process answers) and readiness (its database, and Redis when configured, answer). */
export async function healthRoutes(app: App, deps: HealthRoutesDeps) {
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'Liveness probe', response: { 200: Health } } },
    async () => ({ status: true as const, data: { uptime: Math.round(process.uptime()) } }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness probe: 200 when the database (and Redis, if configured) answer, else 503',
        response: { 200: Ready, 503: Ready, 500: ErrorBody },
      },
    },
    async (_request, reply) => {
      const database = await deps.database.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      const redis = !deps.redis
        ? ('not configured' as const)
        : await deps.redis.ping().then(
            () => 'ok' as const,
            () => 'down' as const,
          );
      const ready = database === 'ok' && redis !== 'down';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready, data: { database, databaseKind: deps.database.kind, redis } });
    },
  );
}
