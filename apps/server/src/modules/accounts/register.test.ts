import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, countries, users } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { registrationForm, uniqueEmail } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { AccountsRepo } from './accounts.repo.js';
import { AccountsService } from './accounts.service.js';
import { LoginCodesRepo } from './login-codes.repo.js';

describe(`registration (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const register = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/accounts/register', payload: body as object, headers });
  const countryId = async (alpha2: string) =>
    (await db.select().from(countries).where(eq(countries.alpha2, alpha2)))[0]?.id;
  const fieldErrors = (json: { errors?: Array<{ path: string; key: string; message: string }> }) =>
    json.errors ?? [];

  await db.insert(brands).values([
    {
      slug: 'closed',
      name: 'Closed Broker',
      hosts: ['closed.example.com'],
      settings: {
        ...DEMO_BRAND_SETTINGS,
        features: { ...DEMO_BRAND_SETTINGS.features, registrationEnabled: false },
      },
    },
    { slug: 'sister', name: 'Sister Broker', hosts: ['sister.example.com'], settings: DEMO_BRAND_SETTINGS },
  ]);

  it('signs a visitor up and logs them in: the answer is a login answer with a working token', async () => {
    const form = registrationForm({ email: uniqueEmail('Robin').toUpperCase() });
    const res = await register(form);
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(true);
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({
      token: data.access_token,
      first_name: 'Robin',
      last_name: 'Register',
      full_name: 'Robin Register',
      email: form.email.toLowerCase(),
      phone: '+447400123456',
      country_id: await countryId('GB'),
      verified_account: 0,
      auto_trading: 0,
      level: 'Basic',
      doc_passport: { status: '0', note: '', updated: null },
    });
    expect(data.user.pin).toMatch(/^[1-9]\d{6}$/);
    expect(data.user.uniqid).toMatch(/^[A-Z2-9]{10}$/);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: data.access_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.user.email).toBe(form.email.toLowerCase());
  });

  it('stores the password as an argon2id hash, and the new client can log in with it', async () => {
    const form = registrationForm();
    await register(form);
    const [row] = await db.select().from(users).where(eq(users.email, form.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(form.password);
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: form.email, password: form.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the referral code and the landing page with the new client', async () => {
    const form = registrationForm({
      ref: 'DEMOAFF',
      source_page: 'https://broker.example.com/lp/summer?utm=x',
    });
    await register(form);
    const [row] = await db.select().from(users).where(eq(users.email, form.email));
    expect(row?.ref).toBe('DEMOAFF');
    expect(row?.sourcePage).toBe('https://broker.example.com/lp/summer?utm=x');
  });

  it('drops an unusable referral code instead of blocking the sign-up', async () => {
    const form = registrationForm({ ref: '<script>alert(1)</script>' });
    expect((await register(form)).statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.email, form.email));
    expect(row?.ref).toBeNull();
  });

  it('derives the country from the phone number, not from the form (spec §5)', async () => {
    const res = await register(registrationForm({ phone: '+49 151 23456789', country: 'FR' }));
    expect(res.json().data.user).toMatchObject({
      phone: '+4915123456789',
      country_id: await countryId('DE'),
    });
  });

  it('gives every client a different PIN and referral code', async () => {
    const a = (await register(registrationForm())).json().data.user;
    const b = (await register(registrationForm())).json().data.user;
    expect(a.pin).not.toBe(b.pin);
    expect(a.uniqid).not.toBe(b.uniqid);
  });

  it.each(['demo@example.com', 'DEMO@EXAMPLE.COM', '  Demo@Example.com  '])(
    "answers 409 'This email already exist' for the taken e-mail %j",
    async (email) => {
      const res = await register(registrationForm({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: false,
        code: 'EMAIL_TAKEN',
        key: 'auth.emailTaken',
        message: 'This email already exist',
      });
    },
  );

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('twin');
    const answers = await Promise.all([
      register(registrationForm({ email })),
      register(registrationForm({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await db.select({ n: count() }).from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(row?.n).toBe(1);
  });

  it('answers 409 when the e-mail is taken between the check and the insert (the unique index decides)', async () => {
    // A repository whose look-up always misses: the insert is what finds the clash.
    class LateRepo extends AccountsRepo {
      override async findByEmail() {
        return undefined;
      }
    }
    const service = new AccountsService(
      new LateRepo(db),
      runtime.ctx.sessions,
      new LoginCodesRepo(db),
      runtime.ctx.reference,
      { loginCodeTtlMs: 60_000 },
    );
    const brand = await runtime.ctx.brands.resolve('localhost');
    const form = registrationForm({ email: 'demo@example.com' });
    await expect(
      service.register(
        brand,
        { ...form, agree: true, country: null, ref: undefined, info: undefined },
        { info: '', ip: '127.0.0.1' },
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it("refuses an unchecked agree box with 'You must to agree to Terms & Conditions'", async () => {
    for (const agree of [false, 0, '0', undefined]) {
      const res = await register(registrationForm({ agree }));
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res.json())).toContainEqual(
        expect.objectContaining({
          path: 'agree',
          key: 'register.agreeRequired',
          message: 'You must to agree to Terms & Conditions',
        }),
      );
    }
  });

  it.each(['+1 555 0000', '12345', 'not a phone', '+44 7400 123456 999 999'])(
    "refuses the phone %j with 'Phone number not valid'",
    async (phone) => {
      const res = await register(registrationForm({ phone }));
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res.json())).toEqual([
        expect.objectContaining({ path: 'phone', key: 'phone.invalid', message: 'Phone number not valid' }),
      ]);
    },
  );

  it('names every missing field, each with a translatable message', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(
      fieldErrors(res.json())
        .map((e) => e.path)
        .sort(),
    ).toEqual(['agree', 'email', 'first_name', 'last_name', 'password', 'phone']);
    expect(fieldErrors(res.json())).toContainEqual(
      expect.objectContaining({ path: 'first_name', message: 'First name is required' }),
    );
  });

  it.each([
    ['a number as the first name', { first_name: 123 }, 'first_name', 'field.invalid'],
    ['an array as the e-mail', { email: ['a@b.com'] }, 'email', 'field.invalid'],
    ['a 101-character last name', { last_name: 'x'.repeat(101) }, 'last_name', 'field.maxChars'],
    ['a 7-character password', { password: 'Short1!' }, 'password', 'field.minChars'],
    ['a 129-character password', { password: 'p'.repeat(129) }, 'password', 'field.maxChars'],
    ['a 501-character landing page', { source_page: 'x'.repeat(501) }, 'source_page', 'field.maxChars'],
    ['a huge info object', { info: { blob: 'x'.repeat(5000) } }, 'info', 'field.maxChars'],
    ['a malformed e-mail', { email: 'robin@' }, 'email', 'email.invalid'],
  ])('refuses %s', async (_, override, path, key) => {
    const res = await register(registrationForm(override));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())).toContainEqual(expect.objectContaining({ path, key }));
  });

  it('refuses a body that is not JSON object data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  });

  it('answers 403 REGISTRATION_DISABLED on a brand with registration off, whatever the form, and creates nobody', async () => {
    const form = registrationForm();
    for (const body of [form, {}]) {
      const res = await register(body, { host: 'closed.example.com' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: false,
        code: 'REGISTRATION_DISABLED',
        key: 'register.disabled',
        message: 'Registration is not available on this site.',
      });
    }
    expect(await db.select().from(users).where(eq(users.email, form.email))).toEqual([]);
  });

  it("signs up on the host's own brand: an e-mail taken on one brand is free on another", async () => {
    const res = await register(registrationForm({ email: 'demo@example.com' }), {
      host: 'sister.example.com',
    });
    expect(res.statusCode).toBe(200);
    const [sister] = await db.select().from(brands).where(eq(brands.slug, 'sister'));
    const rows = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(rows.map((r) => r.brandId).sort()).toContain(sister?.id);
    expect(rows).toHaveLength(2);
    // The new session belongs to the sister brand only.
    const token = res.json().data.access_token;
    const elsewhere = await app.inject({ method: 'POST', url: '/api/accounts/get', payload: { token } });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe(`registration rate limits (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  const register = (body: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/accounts/register', payload: body, remoteAddress });

  it('refuses the 4th sign-up in a minute from one address with 429 and a retry-after header', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await register(registrationForm(), '10.1.0.1')).statusCode).toBe(200);
    }
    const limited = await register(registrationForm(), '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'error.rateLimited' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await register(registrationForm(), '10.1.0.2')).statusCode).toBe(200);
  });

  it('refuses the 4th attempt for one e-mail in a minute even when each comes from another address', async () => {
    const form = registrationForm({ email: 'demo@example.com' });
    for (let i = 0; i < 3; i++) expect((await register(form, `10.2.0.${i + 1}`)).statusCode).toBe(409);
    const limited = await register(form, '10.2.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
