import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { affiliates, auditLog, brands, referralClicks, sessions, users } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { registerClient, uniqueEmail } from '../../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';
import { buildAffiliate, buildDeposit, setRegisteredAt } from '../affiliates.factories.js';

let server: TestServer;
let app: App;
let admin: StaffSession;
let outsider: StaffSession;
let demo: number;
let other: number;

const affiliateLogin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/affiliate/login', payload: { email, password } });
const affiliateMe = (token: string) =>
  app.inject({ method: 'POST', url: '/api/affiliate/me', payload: { token } });

const auditOf = (affiliateId: number) =>
  server.runtime.ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `affiliate:${affiliateId}`))
    .orderBy(asc(auditLog.id));

const liveSessions = async (affiliateId: number) => {
  const [row] = await server.runtime.ctx.database.db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.subjectType, 'affiliate'),
        eq(sessions.subjectId, affiliateId),
        isNull(sessions.revokedAt),
      ),
    );
  return Number(row?.n ?? 0);
};

async function createAffiliate(body: Record<string, unknown> = {}) {
  const res = await staffCall(app, 'POST', '/api/backoffice/affiliates', admin.token, {
    brandId: demo,
    email: uniqueEmail('partner'),
    firstName: 'Paula',
    lastName: 'Partner',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { affiliate: { id: number; email: string; code: string }; password: string };
}

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const rows = await server.runtime.ctx.database.db.select().from(brands).orderBy(asc(brands.id));
  const demoRow = rows.find((b) => b.slug === 'demo');
  const otherRow = rows.find((b) => b.slug !== 'demo');
  if (!demoRow || !otherRow) throw new Error('the seed has at least two brands');
  demo = demoRow.id;
  other = otherRow.id;
  admin = await staffSession(server, ['admin']);
  outsider = await staffSession(server, ['admin'], [other]);
});

