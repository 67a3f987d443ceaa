import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, loginCodes, sessions } from '../../db/schema.js';
import { hashToken } from '../../lib/random.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

const AUTO_LOGIN_FAILED = {
  status: false,
  code: 'AUTO_LOGIN_FAILED',
  key: 'login.auto.error',
  message: 'The auto login link is invalid or has expired.',
};

describe(`auto login with a one-time code (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const demoBrand = await runtime.ctx.brands.resolve('localhost');
  const newCode = async (email = 'demo@example.com', brand = demoBrand) => {
    const created = await runtime.ctx.accounts.createLoginCode(brand, email);
    if (!created) throw new Error(`no client ${email}`);
    return created;
  };
  const useCode = (
    code: string,
    body: object | undefined = { info: 'Auto login test' },
    host = 'localhost',
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/accounts/login/${encodeURIComponent(code)}`,
      headers: { host },
      ...(body ? { payload: body } : {}),
    });

  it('logs the client in with a valid code and answers as login does', async () => {
    const { code } = await newCode();
    const res = await useCode(code);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      token: data.access_token,
      email: 'demo@example.com',
      first_name: 'Dana',
    });
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.access_token)));
    expect(session).toMatchObject({ subjectType: 'client', info: 'Auto login test' });
  });

  it('accepts the call without a body (the page only clicks the button)', async () => {
    const { code } = await newCode();
    expect((await useCode(code, undefined)).statusCode).toBe(200);
  });

  it("refuses a code the second time with 401 'login.auto.error'", async () => {
    const { code } = await newCode();
    expect((await useCode(code)).statusCode).toBe(200);
    const replay = await useCode(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(AUTO_LOGIN_FAILED);
  });

  it('lets only one of two simultaneous requests with the same code log in', async () => {
    const { code } = await newCode();
    const answers = await Promise.all([useCode(code), useCode(code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired code', async () => {
    const { code } = await newCode();
    await db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.codeHash, hashToken(code)));
    const res = await useCode(code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(AUTO_LOGIN_FAILED);
  });

  it('makes codes expire 15 minutes after they are created by default', async () => {
    const before = Date.now();
    const { expiresAt } = await newCode();
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expiresAt.getTime() - before).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it.each(['made-up-code', 'x', 'A'.repeat(43), '%00', "' or 1=1 --"])(
    'refuses the unknown code %j with 401',
    async (code) => {
      const res = await useCode(code);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(AUTO_LOGIN_FAILED);
    },
  );

  it('keeps only a hash of the code in the database', async () => {
    const { code, user } = await newCode();
    const rows = await db.select().from(loginCodes).where(eq(loginCodes.userId, user.id));
    expect(rows.some((r) => r.codeHash === hashToken(code))).toBe(true);
    expect(rows.some((r) => r.codeHash === code)).toBe(false);
  });

  it("does not log a client of another brand in here, and leaves that brand's code usable there", async () => {
    await db.insert(brands).values({
      slug: 'other',
      name: 'Other Broker',
      hosts: ['other.example.com'],
      settings: DEMO_BRAND_SETTINGS,
    });
    const other = await runtime.ctx.brands.resolve('other.example.com');
    const client = await registerClient(app, {}, { host: 'other.example.com' });
    const { code } = await newCode(client.email, other);
    const here = await useCode(code);
    expect(here.statusCode).toBe(401);
    const there = await useCode(code, {}, 'other.example.com');
    expect(there.statusCode).toBe(200);
    expect(there.json().data.user.email).toBe(client.email);
  });

  it('refuses bad client info with a validation error', async () => {
    const { code } = await newCode();
    const res = await useCode(code, { info: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'info', key: 'field.maxChars' });
  });

  it('creates no code for an unknown e-mail', async () => {
    expect(await runtime.ctx.accounts.createLoginCode(demoBrand, 'nobody@example.com')).toBeUndefined();
  });
});

describe(`auto login lifetime setting (${testDbKind})`, async () => {
  const { runtime } = await createTestServer({ LOGIN_CODE_TTL_MINUTES: '3' });

  it('makes codes expire after LOGIN_CODE_TTL_MINUTES', async () => {
    const brand = await runtime.ctx.brands.resolve('localhost');
    const before = Date.now();
    const created = await runtime.ctx.accounts.createLoginCode(brand, 'demo@example.com');
    expect((created?.expiresAt.getTime() ?? 0) - before).toBeLessThanOrEqual(3 * 60_000 + 1000);
    expect((created?.expiresAt.getTime() ?? 0) - before).toBeGreaterThanOrEqual(3 * 60_000 - 1000);
  });
});

describe(`auto login rate limit (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });

  it('refuses the 4th code guess in a minute from one address with 429 and retry-after', async () => {
    const guess = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/api/accounts/login/guess-${n}`,
        payload: {},
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    const limited = await guess(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
