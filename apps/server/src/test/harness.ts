import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import type { App } from '../http.js';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../realtime/socket-server.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { type SeededDatabase, seedKey } from './seeded-database.js';
import { defaultTestEnv } from './test-env.js';

/**
 * Test databases. Every suite gets a migrated, seeded database of its own:
 * - TEST_DB=pglite (always): an in-memory PGlite;
 * - TEST_DB=postgres (when DATABASE_URL is set, as in CI): a new database on that server,
 *   dropped when the suite ends.
 * It is a copy of the database seeded once per run (seeded-database.ts, the projects' globalSetup) unless
 * the suite's overrides change what the seed writes (seedKey) or it asks for `ownSeed`: then it is migrated
 * and seeded on open, as on a first start (docs/testing.md).
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
  /**
   * Migrate and seed a database of its own, as a first start does, instead of copying the database
   * seeded once per run (which a suite gets whenever its overrides leave the seed as it is).
   */
  ownSeed?: boolean;
}

export async function createTestServer(
  overrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const env: Record<string, string | undefined> = {
    ...defaultTestEnv(),
    // Suites share the CI Redis: each gets its own key space.
    REDIS_PREFIX: `ob:test:${randomBytes(4).toString('hex')}:`,
    // Uploaded documents of this suite only, removed when it ends.
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ob-test-uploads-')),
    ...overrides,
  };
  if (process.env.REQUIRE_SERVICES === '1' && !env.REDIS_URL) {
    throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');
  }
  // A copy of the database seeded once per run, unless the overrides change what the seed writes.
  const seeded = inject('seededDatabase') as SeededDatabase | undefined;
  const copySeeded = (config: Config) =>
    seeded?.kind === testDbKind && !options.ownSeed && seedKey(config) === seeded.seed ? seeded : undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let snapshot: string | undefined;
  if (testDbKind === 'postgres') {
    const base = process.env.DATABASE_URL;
    const template = copySeeded(loadConfig({ ...env, DATABASE_URL: base } as NodeJS.ProcessEnv));
    const created = await createPostgresDatabase(
      template?.kind === 'postgres' ? template.template : undefined,
    );
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig(env as NodeJS.ProcessEnv);
  if (testDbKind === 'pglite' && config.dataDir.startsWith('memory://') && !config.databaseUrl) {
    const template = copySeeded(config);
    if (template?.kind === 'pglite') snapshot = template.snapshot;
  }
  const runtime = await openRuntime(config, {
    live: true,
    ...(snapshot ? { embeddedSnapshot: snapshot } : {}),
  });
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

/** Creates a database on the DATABASE_URL server, empty or a copy of `template`; `drop` removes it. */
export async function createPostgresDatabase(template?: string): Promise<ScratchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return createScratchDatabase(base, 'ob_test', template ? { template } : {});
}
