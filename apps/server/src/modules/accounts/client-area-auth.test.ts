import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { affiliates, sessions } from '../../db/schema.js';
import { hashToken } from '../../lib/random.js';
import { trendSettings } from '../../test/auto-trading-kit.js';
import { jpegBytes, multipart, registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * Every client-area call except login, login/{code} and register needs a live client session
 * (spec §7: bearer-authenticated; architecture §8). Each call gets a body that would otherwise
 * be accepted, so only the token decides.
 */
describe(`client-area calls refuse requests without a live session (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;

  type Call = (token: string | undefined) => Promise<LightMyRequestResponse>;
  const json =
    (url: string, body: object): Call =>
    (token) =>
      app.inject({ method: 'POST', url, payload: token === undefined ? body : { ...body, token } });
  const calls: Record<string, Call> = {
    'POST /api/accounts/get': json('/api/accounts/get', {}),
    'POST /api/accounts/logout': json('/api/accounts/logout', {}),
    'POST /api/accounts/update': json('/api/accounts/update', {
      first_name: 'A',
      last_name: 'B',
      phone: '+4915123456789',
      birth_date: '1990-01-01',
      country_id: 1,
      state: 'S',
      city: 'C',
      street: 'St 1',
      zip_code: '12345',
    }),
    'POST /api/accounts/updatePassword': json('/api/accounts/updatePassword', {
      current_password: 'Whatever000!',
      new_password: 'Whatever123!',
      confirm_password: 'Whatever123!',
    }),
    'POST /api/accounts/autoTrading': json('/api/accounts/autoTrading', { auto_trading: 1 }),
    'POST /api/accounts/popups': json('/api/accounts/popups', {}),
    // the client area's auto-trading calls
    'POST /api/autoTrading/overview': json('/api/autoTrading/overview', {}),
    'POST /api/autoTrading/settings': json('/api/autoTrading/settings', {
      settings: trendSettings(['BTCUSD']),
    }),
    'POST /api/autoTrading/backtest': json('/api/autoTrading/backtest', {
      settings: trendSettings(['BTCUSD']),
      symbol: 'BTCUSD',
    }),
    'POST /api/autoTrading/journal': json('/api/autoTrading/journal', {}),
    'POST /api/accounts/popup': json('/api/accounts/popup', { id: 1 }),
    'POST /api/accounts/upload': (token) => {
      const form = multipart([
        ...(token === undefined ? [] : [['token', token] as [string, string]]),
        ['type', 'doc_passport'],
        { filename: 'passport.jpg', contentType: 'image/jpeg', content: jpegBytes() },
      ]);
      return app.inject({ method: 'POST', url: '/api/accounts/upload', ...form });
    },
    'GET /api/get/countries': (token) =>
      app.inject({ method: 'GET', url: `/api/get/countries${token === undefined ? '' : `?token=${token}`}` }),
    'GET /api/get/assets': (token) =>
      app.inject({ method: 'GET', url: `/api/get/assets${token === undefined ? '' : `?token=${token}`}` }),
  };

  const expectUnauthorized = async (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Please log in again.',
    });
  };

  const client = await registerClient(app);
  const revoked = await registerClient(app);
  await app.inject({ method: 'POST', url: '/api/accounts/logout', payload: { token: revoked.token } });
  const idle = await registerClient(app);
  const longAgo = new Date(Date.now() - 21 * 60_000);
  await db
    .update(sessions)
    .set({ lastSeenAt: longAgo, createdAt: longAgo })
    .where(eq(sessions.tokenHash, hashToken(idle.token)));
  const [partner] = await db.select().from(affiliates).limit(1);
  const affiliate = await runtime.ctx.sessions.issue('affiliate', partner?.id ?? 1, { info: '', ip: '' });

  describe.each(Object.keys(calls))('%s', (name) => {
    const call = calls[name] as Call;
    it('refuses a request without a token', async () => expectUnauthorized(await call(undefined)));
    it('refuses a made-up token', async () => expectUnauthorized(await call('made-up-token')));
    it('refuses the token of a logged-out session', async () =>
      expectUnauthorized(await call(revoked.token)));
    it('refuses the token of a session idle for more than 20 minutes', async () =>
      expectUnauthorized(await call(idle.token)));
    it('refuses the token of an affiliate session', async () =>
      expectUnauthorized(await call(affiliate.token)));
  });

  it('still serves the live client (so the refusals above are about the token)', async () => {
    for (const name of [
      'POST /api/accounts/get',
      'POST /api/accounts/popups',
      'GET /api/get/countries',
      'POST /api/autoTrading/overview',
      'POST /api/autoTrading/journal',
    ]) {
      expect((await (calls[name] as Call)(client.token)).statusCode, name).toBe(200);
    }
  });
});
