import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { CliError, OPERATOR_COMMANDS } from './cli-commands.js';
import { SERVER_COMMANDS } from './cli-server-commands.js';
import { EMBEDDED_DATABASE_DIR, loadConfig, projectRoot } from './config.js';
import {
  affiliates,
  auditLog,
  brands,
  loginCodes,
  popups,
  staffUsers,
  tradingAccounts,
  transactions,
  users,
} from './db/schema.js';
import { OPERATOR_TOKEN_FILE } from './modules/payments/operator-token.js';
import { openRuntime } from './runtime.js';
import { DEMO_BRAND_SETTINGS } from './seed/seed.js';
import { auditRowCount, whileAuditRefused, withAppendOnlyOff } from './test/audit-kit.js';
import { jpegBytes, multipart, registerClient, uniqueEmail } from './test/factories.js';
import { createPostgresDatabase, createTestServer, testDbKind } from './test/harness.js';
import { paymentKit } from './test/payments-kit.js';

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

    it('writes one audit row per code: the operator, brand, client and expiry, never the code', async () => {
      const before = await auditRowCount(db);
      const output = await run('login-code', 'demo@example.com');
      const code = output.split('/').at(-1) ?? '';
      expect(await auditRowCount(db)).toBe(before + 1);
      const [user] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
      const [row] = await ctx.audit.forSubject(`user:${user?.id}`);
      expect(row).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        action: 'client.loginCode',
        brandId: user?.brandId,
        userId: user?.id,
        after: { expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      });
      expect(JSON.stringify(row)).not.toContain(code);
    });

    it('makes no code when its audit row cannot be written (one transaction)', async () => {
      const codes = async () => (await db.select({ n: count() }).from(loginCodes))[0]?.n;
      const before = await codes();
      await expect(whileAuditRefused(db, () => run('login-code', 'demo@example.com'))).rejects.toThrow();
      expect(await codes()).toBe(before);
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
        // the reset mail is queued after the answer
        await runtime.ctx.passwordReset.idle();
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
      expect(res.json().data).toContainEqual(
        expect.objectContaining({
          id: expect.any(Number),
          title: 'Holiday hours',
          content: '<p>Holiday hours</p>',
        }),
      );
    });

    it.each([
      [['nope', 'Title', 'x.html'], 'There is no brand "nope"'],
      [['demo', 'Title', '/nonexistent/file.html'], 'Cannot read /nonexistent/file.html: no such file'],
      [['demo', 'Title'], 'Usage: npm run cli -- popup:create'],
    ])('explains what is wrong with %j', async (args, message) => {
      await expect(run('popup:create', ...args)).rejects.toThrow(message);
    });

    it('refuses an empty title and audits nothing', async () => {
      const file = path.join(tmp, 'ok.html');
      fs.writeFileSync(file, '<p>ok</p>');
      const before = await auditRowCount(db);
      await expect(run('popup:create', 'demo', '  ', file)).rejects.toThrow(
        'A popup title must have 1 to 200 characters.',
      );
      expect(await auditRowCount(db)).toBe(before);
    });

    it('writes one audit row with the operator, the brand and the popup as saved', async () => {
      const file = path.join(tmp, 'audited.html');
      fs.writeFileSync(file, '<p>Maintenance tonight</p>');
      const before = await auditRowCount(db);
      const output = await run('popup:create', 'other', 'Maintenance', file);
      const id = Number(output.match(/popup #(\d+)/)?.[1]);
      expect(await auditRowCount(db)).toBe(before + 1);
      const [other] = await db.select().from(brands).where(eq(brands.slug, 'other'));
      const [row] = await ctx.audit.forSubject(`popup:${id}`);
      expect(row).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        action: 'popup.create',
        brandId: other?.id,
        after: { title: 'Maintenance', content: '<p>Maintenance tonight</p>' },
      });
    });

    it('saves no popup when its audit row cannot be written (one transaction)', async () => {
      const file = path.join(tmp, 'refused.html');
      fs.writeFileSync(file, '<p>Never shown</p>');
      const stored = async () => (await db.select({ n: count() }).from(popups))[0]?.n;
      const before = await stored();
      await expect(
        whileAuditRefused(db, () => run('popup:create', 'demo', 'Never shown', file)),
      ).rejects.toThrow();
      expect(await stored()).toBe(before);
    });
  });

  describe('affiliate:create', () => {
    it('writes the audit row with the brand in the same transaction as the affiliate', async () => {
      const email = uniqueEmail('partner');
      const output = await run('affiliate:create', 'other', email);
      const id = Number(output.match(/affiliate #(\d+)/)?.[1]);
      const [other] = await db.select().from(brands).where(eq(brands.slug, 'other'));
      const [row] = await ctx.audit.forSubject(`affiliate:${id}`);
      expect(row).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        action: 'affiliate.create',
        brandId: other?.id,
        after: { email },
      });
      expect(JSON.stringify(row)).not.toMatch(/password/i);

      const refused = uniqueEmail('partner');
      await expect(whileAuditRefused(db, () => run('affiliate:create', 'other', refused))).rejects.toThrow();
      expect(await db.select().from(affiliates).where(eq(affiliates.email, refused))).toEqual([]);
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
      ['passport', 'doc_passport'],
      ['address', 'doc_address'],
      ['funding_front', 'doc_funding_front'],
      ['Funding_Back', 'doc_funding_back'],
    ])('takes the document type %s by its short name (%s)', async (name, field) => {
      const client = await registerClient(app);
      const form = multipart([
        ['token', client.token],
        ['type', field],
        { filename: 'd.jpg', contentType: 'image/jpeg', content: jpegBytes() },
      ]);
      expect((await app.inject({ method: 'POST', url: '/api/accounts/upload', ...form })).statusCode).toBe(
        200,
      );
      const output = await run('review-document', client.email, name, 'reject', 'Unreadable');
      expect(output).toBe(
        `${field} of ${client.email} is now Rejected (note: Unreadable). The decision is in the audit log.`,
      );
      const me = await app.inject({
        method: 'POST',
        url: '/api/accounts/get',
        payload: { token: client.token },
      });
      expect(me.json().data.user[field]).toMatchObject({ status: '3', note: 'Unreadable' });
    });

    it.each([
      [
        ['new@example.com', 'doc_passport', 'approve'],
        'new@example.com has not uploaded a doc_passport document yet.',
      ],
      [['nobody@example.com', 'doc_passport', 'approve'], 'No client with the e-mail nobody@example.com'],
      [
        ['demo@example.com', 'selfie', 'approve'],
        'The type must be one of passport, address, funding_front, funding_back',
      ],
      [['demo@example.com', 'doc_passport', 'maybe'], 'The decision must be approve or reject.'],
      [['demo@example.com'], 'Usage: npm run cli -- review-document'],
    ])('explains what is wrong with %j and audits nothing', async (args, message) => {
      const auditRows = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n;
      const before = await auditRows();
      await expect(run('review-document', ...args)).rejects.toThrow(message);
      expect(await auditRows()).toBe(before);
    });
  });

  describe('staff:create', () => {
    it('creates a staff member with roles and brands, prints the password once, and that member can only enrol', async () => {
      const output = await run(
        'staff:create',
        'New.Staff@Example.com',
        '--role',
        'finance,support',
        '--brands',
        'demo,other',
        '--name',
        'Nora Staff',
      );
      const password = output.match(/^ {2}password {2}(\S+)$/m)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(output).toContain('two-factor');
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'new.staff@example.com'));
      const ids = (await db.select().from(brands))
        .filter((b) => ['demo', 'other'].includes(b.slug))
        .map((b) => b.id);
      expect(row).toMatchObject({ name: 'Nora Staff', roles: ['finance', 'support'], totpEnabledAt: null });
      expect([...(row?.brandIds ?? [])].sort()).toEqual(ids.sort());
      expect(row?.passwordHash).not.toContain(password);
      const login = await app.inject({
        method: 'POST',
        url: '/api/backoffice/auth/login',
        payload: { email: 'new.staff@example.com', password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({
        enrolmentOnly: true,
        staff: { roles: ['finance', 'support'] },
      });
      expect((await ctx.audit.forSubject(`staff:${row?.id}`)).map((a) => a.action)).toContain('staff.create');
    });

    it('creates no member when its audit row cannot be written (one transaction)', async () => {
      const email = uniqueEmail('refused-staff');
      await expect(
        whileAuditRefused(db, () => run('staff:create', email, '--role', 'support')),
      ).rejects.toThrow();
      expect(await db.select().from(staffUsers).where(eq(staffUsers.email, email))).toEqual([]);
    });

    it.each([
      [['x@example.com', '--role', 'boss'], 'Unknown role "boss"'],
      [['x@example.com'], 'Usage: npm run cli -- staff:create'],
      [['not-an-email', '--role', 'admin'], 'is not a valid e-mail address'],
      [['x@example.com', '--role', 'admin', '--brands', 'nowhere'], 'There is no brand "nowhere"'],
      [['admin@example.com', '--role', 'admin'], 'exists already'],
    ])('explains what is wrong with %j and creates nothing', async (args, message) => {
      const staffRows = async () => (await db.select({ n: count() }).from(staffUsers))[0]?.n;
      const before = await staffRows();
      await expect(run('staff:create', ...args)).rejects.toThrow(message);
      expect(await staffRows()).toBe(before);
    });
  });

  describe('audit:verify', () => {
    /** The newest three rows, newest first: a row, the one before it, and the one before that. */
    const lastThree = async () => {
      await run('staff:create', uniqueEmail('chain'), '--role', 'support');
      await run('staff:create', uniqueEmail('chain'), '--role', 'support');
      await run('staff:create', uniqueEmail('chain'), '--role', 'support');
      const [newest, middle, oldest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3);
      if (!newest || !middle || !oldest) throw new Error('three audit rows');
      return { newest, middle };
    };

    it('names a row edited behind the append-only trigger: its content no longer matches its hash', async () => {
      const { middle } = await lastThree();
      expect(await run('audit:verify')).toMatch(/^Audit log verified/);
      await withAppendOnlyOff(db, () =>
        db
          .update(auditLog)
          .set({ details: { ...middle.details, roles: ['admin'] } })
          .where(eq(auditLog.id, middle.id)),
      );
      await expect(run('audit:verify')).rejects.toThrow(
        `Audit log broken at row #${middle.id}: its content does not match its hash (edited).`,
      );
      // put back as it was, the chain holds again
      await withAppendOnlyOff(db, () =>
        db.update(auditLog).set({ details: middle.details }).where(eq(auditLog.id, middle.id)),
      );
      expect(await run('audit:verify')).toMatch(/^Audit log verified/);
    });

    it('names the row after one removed from the middle: its link to the previous hash is broken', async () => {
      const { newest, middle } = await lastThree();
      expect(await run('audit:verify')).toMatch(/^Audit log verified/);
      await withAppendOnlyOff(db, () => db.delete(auditLog).where(eq(auditLog.id, middle.id)));
      await expect(run('audit:verify')).rejects.toThrow(
        `Audit log broken at row #${newest.id}: it does not follow the previous row's hash`,
      );
      await db.insert(auditLog).values(middle);
      expect(await run('audit:verify')).toMatch(/^Audit log verified/);
    });

    it('passes on an intact chain and names the first row slipped in around it', async () => {
      await run('staff:create', 'chain@example.com', '--role', 'support');
      expect(await run('audit:verify')).toMatch(/^Audit log verified: \d+ row\(s\) chained and intact/);
      const [row] = await db
        .insert(auditLog)
        .values({ actor: 'intruder', action: 'x', subject: 'y' })
        .returning({ id: auditLog.id });
      await expect(run('audit:verify')).rejects.toThrow(`Audit log broken at row #${row?.id}`);
    });
  });
});

