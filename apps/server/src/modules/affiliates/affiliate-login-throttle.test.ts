import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../lib/failure-throttle.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { buildAffiliate } from './affiliates.factories.js';

// As for clients: wrong passwords slow down per e-mail and address together.
describe(`affiliate login throttling per e-mail and address (${testDbKind})`, async () => {
  // The default limit per address (10 a minute), as shipped.
  const { app, runtime } = await createTestServer();
  const demoBrand = await runtime.ctx.brands.resolve('localhost');
  const post = (url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });

  it('ten wrong passwords from address A do not stop the affiliate logging in from address B', async () => {
    const partner = await buildAffiliate(runtime.ctx.database.db, demoBrand.id);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await post('/api/affiliate/login', { email: partner.email, password: 'guess-1234' }, '10.40.0.1'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, LOGIN_THROTTLE.freeFailures + 1).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_THROTTLE.freeFailures + 1)).toContain(429);
    const owner = await post(
      '/api/affiliate/login',
      { email: partner.email, password: partner.password },
      '10.40.0.2',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('a guessed current password with a stolen token slows down; the owner can still change it', async () => {
    const partner = await buildAffiliate(runtime.ctx.database.db, demoBrand.id);
    const login = async (address: string) =>
      (
        await post('/api/affiliate/login', { email: partner.email, password: partner.password }, address)
      ).json().data.access_token as string;
    const stolen = await login('10.41.0.1');
    const guess = () =>
      post(
        '/api/affiliate/updatePassword',
        { token: stolen, password: 'guess-1234', new_password: 'Stolen456!', confirm_password: 'Stolen456!' },
        '10.41.0.1',
      );
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) expect((await guess()).statusCode).toBe(400);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const own = await login('10.41.0.2');
    const changed = await post(
      '/api/affiliate/updatePassword',
      {
        token: own,
        password: partner.password,
        new_password: 'Recovered456!',
        confirm_password: 'Recovered456!',
      },
      '10.41.0.2',
    );
    expect(changed.statusCode).toBe(200);
  });
});
