import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLog: string;
    dataDir: string;
    /** A one-time auto-login link of the demo client (`cli login-code`), or '' when it could not be made. */
    autoLoginUrl: string;
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
const freshPostgresDatabase = (base: string) => createScratchDatabase(base, 'ob_e2e');

/** Runs a command in the repository root; answers its exit status and output. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ ok: !error, stdout, stderr: stderr || (error?.message ?? '') }),
    );
  });
}

/**
 * Makes an auto-login link with the operator CLI (`cli migrate`, then `cli login-code <email>`). It runs
 * before the server starts: the embedded database belongs to one process at a time, and operator commands
 * never create a database, so `migrate` sets it up first (a demo: new data directory, or DEMO=true).
 * Answers the link's path ('/autoLogin/<code>'), or '' with the reason on stderr.
 */
async function loginCodePath(env: NodeJS.ProcessEnv, email: string): Promise<string> {
  const cli = path.join(root, 'apps/server/dist/cli.js');
  for (const args of [['migrate'], ['login-code', email]]) {
    const result = await run(process.execPath, [cli, ...args], env);
    if (!result.ok) {
      process.stderr.write(`e2e: cli ${args[0]} failed, auto-login journeys will fail: ${result.stderr}\n`);
      return '';
    }
    if (args[0] === 'login-code') return /\/autoLogin\/[A-Za-z0-9_-]+/.exec(result.stdout)?.[0] ?? '';
  }
  return '';
}

/**
 * After the journeys, the README's ledger check (`npm run cli -- ledger:verify`) on the server's own
 * database, with the server stopped (the embedded database belongs to one process). A failure fails
 * the run: the exit code, and, when LEDGER_VERIFY_JSON names a file (CI), a report the summary counts.
 */
async function verifyLedger(env: NodeJS.ProcessEnv): Promise<void> {
  const result = await run('npm', ['run', 'cli', '--', 'ledger:verify'], env);
  const report = process.env.LEDGER_VERIFY_JSON;
  if (report) {
    fs.writeFileSync(
      report,
      JSON.stringify({
        numPassedTests: result.ok ? 1 : 0,
        numFailedTests: result.ok ? 0 : 1,
        numFailedTestSuites: 0,
        testResults: [],
      }),
    );
  }
  if (result.ok) {
    process.stdout.write(`e2e: ${result.stdout.trim().split('\n').at(-1)}\n`);
    return;
  }
  process.exitCode = 1;
  throw new Error(`e2e: npm run cli -- ledger:verify failed after the journeys:\n${result.stderr}`);
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
  };
  const autoLoginPath = await loginCodePath(env, 'demo@example.com');
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
  project.provide('baseURL', baseURL);
  project.provide('serverLog', serverLog);
  project.provide('dataDir', dataDir);
  project.provide('autoLoginUrl', autoLoginPath ? `${baseURL}${autoLoginPath}` : '');

  return async () => {
    child.kill('SIGINT');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.closeSync(log);
    try {
      await verifyLedger(env);
    } finally {
      await postgres?.drop();
    }
  };
}
