import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countries, users } from '../../db/schema.js';
import { LOGIN_THROTTLE } from '../../lib/failure-throttle.js';
import { verifyPassword } from '../../lib/passwords.js';
import { autoClient, trendSettings } from '../../test/auto-trading-kit.js';
import { loginToken, registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`profile, password and auto-trading of a logged-in client (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  const [germany] = await db.select().from(countries).where(eq(countries.alpha2, 'DE'));
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });
  const refresh = async (token: string) => (await post('/api/accounts/get', { token })).json().data?.user;
  const profile = (overrides: Record<string, unknown> = {}) => ({
    first_name: '  Jamie ',
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
  }) => res.json().errors ?? [];

  describe('update', () => {
    it('saves the profile and answers the updated user, which replaces the stored one', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', { token: client.token, ...profile() });
      expect(res.statusCode).toBe(200);
      const { status, data } = res.json();
      expect(status).toBe(true);
      expect(data).toMatchObject({
        token: client.token,
        email: client.email,
        first_name: 'Jamie',
        full_name: 'Jamie Profile',
        phone: '+4915123456789',
        birth_date: '1990-05-17',
        country_id: germany?.id,
        state: 'Bayern',
        city: 'München',
        street: 'Marienplatz 1',
        zip_code: '80331',
        pin: client.user.pin,
      });
      expect(await refresh(client.token)).toEqual(data);
    });

    it('takes the token from the bearer header as well', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', profile({ city: 'Augsburg' }), {
        authorization: `Bearer ${client.token}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.city).toBe('Augsburg');
    });

    it('changes nothing but the profile fields: e-mail, verification, level and PIN stay', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', {
        token: client.token,
        ...profile(),
        email: 'hijack@example.com',
        verified_account: 1,
        level: 'VIP',
        pin: '1234567',
        assets_group_permission: [1, 2, 3, 4, 5],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        email: client.email,
        verified_account: 0,
        level: 'Basic',
        pin: client.user.pin,
        assets_group_permission: [],
      });
    });

    it("changes only the caller's own profile", async () => {
      const alice = await registerClient(app);
      const bob = await registerClient(app);
      await post('/api/accounts/update', { token: alice.token, ...profile({ first_name: 'Alice' }) });
      expect((await refresh(bob.token)).first_name).toBe('Robin');
    });

    it('refuses a country id that does not exist', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', {
        token: client.token,
        ...profile({ country_id: 99_999 }),
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          path: 'country_id',
          key: 'field.invalid',
          message: 'Country is not valid',
        }),
      ]);
    });

    it("refuses an invalid phone with 'Phone number not valid'", async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', {
        token: client.token,
        ...profile({ phone: '+49 123' }),
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toContainEqual(
        expect.objectContaining({ path: 'phone', message: 'Phone number not valid' }),
      );
    });

    it('names every missing field (spec §5: all profile fields are required)', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', { token: client.token });
      expect(res.statusCode).toBe(400);
      expect(
        errorsOf(res)
          .map((e) => e.path)
          .sort(),
      ).toEqual(
        [
          'birth_date',
          'city',
          'country_id',
          'first_name',
          'last_name',
          'phone',
          'state',
          'street',
          'zip_code',
        ].sort(),
      );
    });

    it.each([
      ['an impossible date', { birth_date: '1990-02-30' }, 'birth_date', 'field.invalid'],
      ['a country id as text', { country_id: 'Germany' }, 'country_id', 'field.invalid'],
      ['a negative country id', { country_id: -4 }, 'country_id', 'field.invalid'],
      ['a 201-character street', { street: 's'.repeat(201) }, 'street', 'field.maxChars'],
      ['a 21-character zip code', { zip_code: '1'.repeat(21) }, 'zip_code', 'field.maxChars'],
      ['an object as the city', { city: { name: 'x' } }, 'city', 'field.invalid'],
    ])('refuses %s', async (_, override, path, key) => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/update', { token: client.token, ...profile(override) });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ path, key }));
    });
  });

  describe('updatePassword', () => {
    it('sets the new password: the old one stops working, the new one works', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: client.password,
        new_password: 'BrandNew456!',
        confirm_password: 'BrandNew456!',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: true, data: { email: client.email, new_password: '' } });
      const [row] = await db.select().from(users).where(eq(users.email, client.email));
      expect(await verifyPassword(row?.passwordHash ?? '', 'BrandNew456!')).toBe(true);
      const oldLogin = await post('/api/accounts/login', { email: client.email, password: client.password });
      expect(oldLogin.statusCode).toBe(401);
      expect(await loginToken(app, client.email, 'BrandNew456!')).toBeTruthy();
    });

    it("ends the client's other sessions and keeps the one that changed the password", async () => {
      const client = await registerClient(app);
      const otherDevice = await loginToken(app, client.email, client.password);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: client.password,
        new_password: 'BrandNew456!',
        confirm_password: 'BrandNew456!',
      });
      expect(res.statusCode).toBe(200);
      expect((await post('/api/accounts/get', { token: client.token })).statusCode).toBe(200);
      expect((await post('/api/accounts/get', { token: otherDevice })).statusCode).toBe(401);
    });

    it("refuses a confirmation that differs with 'The passwords do not match'", async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: client.password,
        new_password: 'BrandNew456!',
        confirm_password: 'BrandNew456?',
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          path: 'confirm_password',
          key: 'password.mismatch',
          message: 'The passwords do not match',
        }),
      ]);
      expect(await loginToken(app, client.email, client.password)).toBeTruthy();
    });

    it.each([
      ['a 7-character password', { new_password: 'Short1!', confirm_password: 'Short1!' }, 'field.minChars'],
      ['a missing password', { confirm_password: 'BrandNew456!' }, 'field.required'],
      ['a number as the password', { new_password: 12345678, confirm_password: 12345678 }, 'field.invalid'],
      [
        'a 129-character password',
        { new_password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
        'field.maxChars',
      ],
    ])('refuses %s', async (_, body, key) => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: client.password,
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ path: 'new_password', key }));
    });

    // A stolen session token alone must not take the account for good.
    it('refuses a change without the current password, as older clients sent it, and changes nothing', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        new_password: 'Stolen456!',
        confirm_password: 'Stolen456!',
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          path: 'current_password',
          key: 'field.required',
          message: 'Current password is required',
        }),
      ]);
      expect(await loginToken(app, client.email, client.password)).toBeTruthy();
    });
    it('refuses the current password as the new one with a clear message, changing nothing', async () => {
      const client = await registerClient(app);
      const otherDevice = await loginToken(app, client.email, client.password);
      const [before] = await db.select().from(users).where(eq(users.email, client.email));
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: client.password,
        new_password: client.password,
        confirm_password: client.password,
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          path: 'new_password',
          key: 'password.sameAsCurrent',
          message: 'The new password must be different from your current password',
        }),
      ]);
      const [after] = await db.select().from(users).where(eq(users.email, client.email));
      expect(after?.passwordHash).toBe(before?.passwordHash);
      // no session ended: nothing happened
      expect((await post('/api/accounts/get', { token: otherDevice })).statusCode).toBe(200);
    });

    it("refuses a wrong current password with 'The current password is not correct', changing nothing", async () => {
      const client = await registerClient(app);
      const otherDevice = await loginToken(app, client.email, client.password);
      const res = await post('/api/accounts/updatePassword', {
        token: client.token,
        current_password: 'not-my-password',
        new_password: 'Stolen456!',
        confirm_password: 'Stolen456!',
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          path: 'current_password',
          key: 'password.currentWrong',
          message: 'The current password is not correct',
        }),
      ]);
      const [row] = await db.select().from(users).where(eq(users.email, client.email));
      expect(await verifyPassword(row?.passwordHash ?? '', client.password)).toBe(true);
      // the client's other sessions go on: nothing happened
      expect((await post('/api/accounts/get', { token: otherDevice })).statusCode).toBe(200);
    });

    it('slows down guessing the current password with one session: 429, then waits that grow', async () => {
      const client = await registerClient(app);
      const guess = (token: string) =>
        post('/api/accounts/updatePassword', {
          token,
          current_password: 'guess-1234',
          new_password: 'Stolen456!',
          confirm_password: 'Stolen456!',
        });
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
        expect((await guess(client.token)).statusCode).toBe(400);
      expect((await guess(client.token)).statusCode).toBe(400);
      const refused = await guess(client.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'auth.throttled' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The owner's own session is not held up by the thief's guesses.
      const owner = await loginToken(app, client.email, client.password);
      const change = await post('/api/accounts/updatePassword', {
        token: owner,
        current_password: client.password,
        new_password: 'Recovered456!',
        confirm_password: 'Recovered456!',
      });
      expect(change.statusCode).toBe(200);
      // ...and changing it ends the thief's session.
      expect((await post('/api/accounts/get', { token: client.token })).statusCode).toBe(401);
    });
  });

  describe('autoTrading', () => {
    it('turns auto-trading on with 1 and off with 0 (spec §4), answering the updated user', async () => {
      // switching on needs a verified account and saved settings
      const client = await autoClient(server);
      const saved = await post('/api/autoTrading/settings', {
        token: client.token,
        settings: trendSettings(['BTCUSD']),
      });
      expect(saved.statusCode).toBe(200);
      for (const [sent, expected] of [
        [1, 1],
        [0, 0],
        ['1', 1],
        [true, 1],
        [false, 0],
      ] as const) {
        const res = await post('/api/accounts/autoTrading', { token: client.token, auto_trading: sent });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ email: client.email, auto_trading: expected });
        const [row] = await db.select().from(users).where(eq(users.email, client.email));
        expect(row?.autoTrading).toBe(expected === 1);
      }
    });

    it('refuses to switch on without saved settings, in words, and changes nothing', async () => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/autoTrading', { token: client.token, auto_trading: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'AUTO_TRADING_NO_SETTINGS',
        key: 'auto.error.noSettings',
      });
      const [row] = await db.select().from(users).where(eq(users.email, client.email));
      expect(row?.autoTrading).toBe(false);
    });

    it.each([[2], ['yes'], [null], [[1]]])('refuses auto_trading %j', async (value) => {
      const client = await registerClient(app);
      const res = await post('/api/accounts/autoTrading', { token: client.token, auto_trading: value });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]).toMatchObject({ path: 'auto_trading' });
    });
  });
});
