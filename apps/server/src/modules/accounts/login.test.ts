import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brands, sessions } from '../../db/schema.js';
import { LOGIN_THROTTLE } from '../../lib/failure-throttle.js';
import { hashToken } from '../../lib/random.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`client login, session refresh and logout (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const login = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/accounts/login', payload: body as object, headers });

  it('logs a client in and answers the spec §3 user with an access token', async () => {
    const res = await login({ email: 'demo@example.com', password: 'Demo1234!', info: 'Chrome on Linux' });
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(true);
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      token: data.access_token,
      first_name: 'Dana',
      last_name: 'Demo',
      full_name: 'Dana Demo',
      email: 'demo@example.com',
      verified_account: 1,
      auto_trading: 0,
      assets_group_permission: [1, 2, 3, 4, 5],
      doc_passport: { status: '0', note: '', updated: null },
    });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(data.user).not.toHaveProperty('password_hash');
  });

  it('stores only a hash of the token, with the client info', async () => {
    const res = await login({ email: 'demo@example.com', password: 'Demo1234!', info: 'Firefox 140' });
    const token = res.json().data.access_token as string;
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.info).toBe('Firefox 140');
    const all = await db.select().from(sessions);
    expect(all.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login({ email: 'DEMO@Example.com', password: 'Demo1234!' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'demo@example.com', password: 'Wrong1234!' }],
    ['an unknown e-mail', { email: 'nobody@example.com', password: 'Demo1234!' }],
  ])('answers %s with the same "Invalid credentials." and no hint which was wrong', async (_, body) => {
    const res = await login(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: false,
      code: 'INVALID_CREDENTIALS',
      key: 'auth.invalidCredentials',
      message: 'Invalid credentials.',
    });
  });

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'not-an-email', password: 'x' }, ['email']],
    [{ email: 12, password: ['a'] }, ['email', 'password']],
    [{ email: `${'a'.repeat(300)}@example.com`, password: 'Demo1234!' }, ['email']],
  ])('rejects bad input %o with translatable field messages', async (body, paths) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
    expect(json.errors.map((e: { path: string }) => e.path).sort()).toEqual(paths);
    for (const error of json.errors) {
      expect(error.key).toMatch(/^[a-z_]+\.[A-Za-z_.]+$/);
      expect(error.message).not.toMatch(/\{\{/);
    }
  });

  it("says 'invalid email address' for a malformed e-mail (spec §5)", async () => {
    const res = await login({ email: 'nope', password: 'Demo1234!' });
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ path: 'email', key: 'email.invalid', message: 'invalid email address' }),
    );
  });

  it('refreshes the auth data with the token in the header, the body or the query', async () => {
    const token = (await login({ email: 'demo@example.com', password: 'Demo1234!' })).json().data
      .access_token;
    for (const request of [
      { headers: { authorization: `Bearer ${token}` }, payload: {} },
      { payload: { token } },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/accounts/get', ...request });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ access_token: token, user: { email: 'demo@example.com' } });
    }
    const viaQuery = await app.inject({
      method: 'POST',
      url: `/api/accounts/get?token=${token}`,
      payload: {},
    });
    expect(viaQuery.statusCode).toBe(200);
  });

  it('refuses a refresh without a token or with a made-up one', async () => {
    for (const payload of [{}, { token: 'made-up' }, { token: 'x'.repeat(5000) }]) {
      const res = await app.inject({ method: 'POST', url: '/api/accounts/get', payload });
      expect(res.statusCode).toBe(payload.token && payload.token.length > 200 ? 400 : 401);
      expect(res.json().status).toBe(false);
    }
  });

  it('ends the session on logout: the token stops working at once', async () => {
    const token = (await login({ email: 'demo@example.com', password: 'Demo1234!' })).json().data
      .access_token;
    const out = await app.inject({ method: 'POST', url: '/api/accounts/logout', payload: { token } });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'POST', url: '/api/accounts/get', payload: { token } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Please log in again.',
    });
    const replay = await app.inject({ method: 'POST', url: '/api/accounts/logout', payload: { token } });
    expect(replay.statusCode).toBe(401);
  });

  it('ends a session after 20 minutes without a call (spec §4 idle time)', async () => {
    const token = (await login({ email: 'demo@example.com', password: 'Demo1234!' })).json().data
      .access_token;
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000 - 1_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: twentyMinutesAgo, createdAt: twentyMinutesAgo })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await app.inject({ method: 'POST', url: '/api/accounts/get', payload: { token } });
    expect(res.statusCode).toBe(401);
  });

  it('keeps an active session alive past 20 minutes in total', async () => {
    const token = (await login({ email: 'demo@example.com', password: 'Demo1234!' })).json().data
      .access_token;
    const longAgo = new Date(Date.now() - 60 * 60_000);
    const justNow = new Date(Date.now() - 5 * 60_000);
    await db
      .update(sessions)
      .set({ createdAt: longAgo, lastSeenAt: justNow })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await app.inject({ method: 'POST', url: '/api/accounts/get', payload: { token } });
    expect(res.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(justNow.getTime());
  });

  it("does not let one brand's client log in or use a session on another brand's site", async () => {
    await db.insert(brands).values({
      slug: 'other',
      name: 'Other Broker',
      hosts: ['other.example.com'],
      settings: DEMO_BRAND_SETTINGS,
    });
    const elsewhere = await login(
      { email: 'demo@example.com', password: 'Demo1234!' },
      { host: 'other.example.com' },
    );
    expect(elsewhere.statusCode).toBe(401);
    const token = (await login({ email: 'demo@example.com', password: 'Demo1234!' })).json().data
      .access_token;
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      headers: { host: 'other.example.com' },
      payload: { token },
    });
    expect(crossSite.statusCode).toBe(401);
  });
});

