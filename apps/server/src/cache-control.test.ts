import { describe, expect, it } from 'vitest';
import { registerClient } from './test/factories.js';
import { createTestServer, testDbKind } from './test/harness.js';

// authenticated JSON and answers with personal data must never be kept by a cache.
describe(`Cache-Control: no-store on private answers (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const client = await registerClient(app);
  const cacheControl = (res: { headers: Record<string, unknown> }) => res.headers['cache-control'];

  it("answers a client's session calls with no-store, whichever way the token comes", async () => {
    const inBody = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: client.token },
    });
    expect(inBody.statusCode).toBe(200);
    expect(cacheControl(inBody)).toBe('no-store');
    const inHeader = await app.inject({
      method: 'POST',
      url: '/api/accounts/getBalance',
      payload: {},
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(inHeader.statusCode).toBe(200);
    expect(cacheControl(inHeader)).toBe('no-store');
    const inQuery = await app.inject({ method: 'GET', url: `/api/get/countries?token=${client.token}` });
    expect(inQuery.statusCode).toBe(200);
    expect(cacheControl(inQuery)).toBe('no-store');
  });

  it('answers a login and a registration (the token and personal data) with no-store', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: client.email, password: client.password },
    });
    expect(login.statusCode).toBe(200);
    expect(cacheControl(login)).toBe('no-store');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: client.email, password: 'wrong-password' },
    });
    expect(cacheControl(refused)).toBe('no-store');
  });

  it("answers an affiliate's and the operator's calls with no-store", async () => {
    const affiliate = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      payload: { email: 'affiliate@example.com', password: 'Demo1234!' },
    });
    const me = await app.inject({
      method: 'POST',
      url: '/api/affiliate/me',
      payload: {},
      headers: { authorization: `Bearer ${affiliate.json().data.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(cacheControl(me)).toBe('no-store');
    const operator = await app.inject({
      method: 'GET',
      url: '/api/admin/transactions',
      headers: { authorization: `Bearer ${runtime.ctx.operatorToken}` },
    });
    expect(operator.statusCode).toBe(200);
    expect(cacheControl(operator)).toBe('no-store');
  });

  it('answers a refused or ended session with no-store too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: 'ended-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(cacheControl(res)).toBe('no-store');
  });

  it('leaves public files their own caching when no credentials come with the request', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(cacheControl(robots)).toBe('public, max-age=3600');
  });
});
