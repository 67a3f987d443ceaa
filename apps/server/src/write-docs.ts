/**
 * Writes the API descriptions of an app built in-process (no port, no live market) to a directory:
 * openapi.json (as GET /api/docs/json serves it) and asyncapi.json (GET /api/docs/asyncapi.json).
 * Used by `npm run api:check` (docs/api.md), which then lints them with Redocly and compiles a
 * client generated with openapi-typescript.
 *
 *   tsx apps/server/src/write-docs.ts <directory>
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openRuntime } from './runtime.js';

/** The documents of a freshly built app (an in-memory database, demo mode: every route is registered). */
export async function apiDocuments(): Promise<{ openapi: unknown; asyncapi: unknown }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DEMO: 'true',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    STAFF_TOTP_KEY: 'api-description-only-staff-totp-key-0123456789',
  } as NodeJS.ProcessEnv);
  const runtime = await openRuntime(config);
  try {
    const app = await buildApp(runtime.ctx, { logger: false });
    try {
      await app.ready();
      const openapi = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const asyncapi = (await app.inject({ method: 'GET', url: '/api/docs/asyncapi.json' })).json();
      return { openapi, asyncapi };
    } finally {
      await app.close();
    }
  } finally {
    await runtime.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: write-docs.ts <directory>\n');
    process.exit(2);
  }
  const { openapi, asyncapi } = await apiDocuments();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'openapi.json'), `${JSON.stringify(openapi, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'asyncapi.json'), `${JSON.stringify(asyncapi, null, 2)}\n`);
  process.stdout.write(`API descriptions written to ${dir}\n`);
}
