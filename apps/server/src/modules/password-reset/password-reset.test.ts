import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brands, passwordResets, users } from '../../db/schema.js';
import { hashToken } from '../../lib/random.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { loginToken, registerClient } from '../../test/factories.js';
import { closedPort, startFakeSmtp } from '../../test/fake-smtp.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { captureLog } from '../../test/log-capture.js';
import { AccountsRepo } from '../accounts/accounts.repo.js';

const RESET_INVALID = {
  status: false,
  code: 'RESET_INVALID',
  key: 'password.resetInvalid',
  message: 'This reset link is invalid or has expired. Please request a new one.',
};

describe(`forgot password and reset (${testDbKind})`, async () => {
  const log = captureLog();
  const { app, runtime, config } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn' },
    { logStream: log.stream },
  );
  const { db } = runtime.ctx.database;
  const forgot = (email: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/get/forgotPassword', payload: { email }, headers });
  const reset = (body: object) =>
    app.inject({ method: 'POST', url: '/api/get/resetPassword', payload: body });
  const newPassword = (token: string, password = 'Fresh-Start-42') => ({
    token,
    new_password: password,
    confirm_password: password,
  });
  /** The reset and its mail are stored after the answer: wait for that work to finish. */
  const settled = () => runtime.ctx.passwordReset.idle();
  /** Asks for a reset and reads the link from the outbox, as a person reads their mail. */
  const requestLink = async (email: string) => {
    expect((await forgot(email)).statusCode).toBe(200);
    await settled();
    const [mail] = await runtime.ctx.mail.outbox.latest({ to: email, limit: 1 });
    const link = /https?:\/\/\S+\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!link?.[1]) throw new Error(`no reset link in ${mail?.text}`);
    return { mail, link: link[0], token: link[1] };
  };

  it('mails a single-use link valid for one hour; the outbox keeps the mail with the brand name', async () => {
    const client = await registerClient(app);
    const before = Date.now();
    const res = await forgot(client.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, data: {} });
    await settled();
    const [mail] = await runtime.ctx.mail.outbox.latest({ to: client.email, limit: 5 });
    expect(mail).toMatchObject({
      to: client.email,
      subject: 'Reset your OpenBroker Demo password',
      sentAt: null,
    });
    const link = new RegExp(`${config.publicUrl}/password/reset/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    expect(mail?.text).toContain('Hello Robin,');
    expect(mail?.text).toContain('OpenBroker Demo');
    expect(mail?.html).toContain(`href="${link?.[0]}"`);
    expect(mail?.html).toContain('<h2>OpenBroker Demo</h2>');
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(link?.[1] ?? '')));
    expect(row?.usedAt).toBeNull();
    expect((row?.expiresAt.getTime() ?? 0) - before).toBeGreaterThan(59 * 60_000);
    expect((row?.expiresAt.getTime() ?? 0) - before).toBeLessThanOrEqual(60 * 60_000 + 2000);
    // Only the hash is stored.
    expect(
      await db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, link?.[1] ?? '')),
    ).toEqual([]);
  });

  // the answer must not tell whether an e-mail has an account
  it('answers an unknown e-mail exactly as a registered one, and mails and stores nothing', async () => {
    const client = await registerClient(app);
    const resetsBefore = (await db.select().from(passwordResets)).length;
    const known = await forgot(client.email);
    const unknown = await forgot('nobody-here@example.com');
    await settled();
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ status: true, data: {} });
    const headersOf = (res: typeof known) => {
      const { date: _date, 'content-length': _length, ...rest } = res.headers;
      return rest;
    };
    expect(headersOf(unknown)).toEqual(headersOf(known));
    expect(await runtime.ctx.mail.outbox.latest({ to: 'nobody-here@example.com' })).toEqual([]);
    // the registered client's reset was stored, and nothing else
    expect((await db.select().from(passwordResets)).length).toBe(resetsBefore + 1);
    expect(await runtime.ctx.mail.outbox.latest({ to: client.email })).toHaveLength(1);
  });

  it('answers before looking the e-mail up, so the time of the answer says nothing either', async () => {
    const client = await registerClient(app);
    // hold every account lookup until the answers are in
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lookUp = AccountsRepo.prototype.findByEmail;
    const lookups = vi.spyOn(AccountsRepo.prototype, 'findByEmail').mockImplementation(async function (
      this: AccountsRepo,
      ...args
    ) {
      await held;
      return lookUp.apply(this, args);
    });
    try {
      const [known, unknown] = await Promise.all([forgot(client.email), forgot('nobody-at-all@example.com')]);
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
      // answered while both lookups were still waiting: nothing stored or mailed yet
      expect(await runtime.ctx.mail.outbox.latest({ to: client.email })).toEqual([]);
    } finally {
      release();
      lookups.mockRestore();
    }
    await settled();
    expect(await runtime.ctx.mail.outbox.latest({ to: client.email })).toHaveLength(1);
    expect(await runtime.ctx.mail.outbox.latest({ to: 'nobody-at-all@example.com' })).toEqual([]);
  });

  it('logs a failure after the answer without the e-mail, and the client can ask again', async () => {
    const client = await registerClient(app);
    // a failed query names its parameters in its message, as the database driver words it
    const failure = Object.assign(
      new Error(`Failed query: select * from users where email = $1\nparams: ${client.email}`),
      { query: 'select * from users where email = $1', params: [client.email] },
    );
    const failing = vi.spyOn(AccountsRepo.prototype, 'findByEmail').mockRejectedValueOnce(failure);
    try {
      expect((await forgot(client.email)).statusCode).toBe(200);
      await settled();
      expect(await runtime.ctx.mail.outbox.latest({ to: client.email })).toEqual([]);
    } finally {
      failing.mockRestore();
    }
    expect(log.entries().some((entry) => entry.msg === 'password reset request failed')).toBe(true);
    expect(log.text()).not.toContain(client.email);
    const { token } = await requestLink(client.email);
    expect(token).toBeTruthy();
  });

  it.each([['not-an-email'], [''], [42], [`${'a'.repeat(250)}@example.com`]])(
    'refuses the e-mail %j with a field message',
    async (email) => {
      const res = await forgot(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'email' });
    },
  );

  it('sets the new password with the mailed token and ends every session of the client', async () => {
    const client = await registerClient(app);
    const otherDevice = await loginToken(app, client.email, client.password);
    const { token } = await requestLink(client.email);
    const res = await reset(newPassword(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, data: {} });
    for (const session of [client.token, otherDevice]) {
      const after = await app.inject({
        method: 'POST',
        url: '/api/accounts/get',
        payload: { token: session },
      });
      expect(after.statusCode).toBe(401);
    }
    const old = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: client.email, password: client.password },
    });
    expect(old.statusCode).toBe(401);
    expect(await loginToken(app, client.email, 'Fresh-Start-42')).toBeTruthy();
  });

  it('lets a link work only once: a replay is refused and the password stays', async () => {
    const client = await registerClient(app);
    const { token } = await requestLink(client.email);
    expect((await reset(newPassword(token, 'First-Change-1'))).statusCode).toBe(200);
    const replay = await reset(newPassword(token, 'Second-Change-2'));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(RESET_INVALID);
    expect(await loginToken(app, client.email, 'First-Change-1')).toBeTruthy();
  });

  it('refuses a link older than one hour', async () => {
    const client = await registerClient(app);
    const { token } = await requestLink(client.email);
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await reset(newPassword(token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(RESET_INVALID);
  });

  it.each([['made-up-token'], ['A'.repeat(43)], ['x'.repeat(512)]])(
    'refuses the unknown token %#',
    async (token) => {
      const res = await reset(newPassword(token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(RESET_INVALID);
    },
  );

  it('refuses the current password as the new one and keeps the link usable', async () => {
    const client = await registerClient(app);
    const { token } = await requestLink(client.email);
    const same = await reset(newPassword(token, client.password));
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      expect.objectContaining({
        path: 'new_password',
        key: 'password.sameAsCurrent',
        message: 'The new password must be different from your current password',
      }),
    ]);
    expect(await loginToken(app, client.email, client.password)).toBeTruthy();
    expect((await reset(newPassword(token))).statusCode).toBe(200);
  });

  it("ends the client's other open reset links once one of them is used", async () => {
    const client = await registerClient(app);
    const first = await requestLink(client.email);
    const second = await requestLink(client.email);
    expect(first.token).not.toBe(second.token);
    expect((await reset(newPassword(second.token))).statusCode).toBe(200);
    expect((await reset(newPassword(first.token, 'Another-Try-9'))).json()).toEqual(RESET_INVALID);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const client = await registerClient(app);
    const { token } = await requestLink(client.email);
    const answers = await Promise.all([
      reset(newPassword(token, 'Racer-One-11')),
      reset(newPassword(token, 'Racer-Two-22')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a confirmation that differs with 'The passwords do not match' and keeps the link usable", async () => {
    const client = await registerClient(app);
    const { token } = await requestLink(client.email);
    const res = await reset({ token, new_password: 'Fresh-Start-42', confirm_password: 'Fresh-Start-43' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'confirm_password', message: 'The passwords do not match' }),
    ]);
    expect((await reset(newPassword(token))).statusCode).toBe(200);
  });

  it.each([
    [
      'a short password',
      { new_password: 'Short1!', confirm_password: 'Short1!' },
      'new_password',
      'field.minChars',
    ],
    ['no token', { token: undefined }, 'token', 'field.required'],
    ['a token that is too long', { token: 't'.repeat(513) }, 'token', 'field.maxChars'],
    ['a number as the password', { new_password: 12345678 }, 'new_password', 'field.invalid'],
  ])('refuses %s', async (_, override, path, key) => {
    const res = await reset({ ...newPassword('some-token'), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ path, key }));
  });

  it("links to the brand's own site and signs with the brand's name", async () => {
    await db.insert(brands).values({
      slug: 'sister',
      name: 'Sister Markets',
      hosts: ['sister.example.com'],
      settings: { ...DEMO_BRAND_SETTINGS, publicUrl: 'https://trade.sister.example.com/' },
    });
    const client = await registerClient(app, {}, { host: 'sister.example.com' });
    expect((await forgot(client.email, { host: 'sister.example.com' })).statusCode).toBe(200);
    await settled();
    const [mail] = await runtime.ctx.mail.outbox.latest({ to: client.email, limit: 1 });
    expect(mail?.subject).toBe('Reset your Sister Markets password');
    expect(mail?.text).toMatch(/https:\/\/trade\.sister\.example\.com\/password\/reset\/[A-Za-z0-9_-]{43}/);
    // The same e-mail is unknown on the demo brand: answered alike, and nothing more is mailed.
    expect((await forgot(client.email)).statusCode).toBe(200);
    await settled();
    expect(await runtime.ctx.mail.outbox.latest({ to: client.email, limit: 5 })).toHaveLength(1);
  });

  it('stores nothing but the password hash change on the user', async () => {
    const client = await registerClient(app);
    const [before] = await db.select().from(users).where(eq(users.email, client.email));
    const { token } = await requestLink(client.email);
    await reset(newPassword(token));
    const [after] = await db.select().from(users).where(eq(users.email, client.email));
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect({ ...after, passwordHash: '' }).toEqual({ ...before, passwordHash: '' });
  });
});

describe(`reset mail over SMTP (${testDbKind})`, async () => {
  const smtp = await startFakeSmtp();
  afterAll(() => smtp.close());
  const { app, runtime } = await createTestServer({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@broker.example.com',
  });

  it('sends the mail through the SMTP server in the brand name and records it as sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/get/forgotPassword',
      payload: { email: 'demo@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // The outbox worker sends it in the background, at once (decision 0015).
    await expect.poll(() => smtp.received.length).toBe(1);
    const [message] = smtp.received;
    expect(message?.from).toContain('no-reply@broker.example.com');
    expect(message?.to.join()).toContain('demo@example.com');
    expect(message?.data).toContain('Subject: Reset your OpenBroker Demo password');
    expect(message?.data).toMatch(/From: OpenBroker Demo <no-reply@broker\.example\.com>/);
    expect(message?.data.replace(/=\r\n/g, '')).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
    await expect
      .poll(async () => (await runtime.ctx.mail.outbox.latest({ to: 'demo@example.com', limit: 1 }))[0])
      .toMatchObject({ sentAt: expect.any(Date), error: null, attempts: 1 });
  });
});

describe(`reset mail when the SMTP server is down (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
  });

  it('still answers 200 and keeps the mail in the outbox for a retry, with the reason', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/get/forgotPassword',
      payload: { email: 'demo@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // A dead mail server never fails the request (decision 0015); the worker retries later.
    const latest = async () =>
      (await runtime.ctx.mail.outbox.latest({ to: 'demo@example.com', limit: 1 }))[0];
    await expect.poll(async () => (await latest())?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(await latest()).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect((await latest())?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe(`forgot password rate limits (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  const forgot = (email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/get/forgotPassword', payload: { email }, remoteAddress });

  it('stops e-mail enumeration from one address: the 4th request in a minute is 429 with retry-after', async () => {
    for (let i = 0; i < 3; i++)
      expect((await forgot(`probe${i}@example.com`, '10.4.0.1')).statusCode).toBe(200);
    const limited = await forgot('probe9@example.com', '10.4.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  // counted per e-mail alone, a few requests from anywhere kept the owner from
  // getting a reset link for a minute, again and again (the lockout the login throttle avoids).
  it("lets the owner get a link however many requests others make for the owner's e-mail", async () => {
    for (let i = 0; i < 5; i++)
      expect((await forgot('demo@example.com', `10.5.0.${i + 1}`)).statusCode).toBe(200);
    expect((await forgot('demo@example.com', '10.5.0.99')).statusCode).toBe(200);
    // and from IPv6, where one machine holds a whole /64, that network counts as one address
    for (let i = 1; i <= 3; i++)
      expect((await forgot('demo@example.com', `2001:db8:5:5::${i}`)).statusCode).toBe(200);
    expect((await forgot('demo@example.com', '2001:db8:5:5:ffff::1')).statusCode).toBe(429);
    expect((await forgot('demo@example.com', '2001:db8:5:6::1')).statusCode).toBe(200);
  });
});