describe(`transaction:list (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const kit = paymentKit(app, ctx.database.db, ctx.config.paymentSandboxSecret);
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => app.close());
  const { port } = app.server.address() as AddressInfo;
  const operator = {
    ...config,
    operatorApiUrl: `http://127.0.0.1:${port}`,
    operatorToken: ctx.operatorToken,
  };
  const command = (name: string, ...args: string[]) => {
    const found = SERVER_COMMANDS[name];
    if (!found) throw new Error(`no command ${name}`);
    return found.run(operator, args);
  };

  it("shows each transaction's date and the decision's note", async () => {
    const client = await kit.client();
    const wire = await kit.create(client.token, { amount: 400, method: 2 });
    const { transaction_id } = wire.json().data;
    const [stored] = await ctx.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, transaction_id));
    const date = stored?.createdAt.toISOString() ?? '';
    const made = `${date.slice(0, 10)} ${date.slice(11, 16)} UTC`;

    const pending = await command('transaction:list', '--status', 'pending');
    const row = pending.split('\n').find((l) => l.startsWith(transaction_id));
    expect(row).toContain(`${transaction_id}  ${made}  Pending`);
    expect(row).not.toContain('note:');

    expect(await command('transaction:reject', transaction_id, '--note', 'No funds received')).toContain(
      'note: "No funds received"',
    );
    const declined = await command('transaction:list', '--status', 'declined');
    const decided = declined.split('\n').find((l) => l.startsWith(transaction_id));
    expect(decided).toContain(made);
    expect(decided).toMatch(/note: "No funds received" \(cli:[\w.@-]+\)$/);
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
  /**
   * One CLI process, as the operator starts it. Each loads the server's modules and opens the database, and a first
   * `migrate` also creates the embedded database (PGlite's initdb), about 6.5 s of CPU against 2.7 s for the second
   * (the pair ran past the 30 s default on a busy machine). Measured on a 2-core machine at load average
   * 13-21: the pair took 31-45 s with two CPU hogs besides (74 s at most, run by hand: 48 s + 29 s) and up to 149 s
   * with three; one other command 31 s at most. The limits below are sized on that; the process runs asynchronously,
   * so the test worker is not frozen while it waits.
   */
  const cli = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', ...args],
        {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: dataDir,
            PUBLIC_URL: 'https://broker.example.com',
            LOG_LEVEL: 'warn',
            ...(database ? { DATABASE_URL: database.url, DEMO: 'true' } : {}),
          },
          encoding: 'utf8',
          timeout: 120_000,
        },
        (error, stdout, stderr) =>
          resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });

  it('creates the database only when told to (migrate), seeding the demo on a new data directory', async () => {
    const result = await cli('migrate');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Migrated and seeded an empty database with demo data (demo mode).');
    expect((await cli('migrate')).stdout).toContain('Database is up to date.');
  }, 180_000);

  it('prints a login link for a client and exits 0', async () => {
    const result = await cli('login-code', 'demo@example.com');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(
      /^https:\/\/broker\.example\.com\/autoLogin\/[A-Za-z0-9_-]{43}$/,
    );
  }, 120_000);

  it('explains an operator mistake in one line and exits 1', async () => {
    const result = await cli('login-code', 'nobody@example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('openbroker: No client with the e-mail nobody@example.com on brand "demo".\n');
  }, 120_000);

  it('lists every command when asked for an unknown one, and exits 2', async () => {
    const result = await cli('frobnicate');
    expect(result.status).toBe(2);
    for (const name of ['migrate', 'login-code', 'outbox', 'popup:create', 'review-document']) {
      expect(result.stderr).toContain(name);
    }
  }, 120_000);
});

