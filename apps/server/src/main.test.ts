import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SANDBOX_SECRET, EMBEDDED_DATABASE_DIR } from './config.js';
import { brands, transactions, users } from './db/schema.js';
import { firstAccountOf } from './test/accounts-kit.js';
import { createPostgresDatabase, createTestServer, testDbKind } from './test/harness.js';
import { paymentKit } from './test/payments-kit.js';

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

/**
 * A fresh database as `npm start` gets it: an empty DATA_DIR (a demo by default), or a new
 * PostgreSQL database, which is a demo only with DEMO=true (`demo: false` leaves DEMO unset there).
 */
async function databaseEnv({ demo = true } = {}): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-main-'));
  if (testDbKind === 'pglite') return { DATA_DIR: dataDir, ...(demo ? {} : { DEMO: 'false' }) };
  const created = await createPostgresDatabase();
  drops.push(created.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: created.url, ...(demo ? { DEMO: 'true' } : {}) };
}

/** A token of the operator API, as an operator would generate it. */
const OPERATOR_TOKEN = 'op-token-0123456789abcdef0123456789';
const STAFF_TOTP_KEY = 'staff-totp-key-of-the-main-suite-0123456789';
const BRAND_SECRETS_KEY = 'brand-secrets-key-of-the-main-suite-0123456789';
const AUDIT_KEY = 'audit-key-of-the-main-suite-0123456789abcdef';
/** The address clients use, required outside demo mode. */
const PUBLIC_URL = 'https://broker.example.com';

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

/**
 * Waits until `check` holds. The bound only catches a server that hangs: a fresh embedded database is migrated
 * and seeded and a year of prices generated before the banner, which takes a few seconds alone and over a minute
 * on a 2-core machine running two test suites; the wait ends as soon as the banner appears.
 */
