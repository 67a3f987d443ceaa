import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, ledgerEntries, tradingAccounts, users } from '../../../db/schema.js';
import { registerClient } from '../../../test/factories.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { staffCall, staffSession } from '../../../test/staff-kit.js';
import { TradingAccountsRepo } from '../../trading-accounts/trading-accounts.repo.js';

/**
 * Staff money per trading account: a request names one of the client's live accounts (the first live one by
 * default), books on it in its currency once a second member approves, and a demo account (virtual money) or another
 * client's account is refused.
 */
describe(`staff money requests per account (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  afterAll(() => app.close());
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  const [finance, secondFinance] = await Promise.all([
    staffSession(server, ['finance'], [demo.id]),
    staffSession(server, ['finance'], [demo.id]),
  ]);
  const repo = new TradingAccountsRepo(db);

  /** A registered client with a EUR live account (from registration), a USD live account and a demo account. */
  const client = async () => {
    const registered = await registerClient(app);
    const [user] = await db.select().from(users).where(eq(users.email, registered.email));
    if (!user) throw new Error('no user');
    const owner = { userId: user.id, brandId: user.brandId, pin: user.pin };
    const eur = await repo.firstLiveOf(user.id);
    if (!eur) throw new Error('registration opens a live account');
    const usd = await repo.open({ ...owner, kind: 'live', currency: 'USD' });
    const demoAccount = await repo.open({ ...owner, kind: 'demo', currency: 'EUR' });
    return { id: user.id, eur, usd, demo: demoAccount };
  };
  const request = (clientId: number, body: object) =>
    staffCall(app, 'POST', `/api/backoffice/clients/${clientId}/adjustments`, finance.token, body);
  const balanceOf = async (accountId: number) =>
    (await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]?.balance;

  it('books on the picked live account, in its currency, once a second member approves', async () => {
    const c = await client();
    const asked = await request(c.id, {
      kind: 'bonus',
      amount: '75.00',
      reason: 'Welcome bonus on the USD account',
      accountId: c.usd.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = asked.json().data.request;
    expect(requested).toMatchObject({
      accountId: c.usd.id,
      accountNumber: c.usd.number,
      currency: 'USD',
      amount: '75.00',
      status: 'pending',
    });
    expect(await balanceOf(c.usd.id)).toBe('0.00');
    const approved = await staffCall(
      app,
      'POST',
      `/api/backoffice/money-requests/${requested.reference}/approve`,
      secondFinance.token,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.balance).toBe('75.00');
    expect(await balanceOf(c.usd.id)).toBe('75.00');
    expect(await balanceOf(c.eur.id)).toBe('0.00');
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'bonus')));
    expect(entries.map((e) => [e.accountId, e.amount])).toEqual([[c.usd.id, '75.00']]);
  });

  it('defaults to the client’s first live account', async () => {
    const c = await client();
    const asked = await request(c.id, { kind: 'credit', amount: '10.00', reason: 'Goodwill credit' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.request).toMatchObject({ accountId: c.eur.id, currency: 'EUR' });
  });

  it('refuses a demo account and another client’s account', async () => {
    const c = await client();
    const other = await client();
    for (const accountId of [c.demo.id, other.usd.id, 2_000_000_000]) {
      const refused = await request(c.id, { kind: 'bonus', amount: '5.00', reason: 'Try it', accountId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('staff.adjustmentAccount');
    }
    expect(await balanceOf(c.demo.id)).toBe('0.00');
  });
});
