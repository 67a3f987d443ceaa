import { TRANSACTION_STATUS } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, referralClicks, users } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { buildAffiliate, buildDeposit, setRegisteredAt } from './affiliates.factories.js';

describe(`affiliates (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const SISTER = { host: 'sister.example.com' };
  const [sister] = await db
    .insert(brands)
    .values({ slug: 'sister', name: 'Sister Broker', hosts: [SISTER.host], settings: DEMO_BRAND_SETTINGS })
    .returning();
  const demoBrand = await runtime.ctx.brands.resolve('localhost');
  if (!sister) throw new Error('no sister brand');

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });
  const affiliateLogin = async (email: string, password: string, headers: Record<string, string> = {}) => {
    const res = await post('/api/affiliate/login', { email, password }, headers);
    if (res.statusCode !== 200) throw new Error(`affiliate login failed: ${res.statusCode} ${res.body}`);
    return res.json().data.access_token as string;
  };
  const userIdOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  /** A client registered through `ref`, at `registeredAt`, optionally with deposits. */
  const referredClient = async (ref: string, registeredAt: Date, headers: Record<string, string> = {}) => {
    const client = await registerClient(
      app,
      { ref, source_page: `/lp/${ref.toLowerCase()}?ref=${ref}` },
      headers,
    );
    const id = await userIdOf(client.email);
    await setRegisteredAt(db, id, registeredAt);
    return { ...client, id };
  };
  const report = (
    token: string,
    where: string,
    from: string,
    until: string,
    headers: Record<string, string> = {},
  ) => post('/api/affiliate/get', { token, where, from, until }, headers);
  const funnel = (token: string, from: string, until: string, headers: Record<string, string> = {}) =>
    post('/api/affiliate/funnel', { token, where: 'created_at', from, until }, headers);

  describe('login and sessions (spec §6: separate login, separate session)', () => {
    it('logs the seeded affiliate in and answers its name, e-mail and tracking code', async () => {
      const res = await post('/api/affiliate/login', {
        email: 'Affiliate@Example.com',
        password: 'Demo1234!',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: true,
        data: {
          access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          affiliate: {
            first_name: 'Alex',
            last_name: 'Partner',
            email: 'affiliate@example.com',
            code: 'DEMOAFF',
          },
        },
      });
      const me = await post(
        '/api/affiliate/me',
        {},
        { authorization: `Bearer ${res.json().data.access_token}` },
      );
      expect(me.json().data.affiliate.code).toBe('DEMOAFF');
    });

    it("refuses a wrong password or an unknown e-mail alike: 'Invalid credentials.'", async () => {
      for (const body of [
        { email: 'affiliate@example.com', password: 'wrong' },
        { email: 'nobody@example.com', password: 'Demo1234!' },
      ]) {
        const res = await post('/api/affiliate/login', body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' });
      }
    });

    it("validates the login form (spec §5: 'invalid email address', password required)", async () => {
      const res = await post('/api/affiliate/login', { email: 'partner', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
        ['email', 'invalid email address'],
        ['password', 'Password is required'],
      ]);
    });

    it('a client cannot log in as an affiliate, nor an affiliate as a client', async () => {
      expect(
        (await post('/api/affiliate/login', { email: 'demo@example.com', password: 'Demo1234!' })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/accounts/login', { email: 'affiliate@example.com', password: 'Demo1234!' }))
          .statusCode,
      ).toBe(401);
    });

    it("a client's token is refused on affiliate calls, and an affiliate's token on client calls", async () => {
      const client = await registerClient(app);
      const affiliateToken = await affiliateLogin('affiliate@example.com', 'Demo1234!');
      for (const url of ['/api/affiliate/me', '/api/affiliate/logout']) {
        expect((await post(url, { token: client.token })).statusCode).toBe(401);
      }
      expect((await report(client.token, 'created_at', '2026-01-01', '2026-01-31')).statusCode).toBe(401);
      for (const url of ['/api/accounts/get', '/api/accounts/referrals']) {
        expect((await post(url, { token: affiliateToken })).statusCode).toBe(401);
      }
      // both stay logged in side by side
      expect((await post('/api/accounts/get', { token: client.token })).statusCode).toBe(200);
      expect((await post('/api/affiliate/me', { token: affiliateToken })).statusCode).toBe(200);
    });

    it("refuses an affiliate's token on another brand's host", async () => {
      const token = await affiliateLogin('affiliate@example.com', 'Demo1234!');
      expect((await post('/api/affiliate/me', { token }, SISTER)).statusCode).toBe(401);
      expect((await report(token, 'created_at', '2026-01-01', '2026-01-31', SISTER)).statusCode).toBe(401);
    });

    it('logs in only on its own brand', async () => {
      const partner = await buildAffiliate(db, sister.id);
      expect(
        (await post('/api/affiliate/login', { email: partner.email, password: partner.password })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/affiliate/login', { email: partner.email, password: partner.password }, SISTER))
          .statusCode,
      ).toBe(200);
    });

    it('logout ends the session at once', async () => {
      const token = await affiliateLogin('affiliate@example.com', 'Demo1234!');
      expect((await post('/api/affiliate/logout', { token })).statusCode).toBe(200);
      expect((await post('/api/affiliate/me', { token })).statusCode).toBe(401);
    });
  });

  describe('password change', () => {
    it('needs the current password and the spec §5 rules, then ends the other sessions', async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const token = await affiliateLogin(partner.email, partner.password);
      const other = await affiliateLogin(partner.email, partner.password);
      const change = (body: object) => post('/api/affiliate/updatePassword', { token, ...body });

      const invalid = await change({
        password: partner.password,
        new_password: 'short',
        confirm_password: 'other',
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors[0]).toMatchObject({
        path: 'new_password',
        message: 'New password has minimum 8 characters',
      });
      const mismatch = await change({
        password: partner.password,
        new_password: 'long enough 1',
        confirm_password: 'long enough 2',
      });
      expect(mismatch.json().errors[0].message).toBe('The passwords do not match');
      // the new password must differ from the current one
      const same = await change({
        password: partner.password,
        new_password: partner.password,
        confirm_password: partner.password,
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual([
        expect.objectContaining({
          path: 'new_password',
          key: 'password.sameAsCurrent',
          message: 'The new password must be different from your current password',
        }),
      ]);
      expect((await post('/api/affiliate/me', { token: other })).statusCode).toBe(200);
      const wrong = await change({
        password: 'not it',
        new_password: 'new secret 1',
        confirm_password: 'new secret 1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0]).toMatchObject({ path: 'password', key: 'password.currentWrong' });

      const done = await change({
        password: partner.password,
        new_password: 'new secret 1',
        confirm_password: 'new secret 1',
      });
      expect(done.statusCode).toBe(200);
      expect((await post('/api/affiliate/me', { token })).statusCode).toBe(200);
      expect((await post('/api/affiliate/me', { token: other })).statusCode).toBe(401);
      expect(
        (await post('/api/affiliate/login', { email: partner.email, password: partner.password })).statusCode,
      ).toBe(401);
      await affiliateLogin(partner.email, 'new secret 1');
    });
  });

  describe('filter validation (spec §5: filter by created_at or transactions, from and until required)', () => {
    it('requires every field, real dates and until ≥ from', async () => {
      const token = await affiliateLogin('affiliate@example.com', 'Demo1234!');
      const messages = async (body: object) =>
        (await post('/api/affiliate/get', { token, ...body }))
          .json()
          .errors.map((e: { path: string; message: string }) => [e.path, e.message]);
      expect(await messages({})).toEqual([
        ['where', 'Filter by is required'],
        ['from', 'From is required'],
        ['until', 'Until is required'],
      ]);
      expect(await messages({ where: 'email', from: '2026-02-30', until: '2026-03-01' })).toEqual([
        ['where', 'Filter by is not valid'],
        ['from', 'From is not valid'],
      ]);
      expect(await messages({ where: 'transactions', from: '2026-03-02', until: '2026-03-01' })).toEqual([
        ['until', "The until date can't be before the from date"],
      ]);
      expect(await messages({ where: 'created_at', from: '2024-01-01', until: '2025-06-01' })).toEqual([
        ['until', 'The period can be at most 366 days long'],
      ]);
    });
  });

  describe('report: referred accounts with their first-time deposit', () => {
    it('takes from and until as whole UTC days, both included', async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const token = await affiliateLogin(partner.email, partner.password);
      const before = await referredClient(partner.code, new Date('2026-03-31T23:59:59.999Z'));
      const first = await referredClient(partner.code, new Date('2026-04-01T00:00:00.000Z'));
      const last = await referredClient(partner.code, new Date('2026-04-30T23:59:59.999Z'));
      const after = await referredClient(partner.code, new Date('2026-05-01T00:00:00.000Z'));
      const ids = async (from: string, until: string) =>
        (await report(token, 'created_at', from, until)).json().data.map((a: { id: number }) => a.id);
      expect(await ids('2026-04-01', '2026-04-30')).toEqual([last.id, first.id]);
      expect(await ids('2026-03-31', '2026-03-31')).toEqual([before.id]);
      expect(await ids('2026-05-01', '2026-05-01')).toEqual([after.id]);
      expect(await ids('2026-06-01', '2026-06-30')).toEqual([]);
    });

    it("lists each account's fields and its first approved deposit (earliest by completion), or null", async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const token = await affiliateLogin(partner.email, partner.password);
      const client = await referredClient(partner.code, new Date('2026-02-10T10:00:00Z'));
      const quiet = await referredClient(partner.code, new Date('2026-02-11T10:00:00Z'));
      await buildDeposit(db, client.id, {
        amount: '900.00',
        at: new Date('2026-02-10T09:00:00Z'),
        statusId: TRANSACTION_STATUS.declined,
      });
      await buildDeposit(db, client.id, { amount: '500.00', at: new Date('2026-02-12T08:00:00Z') });
      await buildDeposit(db, client.id, {
        amount: '300.00',
        at: new Date('2026-02-11T08:00:00Z'),
        statusId: TRANSACTION_STATUS.pending,
      });
      await buildDeposit(db, client.id, {
        amount: '250.50',
        at: new Date('2026-02-11T12:00:00Z'),
        typeId: 2,
      });
      // a bonus (type 4) and a withdrawal (type 6) are not deposits
      await buildDeposit(db, client.id, { amount: '50.00', at: new Date('2026-02-10T11:00:00Z'), typeId: 4 });
      await buildDeposit(db, quiet.id, { amount: '-20.00', at: new Date('2026-02-12T11:00:00Z'), typeId: 6 });

      const res = await report(token, 'created_at', '2026-02-01', '2026-02-28');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toEqual([
        {
          id: quiet.id,
          first_name: 'Robin',
          last_name: 'Register',
          email: quiet.email,
          country: 'United Kingdom',
          created_at: '2026-02-11T10:00:00.000Z',
          source_page: `/lp/${partner.code.toLowerCase()}?ref=${partner.code}`,
          transaction: null,
        },
        expect.objectContaining({
          id: client.id,
          transaction: { amount: '250.50', currency: 'EUR', completed_at: '2026-02-11T12:00:00.000Z' },
        }),
      ]);
      expect(body.totals).toEqual({
        accounts: 2,
        first_time_depositors: 1,
        conversion_rate: 0.5,
        first_deposits_total: '250.50',
      });
    });

    it('where: transactions lists the accounts whose first deposit falls in the period', async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const token = await affiliateLogin(partner.email, partner.password);
      const early = await referredClient(partner.code, new Date('2026-01-05T10:00:00Z'));
      const late = await referredClient(partner.code, new Date('2026-01-20T10:00:00Z'));
      await referredClient(partner.code, new Date('2026-01-21T10:00:00Z'));
      await buildDeposit(db, early.id, { amount: '1000.00', at: new Date('2026-02-01T00:00:00Z') });
      await buildDeposit(db, early.id, { amount: '20.00', at: new Date('2026-02-02T00:00:00Z') });
      await buildDeposit(db, late.id, { amount: '400.00', at: new Date('2026-01-31T23:59:59Z') });

      const feb = (await report(token, 'transactions', '2026-02-01', '2026-02-28')).json();
      expect(feb.data.map((a: { id: number }) => a.id)).toEqual([early.id]);
      expect(feb.totals).toMatchObject({
        accounts: 1,
        first_time_depositors: 1,
        conversion_rate: 1,
        first_deposits_total: '1000.00',
      });
      const jan = (await report(token, 'transactions', '2026-01-01', '2026-01-31')).json();
      expect(jan.data.map((a: { id: number }) => a.id)).toEqual([late.id]);
      const cohort = (await report(token, 'created_at', '2026-01-01', '2026-01-31')).json();
      expect(cohort.totals).toEqual({
        accounts: 3,
        first_time_depositors: 2,
        conversion_rate: 2 / 3,
        first_deposits_total: '1400.00',
      });
    });
  });

  describe('funnel: clicks → registrations → first-time deposits', () => {
    it('counts clicks, registrations and first deposits per UTC day, with both conversion rates', async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const token = await affiliateLogin(partner.email, partner.password);
      await db.insert(referralClicks).values([
        { brandId: demoBrand.id, code: partner.code, day: '2026-07-01', clicks: 4 },
        { brandId: demoBrand.id, code: partner.code, day: '2026-07-02', clicks: 6 },
        { brandId: demoBrand.id, code: partner.code, day: '2026-07-03', clicks: 100 },
        // the same code counted on another brand is not this affiliate's
        { brandId: sister.id, code: partner.code, day: '2026-07-01', clicks: 50 },
      ]);
      const a = await referredClient(partner.code, new Date('2026-07-01T08:00:00Z'));
      const b = await referredClient(partner.code, new Date('2026-07-01T23:00:00Z'));
      await referredClient(partner.code, new Date('2026-07-02T12:00:00Z'));
      const old = await referredClient(partner.code, new Date('2026-06-15T12:00:00Z'));
      await buildDeposit(db, a.id, { at: new Date('2026-07-01T09:00:00Z') });
      await buildDeposit(db, b.id, { at: new Date('2026-07-03T09:00:00Z') });
      await buildDeposit(db, old.id, { at: new Date('2026-07-02T09:00:00Z') });

      const res = await funnel(token, '2026-07-01', '2026-07-02');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        days: [
          { day: '2026-07-01', clicks: 4, registrations: 2, demo_signups: 0, first_deposits: 1 },
          { day: '2026-07-02', clicks: 6, registrations: 1, demo_signups: 0, first_deposits: 1 },
        ],
        clicks: 10,
        registrations: 3,
        demo_signups: 0,
        first_deposits: 2,
        registration_rate: 0.3,
        deposit_rate: 2 / 3,
      });
      const day = (await funnel(token, '2026-07-01', '2026-07-01')).json().data;
      expect(day).toMatchObject({
        clicks: 4,
        registrations: 2,
        first_deposits: 1,
        registration_rate: 0.5,
        deposit_rate: 0.5,
      });
      const empty = (await funnel(token, '2026-08-01', '2026-08-02')).json().data;
      expect(empty).toMatchObject({
        clicks: 0,
        registrations: 0,
        registration_rate: null,
        deposit_rate: null,
      });
    });

    it("counts a tracking-link click once per call, only for an affiliate's code of the request's brand", async () => {
      const partner = await buildAffiliate(db, demoBrand.id);
      const click = (code: string, headers: Record<string, string> = {}) =>
        app.inject({
          method: 'POST',
          url: '/api/affiliate/click',
          payload: { code },
          headers,
          remoteAddress: '10.0.0.1',
        });
      expect((await click(partner.code)).json()).toEqual({ status: true, data: {} });
      await click(partner.code.toLowerCase());
      // unknown codes, client uniqids and another brand answer the same, and count nothing
      expect((await click('NOSUCHCODE')).statusCode).toBe(200);
      await click(partner.code, SISTER);
      const rows = await db
        .select()
        .from(referralClicks)
        .where(and(eq(referralClicks.code, partner.code)));
      expect(rows.map((r) => [r.brandId, r.clicks])).toEqual([[demoBrand.id, 2]]);
      expect(await db.select().from(referralClicks).where(eq(referralClicks.code, 'NOSUCHCODE'))).toEqual([]);
    });

    it('rate-limits clicks per address', async () => {
      const click = () =>
        app.inject({
          method: 'POST',
          url: '/api/affiliate/click',
          payload: { code: 'DEMOAFF' },
          remoteAddress: '10.9.9.9',
        });
      for (let i = 0; i < 30; i++) expect((await click()).statusCode).toBe(200);
      const refused = await click();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    });
  });

  describe('attribution at registration', () => {
    it('attaches the affiliate whose code was sent (case-insensitive) with the landing page', async () => {
      const client = await registerClient(app, { ref: 'demoaff', source_page: '/about?ref=demoaff' });
      const [row] = await db.select().from(users).where(eq(users.email, client.email));
      expect(row).toMatchObject({ ref: 'demoaff', sourcePage: '/about?ref=demoaff', referrerId: null });
      const [seeded] = await db
        .select()
        .from(users)
        .where(eq(users.id, row?.id ?? 0));
      expect(seeded?.affiliateId).toBeGreaterThan(0);
      const token = await affiliateLogin('affiliate@example.com', 'Demo1234!');
      const today = new Date().toISOString().slice(0, 10);
      const listed = (await report(token, 'created_at', today, today)).json().data;
      expect(listed.map((a: { email: string }) => a.email)).toContain(client.email);
    });

    it('attaches a client whose uniqid was sent as the referrer, not an affiliate', async () => {
      const referrer = await registerClient(app);
      const friend = await registerClient(app, { ref: referrer.user.uniqid.toLowerCase() });
      const [row] = await db.select().from(users).where(eq(users.email, friend.email));
      expect(row?.referrerId).toBe(await userIdOf(referrer.email));
      expect(row?.affiliateId).toBeNull();
    });

    it('first touch: the code the browser stored first is the one that counts (later links do not re-attribute)', async () => {
      const first = await buildAffiliate(db, demoBrand.id);
      const second = await buildAffiliate(db, demoBrand.id);
      // the web app sends the first stored code; a later login or visit changes nothing
      const client = await registerClient(app, { ref: first.code });
      await post('/api/affiliate/click', { code: second.code });
      await post('/api/accounts/login', { email: client.email, password: client.password });
      const [row] = await db.select().from(users).where(eq(users.email, client.email));
      expect(row?.affiliateId).toBe(first.id);
    });

    it('ignores codes of another brand and unknown codes (the ref is kept as sent, nobody is attributed)', async () => {
      const partner = await buildAffiliate(db, sister.id);
      const sisterClient = await registerClient(app, {}, SISTER);
      for (const ref of [partner.code, sisterClient.user.uniqid, 'NOBODY']) {
        const client = await registerClient(app, { ref });
        const [row] = await db.select().from(users).where(eq(users.email, client.email));
        expect(row).toMatchObject({ ref, affiliateId: null, referrerId: null });
      }
    });
  });

  describe('isolation: an affiliate sees only the accounts it brought, on its brand', () => {
    it('shows neither another affiliate’s accounts nor another brand’s', async () => {
      const mine = await buildAffiliate(db, demoBrand.id);
      const theirs = await buildAffiliate(db, demoBrand.id);
      const abroad = await buildAffiliate(db, sister.id);
      const at = new Date('2026-09-10T10:00:00Z');
      const own = await referredClient(mine.code, at);
      const other = await referredClient(theirs.code, at);
      const sisterClient = await referredClient(abroad.code, at, SISTER);
      await referredClient('', at);
      await buildDeposit(db, other.id, { at });
      await buildDeposit(db, sisterClient.id, { at });

      const token = await affiliateLogin(mine.email, mine.password);
      for (const where of ['created_at', 'transactions']) {
        const ids = (await report(token, where, '2026-09-01', '2026-09-30'))
          .json()
          .data.map((a: { id: number }) => a.id);
        expect(ids).toEqual(where === 'created_at' ? [own.id] : []);
      }
      const sisterToken = await affiliateLogin(abroad.email, abroad.password, SISTER);
      const sisterIds = (await report(sisterToken, 'created_at', '2026-09-01', '2026-09-30', SISTER))
        .json()
        .data.map((a: { id: number }) => a.id);
      expect(sisterIds).toEqual([sisterClient.id]);
      const f = (await funnel(token, '2026-09-01', '2026-09-30')).json().data;
      expect(f).toMatchObject({ registrations: 1, demo_signups: 0, first_deposits: 0 });
    });
  });
});
