import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tradingAccounts, users } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { buildAffiliate, buildDeposit, setRegisteredAt } from './affiliates.factories.js';

/**
 * Demo sign-ups ("Try a demo": a client whose first account is a demo one, holding virtual money) are counted apart
 * in an affiliate's funnel and never count as registrations, conversions or commission-bearing accounts.
 */
describe(`affiliates: demo sign-ups counted apart (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  afterAll(() => app.close());
  const demoBrand = await runtime.ctx.brands.resolve('localhost');
  if (!demoBrand) throw new Error('no demo brand');
  const admin = await staffSession(server, ['admin']);
  const partner = await buildAffiliate(db, demoBrand.id);
  const day = '2026-05-04';
  const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

  /** A client registered through the partner's link on `day`. */
  const referred = async (hour: number) => {
    const client = await registerClient(app, { ref: partner.code });
    const [row] = await db.select().from(users).where(eq(users.email, client.email));
    if (!row) throw new Error('no user');
    await setRegisteredAt(db, row.id, at(hour));
    return row;
  };
  /** Turns a client's only account into a demo one, as "Try a demo" opens it. */
  const demoOnly = async (userId: number) => {
    await db.execute(
      sql`update trading_accounts set kind = 'demo', number = 'D' || substr(number, 2) where user_id = ${userId}`,
    );
  };

  it('counts demo sign-ups apart from registrations and leaves them out of the report and the client count', async () => {
    const live = await referred(9);
    await buildDeposit(db, live.id, { amount: '500.00', at: at(10) });
    const visitor = await referred(11);
    await demoOnly(visitor.id);
    const [visitorAccount] = await db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, visitor.id));
    if (!visitorAccount) throw new Error('no account');
    // a "deposit" row on a demo account is virtual money: never a first-time deposit
    await buildDeposit(db, visitor.id, { amount: '10000.00', at: at(12), accountId: visitorAccount.id });

    const login = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      payload: { email: partner.email, password: partner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.access_token as string;
    const funnel = await app.inject({
      method: 'POST',
      url: '/api/affiliate/funnel',
      payload: { token, where: 'created_at', from: day, until: day },
    });
    expect(funnel.statusCode, funnel.body).toBe(200);
    expect(funnel.json().data).toMatchObject({
      registrations: 1,
      demo_signups: 1,
      first_deposits: 1,
      deposit_rate: 1,
    });
    expect(funnel.json().data.days[0]).toMatchObject({
      registrations: 1,
      demo_signups: 1,
      first_deposits: 1,
    });

    const report = await app.inject({
      method: 'POST',
      url: '/api/affiliate/get',
      payload: { token, where: 'created_at', from: day, until: day },
    });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    expect(body.data.map((a: { id: number }) => a.id)).toEqual([live.id]);
    expect(body.totals).toMatchObject({
      accounts: 1,
      first_time_depositors: 1,
      first_deposits_total: '500.00',
    });

    const listed = await staffCall(
      app,
      'GET',
      `/api/backoffice/affiliates?brandId=${demoBrand.id}`,
      admin.token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.find((a: { id: number }) => a.id === partner.id)).toMatchObject({
      clients: 1,
      demoClients: 1,
    });
  });
});
