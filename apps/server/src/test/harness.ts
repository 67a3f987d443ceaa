import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { App } from '../http.js';
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
}

export async function createTestServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: undefined,
    REDIS_URL: process.env.REDIS_URL,
    // Suites share the CI Redis: each gets its own key space.
    REDIS_PREFIX: `ob:test:${randomBytes(4).toString('hex')}:`,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Uploaded documents of this suite only, removed when it ends.
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ob-test-uploads-')),
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
  const runtime = await openRuntime(config);
  const app = await buildApp(runtime.ctx, { logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await dropDatabase?.();
    if (env.UPLOAD_DIR) fs.rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
  });
  return { app, runtime, config };
}

/** Creates an empty database on the DATABASE_URL server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `ob_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
