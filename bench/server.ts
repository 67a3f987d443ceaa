import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { AppContext } from '../apps/server/src/context.js';
import type { App } from '../apps/server/src/http.js';
import { attachRealtime, type Realtime } from '../apps/server/src/realtime/socket-server.js';
import { openRuntime } from '../apps/server/src/runtime.js';

export interface BenchServer {
  app: App;
  ctx: AppContext;
  realtime: Realtime;
  /** Base URL of the listening server on loopback. */
  url: string;
  close(): Promise<void>;
}

/**
 * The server as `npm start` builds it (runtime, app, sockets), listening on a free loopback port,
 * with no live feed (benchmarks push their own quotes) and on an in-memory embedded database unless
 * `databaseUrl` is given.
 */
export async function startBenchServer(databaseUrl?: string): Promise<BenchServer> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The benchmarks trade with the demo accounts and deposit through the sandbox provider.
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    WEB_DIST_DIR: '/nonexistent',
  });
  const runtime = await openRuntime(config, { live: true });
  const app = await buildApp(runtime.ctx, { logger: false });
  const realtime = await attachRealtime(app.server, runtime.ctx);
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    ctx: runtime.ctx,
    realtime,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await realtime.close();
      await app.close();
      await runtime.close();
    },
  };
}
