import { describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`health and readiness (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();

  it('answers liveness with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { uptime: expect.any(Number) } });
  });

  it('is ready when the database answers, and says which database it uses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ database: 'ok', databaseKind: testDbKind });
    expect(res.json().data.redis).toBe(process.env.REDIS_URL ? 'ok' : 'not configured');
  });

  it('reports not ready (503) once the database is gone', async () => {
    const { ctx } = runtime;
    const original = ctx.database.ping;
    ctx.database.ping = async () => {
      throw new Error('connection lost');
    };
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: false, data: { database: 'down' } });
    } finally {
      ctx.database.ping = original;
    }
  });

  it('sends security headers on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with the JSON error envelope, not the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      code: 'NOT_FOUND',
      key: 'error.notFound',
      message: 'The requested resource was not found.',
    });
  });

  it('publishes the OpenAPI document with the health routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/brand']),
    );
  });

  it('documents every client-area call of spec §7 in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/accounts/login',
        '/api/accounts/login/{code}',
        '/api/accounts/register',
        '/api/accounts/get',
        '/api/accounts/logout',
        '/api/accounts/update',
        '/api/accounts/updatePassword',
        '/api/accounts/autoTrading',
        '/api/accounts/popups',
        '/api/accounts/popup',
        '/api/accounts/upload',
        '/api/get/forgotPassword',
        '/api/get/resetPassword',
        '/api/get/countries',
        '/api/get/assets',
      ]),
    );
    const register = doc.paths['/api/accounts/register'].post;
    expect(JSON.stringify(register.requestBody)).toContain('source_page');
  });
});