describe(`back-office affiliates (${testDbKind})`, () => {
  it('creates an affiliate: the password once, a tracking code, audited without the password; it signs in', async () => {
    const email = uniqueEmail('Partner').toUpperCase();
    const { affiliate, password } = await createAffiliate({ email });
    expect(affiliate).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Paula',
      lastName: 'Partner',
      brandId: demo,
      disabled: false,
      clients: 0,
    });
    expect(affiliate.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(password.length).toBeGreaterThanOrEqual(12);
    const [row] = await auditOf(affiliate.id);
    expect(row).toMatchObject({
      action: 'affiliate.create',
      actor: `staff:${admin.id}`,
      brandId: demo,
      after: { email: email.toLowerCase(), code: affiliate.code },
    });
    expect(JSON.stringify(row)).not.toContain(password);
    expect((await affiliateLogin(email, password)).statusCode).toBe(200);
    // the same e-mail on the same brand again, in any case
    const again = await staffCall(app, 'POST', '/api/backoffice/affiliates', admin.token, {
      brandId: demo,
      email: email.toLowerCase(),
      firstName: 'Again',
      lastName: 'Partner',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AFFILIATE_EMAIL_TAKEN', key: 'affiliates.emailTaken' });
  });

  it.each([
    ['an e-mail that is none', { email: 'not-an-email' }, 'email'],
    ['an empty first name', { firstName: '  ' }, 'firstName'],
    ['a control character', { lastName: 'Part\u0000ner' }, 'lastName'],
    ['a 101-character name', { firstName: 'x'.repeat(101) }, 'firstName'],
    ['a brand that is no id', { brandId: -4 }, 'brandId'],
  ])('refuses %s with a message on the field, creating nothing', async (_label, body, path) => {
    const [before] = await server.runtime.ctx.database.db.select({ n: count() }).from(affiliates);
    const res = await staffCall(app, 'POST', '/api/backoffice/affiliates', admin.token, {
      brandId: demo,
      email: uniqueEmail('partner'),
      firstName: 'Paula',
      lastName: 'Partner',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    const [after] = await server.runtime.ctx.database.db.select({ n: count() }).from(affiliates);
    expect(after?.n).toBe(before?.n);
  });

  it('disables an affiliate: its sign-in is refused and its open session ends at once; enabling lets it back', async () => {
    const { affiliate, password } = await createAffiliate();
    const login = await affiliateLogin(affiliate.email, password);
    const token = login.json().data.access_token as string;
    expect((await affiliateMe(token)).statusCode).toBe(200);

    const off = await staffCall(
      app,
      'POST',
      `/api/backoffice/affiliates/${affiliate.id}/disable`,
      admin.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    expect((await affiliateMe(token)).statusCode).toBe(401);
    expect(await liveSessions(affiliate.id)).toBe(0);
    const refused = await affiliateLogin(affiliate.email, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    // its tracking link keeps counting while it is disabled
    const click = await app.inject({
      method: 'POST',
      url: '/api/affiliate/click',
      payload: { code: affiliate.code },
    });
    expect(click.statusCode).toBe(200);
    const [clicks] = await server.runtime.ctx.database.db
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.code, affiliate.code));
    expect(clicks?.clicks).toBe(1);

    const on = await staffCall(app, 'POST', `/api/backoffice/affiliates/${affiliate.id}/enable`, admin.token);
    expect(on.json().data).toMatchObject({ disabled: false, disabledAt: null });
    expect((await affiliateLogin(affiliate.email, password)).statusCode).toBe(200);
    // the same state again writes nothing
    await staffCall(app, 'POST', `/api/backoffice/affiliates/${affiliate.id}/enable`, admin.token);
    const rows = await auditOf(affiliate.id);
    expect(rows.map((r) => r.action)).toEqual(['affiliate.create', 'affiliate.disable', 'affiliate.enable']);
    expect(rows[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
  });

  it('resets the password: a new one shown once, the old one refused, every session ended, audited', async () => {
    const { affiliate, password } = await createAffiliate();
    const token = (await affiliateLogin(affiliate.email, password)).json().data.access_token as string;
    const res = await staffCall(
      app,
      'POST',
      `/api/backoffice/affiliates/${affiliate.id}/reset-password`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.password as string;
    expect(fresh).not.toBe(password);
    expect((await affiliateMe(token)).statusCode).toBe(401);
    expect((await affiliateLogin(affiliate.email, password)).statusCode).toBe(401);
    expect((await affiliateLogin(affiliate.email, fresh)).statusCode).toBe(200);
    const rows = await auditOf(affiliate.id);
    expect(rows.at(-1)).toMatchObject({ action: 'affiliate.resetPassword', actor: `staff:${admin.id}` });
    expect(JSON.stringify(rows)).not.toContain(fresh);
    expect((await verifyAuditChain(server.runtime.ctx.database.db)).ok).toBe(true);
  });

  it('answers the funnel exactly as the affiliate panel shows it for the same range', async () => {
    const { db } = server.runtime.ctx.database;
    const partner = await buildAffiliate(db, demo);
    const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00.000Z`);
    await db.insert(referralClicks).values([
      { brandId: demo, code: partner.code, day: '2026-03-01', clicks: 7 },
      { brandId: demo, code: partner.code, day: '2026-03-03', clicks: 4 },
      { brandId: demo, code: partner.code, day: '2026-04-01', clicks: 50 },
    ]);
    const referred = async (registeredAt: Date, depositAt?: Date) => {
      const client = await registerClient(app, { ref: partner.code });
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, client.email));
      const id = row?.id ?? 0;
      await setRegisteredAt(db, id, registeredAt);
      if (depositAt) await buildDeposit(db, id, { at: depositAt, amount: '300.00' });
      return id;
    };
    await referred(day('2026-03-01'), day('2026-03-02'));
    await referred(day('2026-03-01', 23));
    await referred(day('2026-02-27'), day('2026-03-03'));
    await referred(day('2026-03-03'), day('2026-04-02'));

    const range = { from: '2026-03-01', until: '2026-03-05' };
    const panelToken = (await affiliateLogin(partner.email, partner.password)).json().data.access_token;
    const panel = await app.inject({
      method: 'POST',
      url: '/api/affiliate/funnel',
      payload: { token: panelToken, where: 'created_at', ...range },
    });
    expect(panel.statusCode, panel.body).toBe(200);
    const staff = await staffCall(
      app,
      'GET',
      `/api/backoffice/affiliates/${partner.id}/funnel?from=${range.from}&until=${range.until}`,
      admin.token,
    );
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toEqual(panel.json().data);
    // and the figures are the hand-counted ones
    expect(staff.json().data).toMatchObject({
      clicks: 11,
      registrations: 3,
      first_deposits: 2,
      registration_rate: 3 / 11,
      deposit_rate: 2 / 3,
    });
    expect(staff.json().data.days).toHaveLength(5);
    expect(staff.json().data.days[0]).toEqual({
      day: '2026-03-01',
      clicks: 7,
      registrations: 2,
      demo_signups: 0,
      first_deposits: 0,
    });
    const list = await staffCall(app, 'GET', `/api/backoffice/affiliates?brandId=${demo}`, admin.token);
    expect(list.json().data.find((a: { id: number }) => a.id === partner.id)).toMatchObject({ clients: 4 });
  });

  it.each([
    ['until before from', '?from=2026-03-05&until=2026-03-01', 'until'],
    ['a range over 366 days', '?from=2024-01-01&until=2026-01-01', 'until'],
    ['a day that is none', '?from=2026-02-30&until=2026-03-01', 'from'],
  ])('refuses a funnel with %s', async (_label, query, path) => {
    const { affiliate } = await createAffiliate();
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/affiliates/${affiliate.id}/funnel${query}`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('answers 404 for affiliates of brands outside the scope and leaves them out of lists', async () => {
    const { affiliate, password } = await createAffiliate();
    for (const [method, url] of [
      ['GET', `/api/backoffice/affiliates/${affiliate.id}`],
      ['GET', `/api/backoffice/affiliates/${affiliate.id}/funnel`],
      ['GET', `/api/backoffice/affiliates/${affiliate.id}/funnel?from=2026-01-01&until=2026-01-31`],
      ['POST', `/api/backoffice/affiliates/${affiliate.id}/disable`],
      ['POST', `/api/backoffice/affiliates/${affiliate.id}/enable`],
      ['POST', `/api/backoffice/affiliates/${affiliate.id}/reset-password`],
      ['GET', `/api/backoffice/affiliates?brandId=${demo}`],
    ] as const) {
      const res = await staffCall(app, method, url, outsider.token);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const create = await staffCall(app, 'POST', '/api/backoffice/affiliates', outsider.token, {
      brandId: demo,
      email: uniqueEmail('sneaky'),
      firstName: 'Sneaky',
      lastName: 'Partner',
    });
    expect(create.statusCode).toBe(404);
    const own = await staffCall(app, 'GET', '/api/backoffice/affiliates', outsider.token);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(affiliate.email);
    // nothing happened to it
    expect((await affiliateLogin(affiliate.email, password)).statusCode).toBe(200);
    const rows = await auditOf(affiliate.id);
    expect(rows.map((r) => r.action)).toEqual(['affiliate.create']);
    for (const id of ['abc', '0', '99999999999', '2147483647']) {
      expect((await staffCall(app, 'GET', `/api/backoffice/affiliates/${id}`, admin.token)).statusCode).toBe(
        404,
      );
    }
  });

  it('is for admins only: a content or support member is refused', async () => {
    for (const role of ['content', 'support'] as const) {
      const member = await staffSession(server, [role]);
      expect((await staffCall(app, 'GET', '/api/backoffice/affiliates', member.token)).statusCode).toBe(403);
    }
  });
});