/**
 * The README's operator commands, run exactly as written (`npm run cli -- …`) from the repository
 * root, against the database of the server the README starts: a relative DATA_DIR means the same
 * folder for both (it is resolved against the project root, while npm runs the script in apps/server).
 */
describe(`operator commands as the README runs them, from the repository root (${testDbKind})`, async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-readme-cli-'));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    await database?.drop();
  });
  /** A data directory named relative to the project root, as an operator would write it. */
  const relativeDataDir = (name: string) => {
    fs.mkdirSync(path.join(scratch, name));
    return path.relative(projectRoot, path.join(scratch, name));
  };
  /** The server's settings: this run's database (`url`), or the embedded one in DATA_DIR. */
  const serverEnv = (dataDir: string, url = database?.url) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    WEB_DIST_DIR: '/nonexistent',
    ...(url ? { DATABASE_URL: url, DEMO: 'true' } : {}),
  });
  /** `npm run cli -- <args>` in the repository root; asynchronous, so a server in this process can answer it. */
  const npmCli = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'npm',
        ['run', 'cli', '--', ...args],
        {
          cwd: projectRoot,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? os.tmpdir(),
            LOG_LEVEL: 'warn',
            // Without a running server's address the CLI asks http://127.0.0.1:$PORT (3000 by default), which on a
            // developer's machine may be any other program; here that guess points where nothing listens.
            PORT: '9',
            ...env,
          },
          encoding: 'utf8',
          timeout: 90_000,
        },
        (error, stdout, stderr) =>
          resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });

  it('ledger:verify passes on the untouched database and fails, naming the account, once a balance was tampered with', async () => {
    const dataDir = relativeDataDir('ledger');
    const env = serverEnv(dataDir);
    const server = await openRuntime(loadConfig(env));
    await server.close();

    const clean = await npmCli(env, 'ledger:verify');
    expect(clean.stdout).toMatch(
      /Ledger verified: every balance of the \d+ trading account\(s\) equals the sum of its ledger entries/,
    );
    // one line per trading account, the demo client's first live account among them
    expect(clean.stdout).toMatch(
      /L-\w+-1 \(account \d+\): balance 10000\.00 EUR, 1 entry summing to 10000\.00 — ok/,
    );
    // no personal data in the output: no client's e-mail
    expect(clean.stdout).not.toMatch(/@example\.com/);
    expect(clean.status).toBe(0);

    const again = await openRuntime(loadConfig(env), { database: 'existing' });
    await again.ctx.database.db
      .update(tradingAccounts)
      .set({ balance: sql`${tradingAccounts.balance} + 1000000` })
      .where(eq(tradingAccounts.userId, sql`(select id from users where email = 'demo@example.com')`));
    await again.close();

    const tampered = await npmCli(env, 'ledger:verify');
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toMatch(
      /\n {2}L-\w+-1: account \d+ \(L-\w+-1, client \d+\): balance 1010000\.00 but its ledger entries sum to 10000\.00/,
    );
    expect(tampered.stderr).not.toMatch(/@example\.com/);
  }, 180_000);

  it('never creates or seeds a database of its own: a wrong DATA_DIR is said plainly', async () => {
    const dataDir = relativeDataDir('empty');
    const embedded = await npmCli(serverEnv(dataDir, ''), 'login-code', 'demo@example.com');
    expect(embedded.status).toBe(1);
    expect(embedded.stderr).toContain(
      `openbroker: There is no database in ${path.join(projectRoot, dataDir)}. Start the server once (npm start)`,
    );
    expect(fs.existsSync(path.join(projectRoot, dataDir, EMBEDDED_DATABASE_DIR))).toBe(false);
    if (testDbKind === 'postgres') {
      const empty = await createPostgresDatabase();
      try {
        const result = await npmCli(serverEnv(dataDir, empty.url), 'login-code', 'demo@example.com');
        expect(result.status).toBe(1);
        expect(result.stderr).toMatch(
          /openbroker: PostgreSQL .* is not set up for this version \(\d+ migration\(s\) not applied\)\. Start the server/,
        );
      } finally {
        await empty.drop();
      }
    }
  }, 120_000);

  it('refuses the embedded database while the server holds it, saying what to do', async () => {
    const dataDir = relativeDataDir('held');
    const env = serverEnv(dataDir, '');
    const server = await openRuntime(loadConfig(env), { live: true });
    try {
      const result = await npmCli(env, 'ledger:verify');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `openbroker: The server (pid ${process.pid}) is using the embedded database in ${path.join(projectRoot, dataDir)}, which allows one process at a time. Stop the server (Ctrl-C) and run this command again`,
      );
    } finally {
      await server.close();
    }
  }, 120_000);

  it('transaction:list reaches the running demo server with the token it wrote, and explains a missing one', async () => {
    const dataDir = relativeDataDir('running');
    const env = serverEnv(dataDir);
    const missing = await npmCli({ ...env, PORT: '9' }, 'transaction:list');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('openbroker: There is no operator token: set OPERATOR_TOKEN');
    expect(fs.existsSync(path.join(projectRoot, dataDir, OPERATOR_TOKEN_FILE))).toBe(false);

    const runtime = await openRuntime(loadConfig(env), { live: true });
    const app = await buildApp(runtime.ctx, { logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const listed = await npmCli({ ...env, PORT: String(port) }, 'transaction:list');
      expect(listed.stderr).not.toContain('openbroker:');
      expect(listed.stdout).toContain('No transactions.');
      expect(listed.status).toBe(0);
    } finally {
      await app.close();
      await runtime.close();
    }
  }, 120_000);

  /** A port nothing listens on right now, for a server started as `PORT=<port> npm start` would be. */
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  it('finds the server on another port than 3000 through DATA_DIR, and links to where it last ran once stopped', async () => {
    const dataDir = relativeDataDir('other-port');
    const env = serverEnv(dataDir, '');
    const port = await freePort();
    const runtime = await openRuntime(loadConfig({ ...env, PORT: String(port) }), { live: true });
    const app = await buildApp(runtime.ctx, { logger: false });
    let closed = false;
    try {
      await app.listen({ port, host: '127.0.0.1' });
      // the operator's shell has DATA_DIR only: no PORT, no OPERATOR_API_URL
      const running = await npmCli(env, 'login-code', 'demo@example.com');
      expect(running.stderr).not.toContain('openbroker:');
      expect(running.stdout.trim().split('\n').at(-1)).toMatch(
        new RegExp(`^http://localhost:${port}/autoLogin/[A-Za-z0-9_-]{43}$`),
      );
      const outbox = await npmCli(env, 'outbox');
      expect(outbox.stderr).not.toContain('openbroker:');
      expect(outbox.status).toBe(0);

      // told the wrong address, it says how to point it at the server rather than to stop it
      const elsewhere = await npmCli(
        { ...env, OPERATOR_API_URL: 'http://127.0.0.1:9' },
        'login-code',
        'x@y.z',
      );
      expect(elsewhere.status).toBe(1);
      expect(elsewhere.stderr).toContain('no server answered at http://127.0.0.1:9. Set OPERATOR_API_URL');
      expect(elsewhere.stderr).not.toContain('Stop the server');

      await app.close();
      await runtime.close();
      closed = true;
      const stopped = await npmCli(env, 'login-code', 'demo@example.com');
      expect(stopped.stderr).not.toContain('openbroker:');
      expect(stopped.stdout.trim().split('\n').at(-1)).toMatch(
        new RegExp(`^http://localhost:${port}/autoLogin/[A-Za-z0-9_-]{43}$`),
      );
    } finally {
      if (!closed) {
        await app.close();
        await runtime.close();
      }
    }
  }, 240_000);

  it('backtest prints the same figures whether the server runs it or the CLI does with the server stopped', async () => {
    const dataDir = relativeDataDir('backtest');
    const env = { ...serverEnv(dataDir, ''), MARKET_FEED: 'simulated', MARKET_HISTORY: 'true' };
    const day = 86_400_000;
    // a past range of the server's generated history, before the live walk began
    const args = [
      'backtest',
      '--strategy',
      'trend',
      '--symbol',
      'EURUSD',
      '--from',
      new Date(Date.now() - 40 * day).toISOString().slice(0, 10),
      '--to',
      new Date(Date.now() - 2 * day).toISOString().slice(0, 10),
    ];
    const figures = (output: string) => output.slice(0, output.indexOf('Candles:')).trim();
    const runtime = await openRuntime(loadConfig(env), { live: true });
    const app = await buildApp(runtime.ctx, { logger: false });
    let served: string;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const answer = await npmCli(env, ...args);
      expect(answer.stderr).not.toContain('openbroker:');
      expect(answer.stdout).toContain("from the server's candle store");
      served = answer.stdout;
    } finally {
      await app.close();
      await runtime.close();
    }
    const alone = await npmCli(env, ...args);
    expect(alone.stderr).not.toContain('openbroker:');
    expect(alone.stdout).toContain("the server's candles rebuilt here");
    expect(figures(served)).toMatch(/trades\s+\d+/);
    expect(figures(alone.stdout)).toBe(figures(served));
  }, 240_000);

  it('review-document, login-code and popup:create run inside the running server on the embedded database', async () => {
    const dataDir = relativeDataDir('beside-server');
    const env = serverEnv(dataDir, '');
    const runtime = await openRuntime(loadConfig(env), { live: true });
    const app = await buildApp(runtime.ctx, { logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const run = (...args: string[]) => npmCli({ ...env, PORT: String(port) }, ...args);
      // the unverified demo client uploads passport and address proof
      const login = await app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: 'new@example.com', password: 'Demo1234!' },
      });
      const token = login.json().data.access_token as string;
      for (const type of ['doc_passport', 'doc_address']) {
        const form = multipart([
          ['token', token],
          ['type', type],
          { field: 'files', filename: `${type}.jpg`, contentType: 'image/jpeg', content: jpegBytes() },
        ]);
        const uploaded = await app.inject({ method: 'POST', url: '/api/accounts/upload', ...form });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
      }

      const passport = await run('review-document', 'new@example.com', 'doc_passport', 'approve');
      expect(passport.stderr).not.toContain('openbroker:');
      expect(passport.stdout).toContain('doc_passport of new@example.com is now Approved');
      const address = await run('review-document', 'new@example.com', 'doc_address', 'approve');
      expect(address.stdout).toContain('The account is verified.');
      expect(address.status).toBe(0);
      const [client] = await runtime.ctx.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'new@example.com'));
      expect(client?.verifiedAccount).toBe(true);
      const audit = await runtime.ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `user:${client?.id}`));
      expect(audit.map((row) => row.actor)).toContain(`cli:${os.userInfo().username}`);

      const link = await run('login-code', 'demo@example.com');
      expect(link.status).toBe(0);
      expect(link.stdout).toMatch(/\/autoLogin\/[A-Za-z0-9_-]{43}/);

      const html = path.join(scratch, 'notice.html');
      fs.writeFileSync(html, '<p>Markets close early on Friday.</p><script>alert(1)</script>');
      const popup = await run('popup:create', 'demo', 'Early close', path.relative(projectRoot, html));
      expect(popup.stdout).toContain('Created popup #');
      expect(popup.stdout).toContain('Unsafe or unsupported HTML was removed on save.');

      const mistake = await run('review-document', 'nobody@example.com', 'doc_passport', 'approve');
      expect(mistake.status).toBe(1);
      expect(mistake.stderr).toContain(
        'openbroker: No client with the e-mail nobody@example.com on brand "demo".',
      );
    } finally {
      await app.close();
      await runtime.close();
    }
  }, 180_000);
});
