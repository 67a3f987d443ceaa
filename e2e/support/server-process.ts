import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseURL: string;
  serverLog: string;
  dataDir: string;
  /** The environment it runs with (for operator commands on its database). */
  env: NodeJS.ProcessEnv;
  /** Ctrl-C, as a person stops `npm start`; resolves once it has exited. */
  stop(): Promise<void>;
  /** Drops its PostgreSQL database (nothing to do on the embedded one). */
  dropDatabase(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra or overriding environment, e.g. a market feed of the test's own. */
  env?: NodeJS.ProcessEnv;
  /** Runs with the final environment before the server starts (operator commands on a new database). */
  beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

/**
 * Starts the built server exactly as `npm start` runs it (node apps/server/dist/main.js) on a fresh embedded
 * database in a new data directory, or, when DATABASE_URL is set, on a fresh database of that PostgreSQL server,
 * and waits until it answers /api/ready.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
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
  // A new empty database on the DATABASE_URL server, so journeys never see another run's data.
  const postgres = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'ob_e2e')
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    // The journeys use the demo accounts and the sandbox provider. The embedded database on a new
    // data directory is a demo by default (as `npm start` on a fresh clone; it then listens on
    // 127.0.0.1, which the journeys' localhost and *.localhost addresses reach); PostgreSQL must say so.
    DEMO: postgres ? 'true' : '',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    PUBLIC_URL: `http://localhost:${port}`,
    // Journeys log in many times from one address; the limit itself is covered by API tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // The auto-login link is made before every spec runs and used by one of them, maybe much later.
    LOGIN_CODE_TTL_MINUTES: '240',
    ...options.env,
  };
  await options.beforeStart?.(env);
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env,
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
  return {
    baseURL,
    serverLog,
    dataDir,
    env,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      fs.closeSync(log);
    },
    async dropDatabase() {
      await postgres?.drop();
    },
  };
}

/**
 * The README's ledger check (`npm run cli -- ledger:verify`) on a journey's own server database, once that server has
 * stopped (the embedded database belongs to one process): whether it passed, and what it printed.
 */
export function verifyLedgerOf(server: ServerProcess): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) =>
    execFile(
      'npm',
      ['run', 'cli', '--', 'ledger:verify'],
      { cwd: root, env: server.env },
      (error, stdout, stderr) => resolve({ ok: !error, out: `${stdout}\n${stderr}` }),
    ),
  );
}
