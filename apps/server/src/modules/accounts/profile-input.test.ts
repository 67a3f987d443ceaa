import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countries, users } from '../../db/schema.js';
import { registerClient, registrationForm } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

// NUL bytes answered 500, and the profile took a birth date of 2099-12-31 or a minor's.
describe(`profile and registration input checks (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const [germany] = await db.select().from(countries).where(eq(countries.alpha2, 'DE'));
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });
  const profile = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Jamie',
    last_name: 'Profile',
    phone: '+49 151 2345 6789',
    birth_date: '1990-05-17',
    country_id: germany?.id,
    state: 'Bayern',
    city: 'München',
    street: 'Marienplatz 1',
    zip_code: '80331',
    ...overrides,
  });
  const errorsOf = (res: {
    json: () => { errors?: Array<{ path: string; key: string; message: string }> };
  }) => (res.json().errors ?? []).map((e) => [e.path, e.message]);
  const rowOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  /** A birth date `years` years before today (UTC), shifted by `days`. */
  const yearsAgo = (years: number, days = 0) => {
    const d = new Date();
    const date = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days));
    return date.toISOString().slice(0, 10);
  };

  it('refuses NUL and other control characters in the profile with each field’s message, changing nothing', async () => {
    const client = await registerClient(app);
    const res = await post('/api/accounts/update', {
      token: client.token,
      ...profile({ first_name: 'Ja\u0000mie', street: 'Marienplatz\u0000 1', city: 'M\u001bünchen' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      ['first_name', 'First name contains characters that are not allowed'],
      ['city', 'City contains characters that are not allowed'],
      ['street', 'Street contains characters that are not allowed'],
    ]);
    expect((await rowOf(client.email))?.firstName).toBe(client.user.first_name);
  });

  it('refuses a NUL byte in the registration form instead of failing in SQL', async () => {
    const form = registrationForm({ last_name: 'Null\u0000Byte' });
    const res = await post('/api/accounts/register', form);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([['last_name', 'Last name contains characters that are not allowed']]);
    expect(await rowOf(String(form.email))).toBeUndefined();
  });

  it('keeps client info with control characters out of SQL: registration and login still work', async () => {
    const form = registrationForm({ info: 'agent\u0000x' });
    const registered = await post('/api/accounts/register', form);
    expect(registered.statusCode, registered.body).toBe(200);
    const login = await post('/api/accounts/login', {
      email: form.email,
      password: form.password,
      info: { ua: 'agent\u0000x' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const raw = await post('/api/accounts/login', {
      email: form.email,
      password: form.password,
      info: 'ip\u0000',
    });
    expect(raw.statusCode, raw.body).toBe(200);
  });

  it('refuses a birth date in the future, such as 2099-12-31', async () => {
    const client = await registerClient(app);
    const res = await post('/api/accounts/update', {
      token: client.token,
      ...profile({ birth_date: '2099-12-31' }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([['birth_date', "The birth date can't be in the future"]]);
    expect((await rowOf(client.email))?.birthDate).toBeNull();
  });

  it('refuses a minor, and accepts the client from the 18th birthday on', async () => {
    const client = await registerClient(app);
    const minor = await post('/api/accounts/update', {
      token: client.token,
      ...profile({ birth_date: yearsAgo(18, 1) }),
    });
    expect(minor.statusCode).toBe(400);
    expect(errorsOf(minor)).toEqual([['birth_date', 'You must be at least 18 years old to open an account']]);
    const adult = await post('/api/accounts/update', {
      token: client.token,
      ...profile({ birth_date: yearsAgo(18) }),
    });
    expect(adult.statusCode, adult.body).toBe(200);
    expect(adult.json().data.birth_date).toBe(yearsAgo(18));
  });

  it("applies the brand's own minimum age, which GET /api/brand tells the web app", async () => {
    const brand = await runtime.ctx.brands.resolve('localhost');
    const saved = brand.settings.minAge;
    brand.settings.minAge = 21;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/brand' })).json().data.minAge).toBe(21);
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', {
        token: client.token,
        ...profile({ birth_date: yearsAgo(20) }),
      });
      expect(errorsOf(res)).toEqual([['birth_date', 'You must be at least 21 years old to open an account']]);
    } finally {
      brand.settings.minAge = saved;
    }
    expect((await app.inject({ method: 'GET', url: '/api/brand' })).json().data.minAge).toBe(18);
  });
});
