import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDbKind } from './test/harness.js';

/**
 * The server as an operator starts it: a real process, real port, real signals.
 * On the postgres run the process gets DATABASE_URL, as `DATABASE_URL=postgres://… npm start` would.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const drop of drops) await drop();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-main-'));
  if (testDbKind === 'pglite') return { DATA_DIR: dataDir };
  const created = await createPostgresDatabase();
  drops.push(created.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: created.url };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`starting and stopping the server process (${testDbKind})`, () => {
  it('starts, prints the URL and the demo logins, serves, and stops cleanly within 5 s of Ctrl-C', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), ...(await databaseEnv()) });
    await waitFor(() => server.output().includes('Press Ctrl-C to stop.'));
    expect(server.output()).toContain(`OpenBroker is running on http://localhost:${port}`);
    expect(server.output()).toContain('demo@example.com');
    expect(server.output()).toContain('Demo1234!');

    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);

    const stoppedAt = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(server.output()).toContain('OpenBroker stopped.');
  });

  it('refuses a port in use with one clear line and exit code 1', async () => {
    const blocker = net.createServer().listen(0, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = start({ PORT: String(port), ...(await databaseEnv()) });
      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toBe(
        `openbroker: port ${port} is already in use. Stop the other process or set PORT.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad setting naming the variable, before touching anything', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'openbroker: Invalid configuration: PORT must be a whole number from 0 to 65535, got "eighty"',
    );
  });

  it('refuses an unreachable database with one clear line', async () => {
    const port = await freePort();
    const server = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere` });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^openbroker: Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/nowhere/,
    );
    expect(lines[0]).toContain('unset DATABASE_URL to use the embedded database');
  });
});
