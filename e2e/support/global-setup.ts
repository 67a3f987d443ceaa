import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLog: string;
    dataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A new empty database on the DATABASE_URL server, so journeys never see another run's data. */
async function freshPostgresDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ob_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts the built server exactly as `npm start` runs it (node apps/server/dist/main.js) on a fresh
 * embedded database, or, when DATABASE_URL is set, on a fresh database of that PostgreSQL server
 * (`DATABASE_URL=postgres://… npm start`).
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'apps/server/dist/main.js');
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(main) || !fs.existsSync(index)) {
    throw new Error(
      'The production build is missing: run `npm run e2e` (it builds first) or `npm run build`.',
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-e2e-'));
  const serverLog = path.join(dataDir, 'server.log');
  const port = await freePort();
  const log = fs.openSync(serverLog, 'a');
  const postgres = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://localhost:${port}`,
      // Journeys log in many times from one address; the limit itself is covered by API tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', log, log],
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${fs.readFileSync(serverLog, 'utf8')}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not become ready:\n${fs.readFileSync(serverLog, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('serverLog', serverLog);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGINT');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.closeSync(log);
    await postgres?.drop();
  };
}
