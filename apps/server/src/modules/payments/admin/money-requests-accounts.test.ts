import { Dec, money } from '@openbroker/domain';
import { Decimal } from 'decimal.js';
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
  /** A fresh EURUSD price (the feed's; it goes stale within seconds, so each check takes one first). */
  const eurusd = () =>
    runtime.ctx.market.ingest({ symbol: 'EURUSD', bid: 1.25, ask: 1.2502, ts: Date.now() });
  const balanceOf = async (accountId: number) =>
    (await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]?.balance;

  it('books on the picked live account, in its currency, once a second member approves', async () => {
    const c = await client();
    const bonus = {
      kind: 'bonus',
      amount: '75.00',
      reason: 'Welcome bonus on the USD account',
      accountId: c.usd.id,
    };
    eurusd();
    const asked = await request(c.id, bonus);
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

  it("describes the account the money is for in the approver's context: its balance, equity, positions, currency", async () => {
    const c = await client();
    await runtime.ctx.trading.ensureAccount(c.usd.id);
    const funded = await runtime.ctx.trading.adjustBalance({
      accountId: c.usd.id,
      now: Date.now(),
      amount: money(500),
      kind: 'adjustment',
      cause: { staffAction: `approval-context-${c.usd.id}` },
    });
    expect(funded.ok).toBe(true);
    const contextOf = (query: string) =>
      staffCall(app, 'GET', `/api/backoffice/clients/${c.id}/approval-context${query}`, finance.token);
    const usd = await contextOf(`?accountId=${c.usd.id}`);
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json().data.client).toMatchObject({ balance: '500.00', currency: 'USD' });
    expect(usd.json().data.account).toEqual({
      id: c.usd.id,
      number: c.usd.number,
      currency: 'USD',
      balance: '500.00',
      equity: '500.00',
      openPositions: 0,
    });
    // without an account: the client's first live one
    const first = await contextOf('');
    expect(first.json().data.account).toMatchObject({ id: c.eur.id, currency: 'EUR', balance: '0.00' });
    // a demo account or another client's: 404, as an unknown client
    expect((await contextOf(`?accountId=${c.demo.id}`)).statusCode).toBe(404);
    const other = await client();
    expect((await contextOf(`?accountId=${other.usd.id}`)).statusCode).toBe(404);
  });

  it("compares a USD request with the role's caps in the brand's currency (EUR) at the dealing rate", async () => {
    const c = await client();
    eurusd();
    await runtime.ctx.trading.ensureAccount(c.usd.id);
    const buy = runtime.ctx.trading.tradingTerms(c.usd.id, 'EURUSD')?.dealing?.buy;
    if (!buy) throw new Error('no EURUSD dealing price');
    // finance may request at most EUR 10,000.00 at once: USD buys euros at the buy price, so the cap in dollars is
    // 10,000 × buy; the request of that many dollars converts to at most EUR 10,000.00 (rounded down), a cent more
    // of euros is past it — while as raw amounts both are above 10,000
    const cap = new Dec(10_000).times(buy);
    const within = cap.toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const past = cap.toDecimalPlaces(2, Decimal.ROUND_UP).plus('0.02');
    const credit = (amount: Decimal) =>
      request(c.id, { kind: 'credit', amount: amount.toFixed(2), reason: 'Goodwill', accountId: c.usd.id });
    eurusd();
    const fits = await credit(within);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().data.request).toMatchObject({ currency: 'USD', amount: within.toFixed(2) });
    eurusd();
    const over = await credit(past);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors[0]).toMatchObject({
      path: 'amount',
      key: 'staff.limitSingle',
      params: { max: 'EUR 10000.00' },
    });

    // the money request's approver sees its amount in euros at the rate now
    eurusd();
    const detail = await staffCall(
      app,
      'GET',
      `/api/backoffice/money-requests/${fits.json().data.request.reference}`,
      secondFinance.token,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.context.decision).toEqual({
      amount: within.toFixed(2),
      currency: 'USD',
      brandCurrency: 'EUR',
      inBrandCurrency: within.dividedBy(buy).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
      fourEyes: null,
    });
  });

  it('refuses a request in another currency than the brand’s while there is no rate to compare it at', async () => {
    const c = await client();
    // a member without requests today in other currencies (those would be converted at the rate now as well)
    const member = await staffSession(server, ['finance'], [demo.id]);
    const ask = (body: object) =>
      staffCall(app, 'POST', `/api/backoffice/clients/${c.id}/adjustments`, member.token, body);
    // GBP: the feed has given no EURGBP price in this server, so there is no rate
    const [user] = await db.select().from(users).where(eq(users.id, c.id));
    if (!user) throw new Error('no user');
    const gbp = await repo.open({
      userId: c.id,
      brandId: user.brandId,
      pin: user.pin,
      kind: 'live',
      currency: 'GBP',
    });
    const refused = await ask({ kind: 'bonus', amount: '1.00', reason: 'Welcome', accountId: gbp.id });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      path: 'amount',
      key: 'staff.limitNoRate',
      params: { currency: 'GBP', brandCurrency: 'EUR' },
    });
    expect(refused.json().errors[0].message).toMatch(/no GBP\/EUR rate now/);
    // the brand's own currency needs no rate
    const eur = await ask({ kind: 'bonus', amount: '1.00', reason: 'Welcome' });
    expect(eur.statusCode, eur.body).toBe(200);
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
