import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formSubmissions, outbox } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`contact forms (spec §5, §7 forms/submit) (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const brandOn = async (host: string) =>
    (await app.inject({ method: 'GET', url: '/api/brand', headers: { host } })).json().data;
  const aurora = await brandOn('aurora.localhost');
  const demo = await brandOn('localhost');
  const submit = (values: Record<string, unknown>, token = aurora.formsToken, form = 'contact') =>
    app.inject({
      method: 'POST',
      url: `/api/forms/submit/${form}?token=${encodeURIComponent(token)}`,
      headers: { host: 'aurora.localhost' },
      payload: { form: values },
    });

  it("refuses an empty public contact form with the spec's messages", async () => {
    const res = await submit({ name: '', email: 'not-an-email', message: '' });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (res.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      'form.name': 'Name is required',
      'form.email': 'Invalid email address',
      'form.message': 'Message is required',
    });
    const missing = await submit({ name: 'A', message: 'B' });
    expect(missing.json().errors[0]).toMatchObject({ path: 'form.email', message: 'Email is Required' });
  });

  it("keeps a valid message and mails it to the brand's support address", async () => {
    const res = await submit({
      name: 'Ada Visitor',
      email: 'ada@example.org',
      message: 'Do you offer <b>swap-free</b> accounts?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, data: { received: true } });
    const [stored] = await db.select().from(formSubmissions).where(eq(formSubmissions.form, 'contact'));
    expect(stored?.values).toEqual({
      name: 'Ada Visitor',
      email: 'ada@example.org',
      message: 'Do you offer <b>swap-free</b> accounts?',
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'support@aurora.example.com'));
    expect(mail?.subject).toContain('Ada Visitor');
    expect(mail?.text).toContain('Do you offer <b>swap-free</b> accounts?');
    expect(mail?.html).toContain('&lt;b&gt;swap-free&lt;/b&gt;');
  });

  it("refuses the content token, another brand's forms token and no token with 401", async () => {
    const values = { name: 'A', email: 'a@example.org', message: 'm' };
    expect((await submit(values, aurora.contentToken)).statusCode).toBe(401);
    expect((await submit(values, demo.formsToken)).statusCode).toBe(401);
    expect((await submit(values, '')).statusCode).toBe(401);
  });

  it('answers 404 for a form that does not exist', async () => {
    expect((await submit({ name: 'A' }, aurora.formsToken, 'newsletter')).statusCode).toBe(404);
  });

  it("keeps the platform contact page's message as 'platform-contact', naming a logged-in client", async () => {
    const client = await registerClient(app, {}, { host: 'aurora.localhost' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host: 'aurora.localhost' },
      payload: {
        first_name: 'Robin',
        last_name: 'Register',
        email: client.email,
        phone: '+44 7400 123456',
        message: 'Please raise my leverage.',
        token: client.token,
      },
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.form, 'platform-contact'));
    expect(stored?.values).toMatchObject({
      first_name: 'Robin',
      message: 'Please raise my leverage.',
      client_pin: client.user.pin,
    });
    expect(stored?.values).not.toHaveProperty('token');
  });

  it('requires every platform contact field (spec §5)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { first_name: 'Robin', last_name: '', email: 'r@example.org', phone: '', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'last_name',
      'message',
      'phone',
    ]);
  });
});

describe(`contact form rate limit (${testDbKind})`, async () => {
  const { app } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  const { formsToken } = (await app.inject({ method: 'GET', url: '/api/brand' })).json().data;

  it('slows down form spam: the 3rd message in a minute from one address is refused with 429', async () => {
    const send = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/api/forms/submit/contact?token=${formsToken}`,
        payload: { form: { name: 'Spam', email: `spam${n}@example.org`, message: 'Buy now' } },
        remoteAddress: '10.7.0.1',
      });
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(200);
    const limited = await send(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