describe(`login rate limit (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });

  it('slows down password guessing: the 4th attempt in a minute is refused with 429 and a clear message', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: 'demo@example.com', password: 'guess-1234' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      status: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
  });

  it('tells the refused client when to try again with a retry-after header', async () => {
    const attempt = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: `nobody${n}@example.com`, password: 'guess-1234' },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    const limited = await attempt(3);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  // The limit per e-mail alone let anyone lock its owner out for a minute.
  it("wrong passwords from other addresses never lock the owner out of the owner's own address", async () => {
    const attempt = (password: string, address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: 'NEW@example.com', password },
        remoteAddress: address,
      });
    for (const address of ['10.8.0.1', '10.8.0.2', '10.8.0.3', '10.8.0.4']) {
      for (let i = 0; i < 3; i++) expect((await attempt('guess-1234', address)).statusCode).toBe(401);
    }
    expect((await attempt('Demo1234!', '10.8.0.99')).statusCode).toBe(200);
  });
});

describe(`login throttling per e-mail and address (${testDbKind})`, async () => {
  // The default limit per address (10 a minute), as shipped.
  const { app } = await createTestServer();
  const victim = await registerClient(app);
  const login = (password: string, remoteAddress: string, email = victim.email) =>
    app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password }, remoteAddress });

  it('ten wrong passwords for victim@ from address A do not stop victim@ logging in from address B', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await login('guess-1234', '10.20.0.1')).statusCode);
    expect(statuses.slice(0, LOGIN_THROTTLE.freeFailures + 1)).toEqual(
      Array(LOGIN_THROTTLE.freeFailures + 1).fill(401),
    );
    expect(statuses.slice(LOGIN_THROTTLE.freeFailures + 1)).toContain(429);
    expect((await login(victim.password, '10.20.0.2')).statusCode).toBe(200);
  });
});

describe(`login throttling: a growing wait (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const client = await registerClient(app);
  const login = (password: string, email = client.email) =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email, password },
      remoteAddress: '10.30.0.1',
    });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 429 with a retry-after that doubles with every further failure, and a success forgets them', async () => {
    // Only Date is faked: the throttle's clock. Timers, the database and argon2 run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await login('guess-1234')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      expect((await login('guess-1234')).statusCode).toBe(401);
      const refused = await login('guess-1234');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        key: 'auth.throttled',
        message: 'Too many failed attempts. Please wait a little and try again.',
      });
      // Refused while waiting, even with the right password: the wait is not a hint.
      expect((await login(client.password)).statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      vi.setSystemTime(Date.now() + wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // Another e-mail from the same address is not held up by this one's failures.
    expect((await login('guess-1234', 'someone.else@example.com')).statusCode).toBe(401);

    expect((await login(client.password)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures + 1; i++)
      expect((await login('guess-1234')).statusCode).toBe(401);
  });
});