async function waitFor(check: () => boolean, ms = 180_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for the start banner; a server that exits instead fails the test with what it printed. */
async function banner(server: Started) {
  await waitFor(() => server.output().includes('Press Ctrl-C to stop.') || server.child.exitCode !== null);
  if (server.child.exitCode !== null)
    throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
}

// A test waits for a start banner (waitFor), a start and a stop: its limit is above those waits, as another file
// runs beside it (two workers) and a loaded machine starts a process slowly.
describe(`starting and stopping the server process (${testDbKind})`, { timeout: 300_000 }, () => {
  it('starts, prints the URL and the demo logins, serves, and stops cleanly within 5 s of Ctrl-C', async () => {
    const port = await freePort();
    const env = await databaseEnv();
    const server = start({ PORT: String(port), ...env });
    await banner(server);
    expect(server.output()).toContain(`OpenBroker is running on http://localhost:${port}`);
    expect(server.output()).toMatch(/mode: {5}DEMO \((new embedded database|DEMO=true)\)/);
    expect(server.output()).toContain('sandbox payments ON');
    if (env.DEMO === 'true') {
      // Asked for with DEMO=true, the default HOST is every interface: the banner says others can reach it.
      expect(server.output()).toContain('WARNING:  this demo listens on 0.0.0.0');
    } else {
      // A demo nobody asked for (DEMO unset) listens on this machine only: another address of it
      // (127.0.0.2 is loopback too, but not the address bound) is refused.
      expect(server.output()).toContain('listens:  127.0.0.1 (this machine only');
      expect(server.output()).not.toContain('WARNING');
      await expect(fetch(`http://127.0.0.2:${port}/api/ready`)).rejects.toThrow();
    }
    expect(server.output()).not.toMatch(/several nodes|nodes supported/i);
    expect(server.output()).toContain('one server per database');
    expect(server.output()).toContain('demo@example.com');
    expect(server.output()).toContain('Demo1234!');
    // The demo staff sign in with a TOTP code: their public secrets are printed too.
    expect(server.output()).toMatch(
      /compliance +compliance@example\.com +Staff1234! +HVNFDQIVZEQ7EUMGSOSBXPD5S7HGJYRM/,
    );

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
    const server = start({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere`,
      OPERATOR_TOKEN,
      PUBLIC_URL,
      STAFF_TOTP_KEY,
      BRAND_SECRETS_KEY,
      AUDIT_KEY,
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^openbroker: Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/nowhere/,
    );
    expect(lines[0]).toContain('unset DATABASE_URL to use the embedded database');
  });
  it('refuses a production-like start without secrets, naming the variable, before touching anything', async () => {
    const env = await databaseEnv({ demo: false });
    const server = start({ PORT: String(await freePort()), MARKET_HISTORY: 'false', ...env });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^openbroker: Unsafe configuration outside demo mode \((DEMO=false|PostgreSQL and DEMO not set)\): OPERATOR_TOKEN must be set/,
    );
    expect(fs.existsSync(path.join(env.DATA_DIR ?? '', EMBEDDED_DATABASE_DIR))).toBe(false);
  });

  it('refuses to share a demo DEMO did not ask for on HOST=0.0.0.0, before touching anything', async () => {
    // A new embedded data directory is a demo by default; HOST=0.0.0.0 would offer its free sandbox to anyone.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-main-'));
    const server = start({ PORT: String(await freePort()), DATA_DIR: dataDir, HOST: '0.0.0.0' });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'openbroker: DEMO is not set and this would serve a demo (new embedded database: public demo logins, sandbox deposits without payment) on HOST=0.0.0.0. Set DEMO=true to share a demo on purpose, or DEMO=false with the production settings (OPERATOR_TOKEN, PUBLIC_URL; docs/operations.md), or unset HOST to keep the demo on this machine.',
    );
    expect(fs.existsSync(path.join(dataDir, EMBEDDED_DATABASE_DIR))).toBe(false);
  });

  it('refuses outside demo mode without PUBLIC_URL, naming it', async () => {
    const env = await databaseEnv({ demo: false });
    const server = start({ PORT: String(await freePort()), ...env, OPERATOR_TOKEN });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^openbroker: Unsafe configuration outside demo mode \(.*\): PUBLIC_URL must be set to the address clients reach this server at/,
    );
    expect(fs.existsSync(path.join(env.DATA_DIR ?? '', EMBEDDED_DATABASE_DIR))).toBe(false);
  });

  it('refuses the sandbox outside demo mode while its secret is the public default', async () => {
    const env = await databaseEnv({ demo: false });
    const server = start({
      PORT: String(await freePort()),
      ...env,
      OPERATOR_TOKEN,
      PUBLIC_URL,
      PAYMENT_SANDBOX: 'true',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PAYMENT_SANDBOX_SECRET must be set to your own secret');
  });

  it('starts outside demo mode with its secrets: announced, no demo logins, no sandbox', async () => {
    const port = await freePort();
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      MARKET_HISTORY: 'false',
      OPERATOR_TOKEN,
      PUBLIC_URL,
      STAFF_TOTP_KEY,
      BRAND_SECRETS_KEY,
      AUDIT_KEY,
      ...(await databaseEnv({ demo: false })),
    });
    await banner(server);
    expect(server.output()).toMatch(/mode: {5}production \(.*\); sandbox payments off/);
    expect(server.output()).not.toContain('WARNING');
    expect(server.output()).not.toContain('Demo1234!');
    expect(server.output()).not.toContain('Staff1234!');
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    const form = await fetch(`http://127.0.0.1:${port}/sandbox/form`, { method: 'POST', body: 'a=b' });
    expect(form.status).toBe(404);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses a second server on the same database with one clear line (one node until clustering)', async () => {
    const env = { MARKET_HISTORY: 'false', ...(await databaseEnv()) };
    const firstPort = await freePort();
    const first = start({ PORT: String(firstPort), ...env });
    await banner(first);
    // PostgreSQL: another DATA_DIR, so only the database is shared; PGlite: the same data directory.
    const second = start({
      PORT: String(await freePort()),
      ...env,
      ...(testDbKind === 'postgres' ? { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ob-main-')) } : {}),
    });
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      testDbKind === 'postgres'
        ? /^openbroker: Another OpenBroker server already runs the trading engine on PostgreSQL .* Only one server per database is supported for now: stop the other server, or give this one its own database\.$/
        : new RegExp(
            `^openbroker: The embedded database in .* is in use by another OpenBroker process \\(pid ${first.child.pid}\\)`,
          ),
    );
    // The first server is unharmed and, once stopped, frees the database for the next one.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/ready`)).status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const third = start({ PORT: String(await freePort()), ...env });
    await banner(third);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);
});

describe(`a deployment outside demo mode has no free money (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ DEMO: 'false', OPERATOR_TOKEN, PUBLIC_URL });
  const { db } = runtime.ctx.database;
  // The one way to a client here: registration, which the non-demo seed leaves off, turned on.
  const [brand] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!brand) throw new Error('default brand missing');
  const seededProviders = brand.settings.payments ?? [];
  await db
    .update(brands)
    .set({
      settings: {
        ...brand.settings,
        features: { ...brand.settings.features, registrationEnabled: true },
        // As if an operator kept the demo's provider list: the sandbox entries must still do nothing.
        payments: [
          { key: 'card-1', type: 'sandbox-card', flow: 'redirect' },
          { key: 'card-2', type: 'sandbox-card', flow: 'form' },
          { key: 'wallet', type: 'sandbox-alternative', title: 'E-Wallet' },
          { key: 'cashier', type: 'sandbox-cashier', title: 'Cashier' },
        ],
      },
    })
    .where(eq(brands.id, brand.id));
  const kit = paymentKit(app, db, DEVELOPMENT_SANDBOX_SECRET);

  it('seeds no demo accounts and no demonstration bank account', async () => {
    expect(runtime.demoAccounts).toBe(false);
    expect(await db.select().from(users).where(eq(users.email, 'demo@example.com'))).toEqual([]);
    expect(seededProviders.map((p) => p.type)).not.toContain('bank-wire');
  });

  it('mounts none of the sandbox pages', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/pay'],
      ['GET', '/sandbox/cashier.js'],
      ['GET', '/sandbox/wallet'],
      ['POST', '/sandbox/form'],
      ['POST', '/sandbox/3ds'],
      ['POST', '/sandbox/cashier/pay'],
    ] as const) {
      expect(app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
    }
    const form = await kit.submit('/sandbox/form', { merchant: 'demo', order_id: 'TX-0000000000' });
    expect(form.statusCode).toBe(404);
  });

  it('offers no sandbox method and refuses a card deposit', async () => {
    const client = await kit.client();
    const methods = await app.inject({ method: 'GET', url: `/api/payments/methods?token=${client.token}` });
    expect(methods.statusCode).toBe(200);
    expect(methods.json().data.methods).toEqual([]);
    const created = await kit.create(client.token, { amount: 300, method: 1 });
    expect(created.statusCode).toBe(422);
    expect(created.json().code).toBe('METHOD_UNAVAILABLE');
  });

  it('books nothing for a webhook signed with the default secret', async () => {
    const client = await kit.client();
    // A card deposit left pending by the sandbox (say, from before the deployment left demo mode).
    await db.insert(transactions).values({
      brandId: brand.id,
      userId: client.id,
      accountId: firstAccountOf(client.id),
      reference: 'TX-FREEMONEY1',
      typeId: 1,
      statusId: 1,
      method: 1,
      provider: 'card-1',
      amount: '300.00',
      currency: 'EUR',
    });
    const before = await kit.balanceOf(client.id);
    const res = await kit.webhook('TX-FREEMONEY1', { amount: '300.00' }).send();
    expect(res.statusCode).toBe(404);
    expect(await kit.balanceOf(client.id)).toBe(before);
    expect((await kit.transaction('TX-FREEMONEY1'))?.statusId).toBe(1);
    expect(await kit.ledgerSum(client.id)).toBe(0);
  });
});
