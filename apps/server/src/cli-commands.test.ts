import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, OPERATOR_COMMANDS } from './cli-commands.js';
import { auditLog, brands, users } from './db/schema.js';
import { DEMO_BRAND_SETTINGS } from './db/seed.js';
import { jpegBytes, multipart, registerClient } from './test/factories.js';
import { createPostgresDatabase, createTestServer, testDbKind } from './test/harness.js';

describe(`operator commands (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const run = (name: string, ...args: string[]) => {
    const command = OPERATOR_COMMANDS[name];
    if (!command) throw new Error(`no command ${name}`);
    return command.run(ctx, args);
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-cli-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  await db.insert(brands).values({
    slug: 'other',
    name: 'Other Broker',
    hosts: ['other.example.com'],
    settings: DEMO_BRAND_SETTINGS,
  });

  describe('login-code', () => {
    it('prints the full auto-login URL, which logs the client in once', async () => {
      const output = await run('login-code', 'Demo@Example.com');
      const url = output.split('\n').at(-1) ?? '';
      expect(url).toMatch(new RegExp(`^${config.publicUrl}/autoLogin/[A-Za-z0-9_-]{43}$`));
      expect(output).toContain('15 minutes');
      const code = url.split('/').at(-1);
      const first = await app.inject({ method: 'POST', url: `/api/accounts/login/${code}`, payload: {} });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.user.email).toBe('demo@example.com');
      const second = await app.inject({ method: 'POST', url: `/api/accounts/login/${code}`, payload: {} });
      expect(second.statusCode).toBe(401);
    });

    it('makes codes for the client of the brand named with --brand', async () => {
      const client = await registerClient(app, {}, { host: 'other.example.com' });
      await expect(run('login-code', client.email)).rejects.toThrow(
        `No client with the e-mail ${client.email} on brand "demo"`,
      );
      const output = await run('login-code', client.email, '--brand', 'other');
      const code = output.split('/').at(-1);
      const res = await app.inject({
        method: 'POST',
        url: `/api/accounts/login/${code}`,
        headers: { host: 'other.example.com' },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      [['nobody@example.com'], 'No client with the e-mail nobody@example.com'],
      [['demo@example.com', '--brand', 'nope'], 'There is no brand "nope"'],
      [[], 'Usage: npm run cli -- login-code'],
      [['demo@example.com', '--colour', 'red'], "Unknown option '--colour'"],
    ])('explains what is wrong with %j', async (args, message) => {
      const attempt = run('login-code', ...args);
      await expect(attempt).rejects.toBeInstanceOf(CliError);
      await expect(attempt).rejects.toThrow(message);
    });
  });

  describe('outbox', () => {
    it('says so when no mail was sent yet', async () => {
      expect(await run('outbox')).toBe('The outbox is empty: no mail has been sent yet.');
    });

    it('lists the latest mails with recipient, subject and link, newest first', async () => {
      for (const email of ['demo@example.com', 'new@example.com']) {
        await app.inject({ method: 'POST', url: '/api/get/forgotPassword', payload: { email } });
      }
      const output = await run('outbox');
      expect(output).toMatch(/^Latest 2 mail\(s\), newest first:/);
      expect(output.indexOf('to new@example.com')).toBeLessThan(output.indexOf('to demo@example.com'));
      expect(output).toContain('Reset your OpenBroker Demo password');
      expect(output).toContain('not sent (no SMTP_URL)');
      expect(output).toMatch(new RegExp(`${config.publicUrl}/password/reset/[A-Za-z0-9_-]{43}`));
      const one = await run('outbox', '--limit', '1');
      expect(one).toContain('to new@example.com');
      expect(one).not.toContain('to demo@example.com');
    });

    it.each([['0'], ['abc'], ['501'], ['1.5']])('refuses --limit %s', async (limit) => {
      await expect(run('outbox', '--limit', limit)).rejects.toThrow(
        '--limit must be a whole number from 1 to 500',
      );
    });
  });

  describe('popup:create', () => {
    it("adds a sanitised popup that the brand's clients see", async () => {
      const file = path.join(tmp, 'notice.html');
      fs.writeFileSync(file, '<p>Holiday hours<script>alert(1)</script></p>');
      const output = await run('popup:create', 'demo', 'Holiday hours', file);
      expect(output).toMatch(
        /^Created popup #\d+ "Holiday hours" for brand "demo"\. Unsafe or unsupported HTML was removed/,
      );
      const client = await registerClient(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/accounts/popups',
        payload: { token: client.token },
      });
      expect(res.json().data).toContainEqual({
        id: expect.any(Number),
        title: 'Holiday hours',
        content: '<p>Holiday hours</p>',
      });
    });

    it.each([
      [['nope', 'Title', 'x.html'], 'There is no brand "nope"'],
      [['demo', 'Title', '/nonexistent/file.html'], 'Cannot read /nonexistent/file.html: no such file'],
      [['demo', 'Title'], 'Usage: npm run cli -- popup:create'],
    ])('explains what is wrong with %j', async (args, message) => {
      await expect(run('popup:create', ...args)).rejects.toThrow(message);
    });

    it('refuses an empty title', async () => {
      const file = path.join(tmp, 'ok.html');
      fs.writeFileSync(file, '<p>ok</p>');
      await expect(run('popup:create', 'demo', '  ', file)).rejects.toThrow(
        'A popup title must have 1 to 200 characters.',
      );
    });
  });

  describe('review-document', () => {
    const uploadPassport = async (token: string) => {
      const form = multipart([
        ['token', token],
        ['type', 'doc_passport'],
        { filename: 'p.jpg', contentType: 'image/jpeg', content: jpegBytes() },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/accounts/upload', ...form });
      expect(res.statusCode).toBe(200);
    };

    it('approves the latest document, shows it as Approved to the client and writes an audit row', async () => {
      const client = await registerClient(app);
      await uploadPassport(client.token);
      const output = await run('review-document', client.email, 'doc_passport', 'approve');
      expect(output).toBe(
        `doc_passport of ${client.email} is now Approved. The decision is in the audit log.`,
      );
      const me = await app.inject({
        method: 'POST',
        url: '/api/accounts/get',
        payload: { token: client.token },
      });
      expect(me.json().data.user.doc_passport).toMatchObject({ status: '2', note: '' });
      const [user] = await db.select().from(users).where(eq(users.email, client.email));
      const [audit] = await ctx.audit.forSubject(`user:${user?.id}`);
      expect(audit).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        action: 'document.approve',
        subject: `user:${user?.id}`,
        details: { brand: 'demo', type: 'doc_passport', note: '', documentId: expect.any(Number) },
      });
    });

    it('rejects with a note the client sees, and lets the client upload again', async () => {
      const client = await registerClient(app);
      await uploadPassport(client.token);
      const output = await run(
        'review-document',
        client.email,
        'doc_passport',
        'reject',
        'Photo',
        'is',
        'blurred',
      );
      expect(output).toContain('is now Rejected (note: Photo is blurred)');
      const me = await app.inject({
        method: 'POST',
        url: '/api/accounts/get',
        payload: { token: client.token },
      });
      expect(me.json().data.user.doc_passport).toMatchObject({ status: '3', note: 'Photo is blurred' });
      await uploadPassport(client.token);
      const [user] = await db.select().from(users).where(eq(users.email, client.email));
      expect(user?.docPassport).toMatchObject({ status: '1', note: '' });
      expect((await ctx.audit.forSubject(`user:${user?.id}`))[0]?.action).toBe('document.reject');
    });

    it.each([
      [
        ['new@example.com', 'doc_passport', 'approve'],
        'new@example.com has not uploaded a doc_passport document yet.',
      ],
      [['nobody@example.com', 'doc_passport', 'approve'], 'No client with the e-mail nobody@example.com'],
      [['demo@example.com', 'doc_selfie', 'approve'], 'The type must be one of doc_passport, doc_address'],
      [['demo@example.com', 'doc_passport', 'maybe'], 'The decision must be approve or reject.'],
      [['demo@example.com'], 'Usage: npm run cli -- review-document'],
    ])('explains what is wrong with %j and audits nothing', async (args, message) => {
      const auditRows = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n;
      const before = await auditRows();
      await expect(run('review-document', ...args)).rejects.toThrow(message);
      expect(await auditRows()).toBe(before);
    });
  });
});

describe(`the cli as an operator runs it (${testDbKind})`, async () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-cli-process-'));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://broker.example.com',
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('prints a login link for a client and exits 0', () => {
    const result = cli('login-code', 'demo@example.com');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(
      /^https:\/\/broker\.example\.com\/autoLogin\/[A-Za-z0-9_-]{43}$/,
    );
  });

  it('explains an operator mistake in one line and exits 1', () => {
    const result = cli('login-code', 'nobody@example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('openbroker: No client with the e-mail nobody@example.com on brand "demo".\n');
  });

  it('lists every command when asked for an unknown one, and exits 2', () => {
    const result = cli('frobnicate');
    expect(result.status).toBe(2);
    for (const name of ['migrate', 'login-code', 'outbox', 'popup:create', 'review-document']) {
      expect(result.stderr).toContain(name);
    }
  });
});
