import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLog: string;
    dataDir: string;
    /** A one-time auto-login link of the demo client (`cli login-code`), or '' when it could not be made. */
    autoLoginUrl: string;
  }
}

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
  let autoLoginPath = '';
  const server = await startServer({
    // The auto-login link is made before the server starts (the embedded database belongs to one process).
    beforeStart: async (env) => {
      autoLoginPath = await loginCodePath(env, 'demo@example.com');
    },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('serverLog', server.serverLog);
  project.provide('dataDir', server.dataDir);
  project.provide('autoLoginUrl', autoLoginPath ? `${server.baseURL}${autoLoginPath}` : '');

  return async () => {
    await server.stop();
    try {
      await verifyLedger(server.env);
    } finally {
      await server.dropDatabase();
    }
  };
}
