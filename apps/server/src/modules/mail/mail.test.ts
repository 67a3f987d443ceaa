import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { closedPort, startFakeSmtp } from '../../test/fake-smtp.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { OutboxRepo, type OutboxRow, outboxState } from './mail.repo.js';
import { createSmtpTransport, type MailLog, MailService } from './mail.service.js';
import { passwordResetMail } from './mail.templates.js';
import { retryDelayMs } from './mail.worker.js';

function recordingLog() {
  const lines: Array<{ level: 'info' | 'error'; details: object; message: string }> = [];
  const log: MailLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

describe(`mail without SMTP (${testDbKind})`, async () => {
  const { runtime } = await createTestServer();
  const { mail } = runtime.ctx;
  const brand = await runtime.ctx.brands.resolve('localhost');

  it('keeps the mail in the outbox and logs its link but not the recipient, so the flow works offline', async () => {
    const { log, lines } = recordingLog();
    const link = 'http://localhost:3000/password/reset/abc';
    expect(mail.delivers).toBe(false);
    const row = await mail.send(
      brand,
      passwordResetMail(brand, { email: 'log@example.com', firstName: 'Lou' }, link, 60),
      log,
    );
    expect(row).toMatchObject({
      to: 'log@example.com',
      sentAt: null,
      brandId: brand.id,
      nextAttemptAt: null,
    });
    expect(lines).toEqual([
      {
        level: 'info',
        details: expect.objectContaining({ link, outboxId: row.id }),
        message: expect.stringContaining('outbox'),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('log@example.com');
    // Kept, not queued: nothing is ever due without a mail server.
    expect(await mail.deliverDue(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(outboxState((await mail.outbox.byId(row.id)) as OutboxRow)).toBe('not sent (no SMTP_URL)');
  });

  it('lists the outbox newest first, for one address and up to a limit', async () => {
    const { log } = recordingLog();
    for (const n of [1, 2, 3]) {
      await mail.send(
        brand,
        { to: 'list@example.com', subject: `Mail ${n}`, text: 't', html: '<p>t</p>' },
        log,
      );
    }
    await mail.send(brand, { to: 'else@example.com', subject: 'Other', text: 't', html: '<p>t</p>' }, log);
    const latest = await mail.outbox.latest({ to: 'LIST@example.com', limit: 2 });
    expect(latest.map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect((await mail.outbox.latest({ limit: 1 }))[0]?.subject).toBe('Other');
  });
});

// without SMTP the reset link (a password-reset token) went to the info log in
// production too, where whoever reads the logs could take the account.
describe(`mail without SMTP outside demo mode (${testDbKind})`, async () => {
  const { runtime } = await createTestServer({
    DEMO: 'false',
    OPERATOR_TOKEN: 'operator-token-of-the-mail-suite-0123456789',
    PUBLIC_URL: 'https://broker.example.com',
  });
  const { mail } = runtime.ctx;
  const brand = await runtime.ctx.brands.resolve('broker.example.com');

  it('logs only that the mail is kept (outbox id and kind): no link, no token, no address, no subject', async () => {
    const { log, lines } = recordingLog();
    const token = 'secret-reset-token-0123456789abcdefghijklmnop';
    const link = `https://broker.example.com/password/reset/${token}`;
    const row = await mail.send(
      brand,
      passwordResetMail(brand, { email: 'owner@example.com', firstName: 'Olga' }, link, 60),
      log,
    );
    expect(lines).toEqual([
      {
        level: 'info',
        details: { outboxId: row.id, template: 'password-reset' },
        message: expect.stringContaining('npm run cli -- outbox'),
      },
    ]);
    const logged = JSON.stringify(lines);
    for (const secret of [token, 'owner@example.com', row.subject]) expect(logged).not.toContain(secret);
    // The outbox keeps the whole mail for the operator (`npm run cli -- outbox`).
    expect((await mail.outbox.byId(row.id))?.text).toContain(link);
  });
});

describe(`mail while the SMTP server is down (${testDbKind})`, async () => {
  const port = await closedPort();
  const { app, runtime } = await createTestServer({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'no-reply@broker.example.com',
  });
  const { mail } = runtime.ctx;
  const latest = async () => (await mail.outbox.latest({ to: 'demo@example.com', limit: 1 }))[0];

  it('answers the request, retries with backoff and delivers once the server is up, exactly once', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/get/forgotPassword',
      payload: { email: 'demo@example.com' },
    });
    expect(res.statusCode).toBe(200);

    // The worker's first attempt, at once, fails: the mail waits for the next one.
    await expect.poll(async () => (await latest())?.error).toMatch(/ECONNREFUSED|connect/i);
    const waiting = (await latest()) as OutboxRow;
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(outboxState(waiting)).toMatch(/^NOT SENT yet: attempt 1 failed .*; next try at /);
    const dueAt = waiting.nextAttemptAt as Date;
    expect(dueAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(dueAt.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    // Not due yet: nothing happens before the backoff is over, even with the server back.
    const smtp = await startFakeSmtp({ port });
    onTestFinished(() => smtp.close());
    expect(await mail.deliverDue(new Date(dueAt.getTime() - 1_000))).toBe(0);
    expect(smtp.received).toHaveLength(0);

    expect(await mail.deliverDue(dueAt)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to.join()).toContain('demo@example.com');
    expect(smtp.received[0]?.data.replace(/=\r\n/g, '')).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
    const sent = (await latest()) as OutboxRow;
    expect(sent).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null, failedAt: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(outboxState(sent)).toBe('sent');

    // Sent is final: later passes never send it again.
    expect(await mail.deliverDue(new Date(Date.now() + 7 * 86_400_000))).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});

describe(`mail the SMTP server refuses (${testDbKind})`, async () => {
  const smtp = await startFakeSmtp({ refuse: '554 5.7.1 Message rejected for <demo@example.com>' });
  afterAll(() => smtp.close());
  const { runtime } = await createTestServer();
  const { db } = runtime.ctx.database;
  const brand = await runtime.ctx.brands.resolve('localhost');
  // A service of its own with a clock the test moves: no waiting for real backoff.
  const mail = new MailService(new OutboxRepo(db), createSmtpTransport(smtp.url), {
    from: 'no-reply@broker.example.com',
    maxAttempts: 3,
  });
  afterAll(() => mail.close());
  const { log } = recordingLog();

  it('tries MAIL_MAX_ATTEMPTS times with growing waits, then marks it failed and stops', async () => {
    const row = await mail.send(
      brand,
      { to: 'refused@example.com', subject: 'Refused', text: 't', html: '<p>t</p>' },
      log,
    );
    const t0 = new Date(Date.now() + 60_000);
    expect(await mail.deliverDue(t0)).toBe(0);
    const first = (await mail.outbox.byId(row.id)) as OutboxRow;
    expect(first).toMatchObject({ attempts: 1, failedAt: null, sentAt: null });
    expect(first.nextAttemptAt?.getTime()).toBe(t0.getTime() + retryDelayMs(1, { maxAttempts: 3 }));

    const t1 = first.nextAttemptAt as Date;
    expect(await mail.deliverDue(t1)).toBe(0);
    const second = (await mail.outbox.byId(row.id)) as OutboxRow;
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt?.getTime()).toBe(t1.getTime() + retryDelayMs(2, { maxAttempts: 3 }));

    expect(await mail.deliverDue(second.nextAttemptAt as Date)).toBe(0);
    const failed = (await mail.outbox.byId(row.id)) as OutboxRow;
    expect(failed).toMatchObject({ attempts: 3, nextAttemptAt: null, sentAt: null });
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed.error).toContain('554');
    // The server's answer repeated the address; the outbox keeps the reason without it.
    expect(failed.error).not.toContain('@example.com');
    expect(outboxState(failed)).toMatch(/^FAILED after 3 attempt\(s\) \(554 /);

    expect(await mail.deliverDue(new Date(Date.now() + 30 * 86_400_000))).toBe(0);
    expect(smtp.refused.filter((m) => m.to.join().includes('refused@example.com'))).toHaveLength(3);
    expect(smtp.received).toHaveLength(0);
  });
});

describe(`two workers on one outbox (${testDbKind})`, async () => {
  const smtp = await startFakeSmtp();
  afterAll(() => smtp.close());
  const { runtime } = await createTestServer();
  const { db } = runtime.ctx.database;
  const brand = await runtime.ctx.brands.resolve('localhost');
  const options = { from: 'no-reply@broker.example.com', maxAttempts: 3 };
  const nodes = [0, 1].map(() => new MailService(new OutboxRepo(db), createSmtpTransport(smtp.url), options));
  afterAll(() => Promise.all(nodes.map((node) => node.close())));

  it('send each due mail once, whoever claims it', async () => {
    const { log } = recordingLog();
    for (const n of [1, 2, 3, 4])
      await nodes[0]?.send(
        brand,
        { to: `twice${n}@example.com`, subject: `Mail ${n}`, text: 't', html: '<p>t</p>' },
        log,
      );
    const sent = await Promise.all(nodes.map((node) => node.deliverDue(new Date(Date.now() + 60_000))));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(4);
    expect(smtp.received.map((m) => m.to.join()).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `<twice${n}@example.com>`),
    );
  });
});

describe('retry backoff', () => {
  it('waits 30 s after the first failure and doubles each time, up to an hour', () => {
    const policy = { maxAttempts: 10 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, policy) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
  });
});

describe('mail texts', () => {
  const brand = {
    id: 1,
    slug: 'x',
    name: 'Evil <b>Broker</b>',
    hosts: ['x.example'],
    settings: {
      currency: 'EUR',
      currencySymbol: '€',
      minDeposit: 250,
      languages: ['en'],
      features: {
        registrationEnabled: true,
        restrictedMode: false,
        economics: true,
        homeRedirectsToPlatform: false,
      },
      theme: { primary: '#123456', logoText: 'X' },
      legalName: 'X',
      copyright: 'X',
      supportEmail: 'help@x.example',
      homeSlug: 'index',
    },
  };

  it('puts the brand name in the subject and both bodies, escaped in the HTML one', () => {
    const mail = passwordResetMail(
      brand,
      { email: 'a@b.example', firstName: '<i>Al</i>' },
      'https://x/p?a=1&b=2',
      60,
    );
    expect(mail.subject).toBe('Reset your Evil <b>Broker</b> password');
    expect(mail.text).toContain('Evil <b>Broker</b>');
    expect(mail.text).toContain('https://x/p?a=1&b=2');
    expect(mail.text).toContain('within 60 minutes');
    expect(mail.html).toContain('Evil &lt;b&gt;Broker&lt;/b&gt;');
    expect(mail.html).toContain('Hello &lt;i&gt;Al&lt;/i&gt;,');
    expect(mail.html).toContain('href="https://x/p?a=1&amp;b=2"');
    expect(mail.html).not.toMatch(/<b>|<i>/);
  });
});
