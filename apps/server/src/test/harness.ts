import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { afterAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import type { App } from '../http.js';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../realtime/socket-server.js';
import { openRuntime, type Runtime } from '../runtime.js';

/**
 * Test databases. Every suite gets a fresh, migrated, seeded database of its own:
 * - TEST_DB=pglite (always): an in-memory PGlite;
 * - TEST_DB=postgres (when DATABASE_URL is set, as in CI): a new database on that server,
 *   dropped when the suite ends.
 * With REQUIRE_SERVICES=1 a missing or unreachable PostgreSQL/Redis fails instead of skipping.
 */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestServer {
  app: App;
  runtime: Runtime;
  config: Config;
  /** Set with `{sockets: true}`: the listening server's base URL (sockets need a real port). */
  url?: string;
  /** Set with `{sockets: true}`: the Socket.IO namespaces. */
  realtime?: Realtime;
}

export interface TestServerOptions {
  /** Listen on a free port and attach the Socket.IO namespaces. */
  sockets?: boolean;
  /**
   * Write the log (app and sockets, JSON lines, redacted as in production) to this stream; set
   * LOG_LEVEL in the overrides too. Default: no log.
   */
  logStream?: DestinationStream;
  /** Options of the Socket.IO namespaces (with `sockets`), e.g. a short back-office recheck. */
  realtime?: Pick<RealtimeOptions, 'backofficeRecheckMs'>;
}

export async function createTestServer(
  overrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: undefined,
    // Suites rely on the demo data and the sandbox provider; a suite of a real deployment says DEMO=false.
    DEMO: 'true',
    REDIS_URL: process.env.REDIS_URL,
    // Suites share the CI Redis: each gets its own key space.
    REDIS_PREFIX: `ob:test:${randomBytes(4).toString('hex')}:`,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // No live feed and no generated history: tests push the quotes they need (ctx.market.ingest).
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    // Uploaded documents of this suite only, removed when it ends.
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ob-test-uploads-')),
    // Suites of a real deployment (DEMO=false) need their own key; a demo would use the development one.
    STAFF_TOTP_KEY: 'staff-totp-key-of-the-test-suites-0123456789',
    BRAND_SECRETS_KEY: 'brand-secrets-key-of-the-test-suites-0123456789',
    ...overrides,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  if (process.env.REQUIRE_SERVICES === '1' && !env.REDIS_URL) {
    throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');
  }
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const runtime = await openRuntime(config, { live: true });
  const app = await buildApp(
    runtime.ctx,
    options.logStream ? { logStream: options.logStream } : { logger: false },
  );
  const realtime = options.sockets
    ? await attachRealtime(app.server, runtime.ctx, { log: app.log, ...options.realtime })
    : undefined;
  await app.ready();
  let url: string | undefined;
  if (options.sockets) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  afterAll(async () => {
    await realtime?.close();
    await app.close();
    await runtime.close();
    await dropDatabase?.();
    if (env.UPLOAD_DIR) fs.rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
  });
  return { app, runtime, config, ...(url ? { url } : {}), ...(realtime ? { realtime } : {}) };
}

/** Creates an empty database on the DATABASE_URL server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<ScratchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return createScratchDatabase(base, 'ob_test');
}
