import { describe, expect, it } from 'vitest';
import { formSubmissions } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

// A NUL byte in a contact form (or anywhere else) answered 500: PostgreSQL refuses it.
describe(`contact forms refuse control characters (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const brand = (await app.inject({ method: 'GET', url: '/api/brand' })).json().data;
  const errorsOf = (res: { json: () => { errors?: Array<{ path: string; message: string }> } }) =>
    (res.json().errors ?? []).map((e) => [e.path, e.message]);

  it('the public contact form answers the field’s message and keeps nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/submit/contact?token=${encodeURIComponent(brand.formsToken)}`,
      payload: { form: { name: 'Ada\u0000', email: 'ada@example.com', message: 'Hello\u0000' } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      ['form.name', 'Name contains characters that are not allowed'],
      ['form.message', 'Message contains characters that are not allowed'],
    ]);
    expect(await db.select().from(formSubmissions)).toEqual([]);
  });

  it('a NUL that no schema checks (a content lookup by name or slug) answers 400, not 500', async () => {
    const token = encodeURIComponent(brand.contentToken);
    const singleton = await app.inject({ method: 'GET', url: `/api/singletons/get/x%00?token=${token}` });
    expect(singleton.statusCode, singleton.body).toBe(400);
    expect(singleton.json()).toMatchObject({ status: false, code: 'BAD_REQUEST', key: 'error.validation' });
    const page = await app.inject({
      method: 'POST',
      url: `/api/collections/get/page?token=${token}`,
      payload: { filter: { published: true, title_slug: 'index\u0000' }, lang: 'en' },
    });
    expect(page.statusCode, page.body).toBe(400);
  });

  it('the platform contact page too, while a message keeps its line breaks', async () => {
    const values = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+4915112345678',
    };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...values, message: 'Hi\u0000there' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorsOf(refused)).toEqual([['message', 'Message contains characters that are not allowed']]);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...values, message: 'Hello,\r\n\tplease call me.\nAda' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await db.select().from(formSubmissions);
    expect(row?.values).toMatchObject({ message: 'Hello,\r\n\tplease call me.\nAda' });
  });
});
