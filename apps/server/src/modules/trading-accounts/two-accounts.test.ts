import { money } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { LedgerRepo } from '../ledger/ledger.repo.js';
import { TradingAccountsRepo } from './trading-accounts.repo.js';

/**
 * Two trading accounts of one client (docs/accounts.md): each has its own balance, positions and stop-out; the spec's
 * calls act on the session's current account unless an optional accountId names another of the client's own, and
 * an account id that is not the client's is refused as unknown.
 */
describe(`two trading accounts of one client (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();
  const { ctx } = runtime;
  const { db } = ctx.database;
  const accounts = new TradingAccountsRepo(db);
  const clientRow = async (email: string) => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row;
  };
  const demo = await clientRow('demo@example.com');
  const other = await clientRow('new@example.com');
  const a = await accounts.defaultOf(demo.id);
  if (!a) throw new Error('the demo client has no account');
  const b = await accounts.open({
    userId: demo.id,
    brandId: demo.brandId,
    pin: demo.pin,
    kind: 'live',
    currency: 'USD',
  });
  const otherAccount = await accounts.defaultOf(other.id);
  const token = await loginToken(app, 'demo@example.com', 'Demo1234!');
  const quote = (bid: number) => ctx.market.ingest({ symbol: 'BTCUSD', bid, ask: bid + 10, ts: Date.now() });
  const buy = (accountId: number, amount: number, leverage: number, ask: number) =>
    ctx.trading.open({
      accountId,
      now: Date.now(),
      symbol: 'BTCUSD',
      direction: 'buy',
      amount,
      leverage,
      price: ask * 1.00025,
    });
  const getBalance = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/accounts/getBalance', payload: { token, ...payload } });

  it('a new account has its own number, currency and an empty book, loaded after the engine started', async () => {
    expect(b.number).toBe(`L-${demo.pin}-2`);
    expect(await ctx.trading.ensureAccount(b.id)).toBe(true);
    expect(ctx.trading.balance(b.id).balance).toBe(0);
    expect(ctx.trading.positions(b.id).open).toEqual([]);
  });

  it('a trade on account B leaves account A untouched; a stop-out of B does not touch A', async () => {
    await ctx.trading.ensureAccount(a.id);
    await ctx.trading.adjustBalance({
      accountId: b.id,
      amount: money(100),
      kind: 'deposit',
      cause: { transaction: 'TX-TWOACCOUNTS' },
      now: Date.now(),
    });
    quote(64_000);
    const onA = await buy(a.id, 1_000, 1, 64_010);
    expect(onA.ok, JSON.stringify(onA)).toBe(true);
    const aBefore = { balance: ctx.trading.balance(a.id).balance, open: ctx.trading.positions(a.id).open };

    const onB = await buy(b.id, 100, 2, 64_010);
    expect(onB.ok, JSON.stringify(onB)).toBe(true);
    expect(ctx.trading.positions(b.id).open).toHaveLength(1);
    expect(ctx.trading.balance(a.id).balance).toBe(aBefore.balance);
    expect(ctx.trading.positions(a.id).open.map((p) => p.id)).toEqual(aBefore.open.map((p) => p.id));

    // −37.5 %: B (margin 100 at leverage 2) is stopped out; A (margin 1000 at leverage 1 on 10000) is not
    quote(40_000);
    await expect.poll(() => ctx.trading.positions(b.id).open.length).toBe(0);
    const [closed] = ctx.trading.positions(b.id).history;
    expect(closed?.closingCause).toBe('stop_out');
    expect(ctx.trading.positions(a.id).open.map((p) => p.id)).toEqual(aBefore.open.map((p) => p.id));
    expect(ctx.trading.balance(a.id).balance).toBe(aBefore.balance);
    // each account's balance is the sum of its own entries
    expect(await new LedgerRepo().balanceDifferences(db)).toEqual([]);
    quote(64_000);
  });

  it("getBalance answers the current account, or another of the client's own by accountId, in its currency", async () => {
    const current = await getBalance({});
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data.account).toMatchObject({ id: a.id, number: a.number, currency: a.currency });
    const named = await getBalance({ accountId: b.id });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.account).toMatchObject({ id: b.id, kind: 'live', currency: 'USD' });
    expect(named.json().data.positions.open).toEqual([]);
  });

  it("refuses another client's account id exactly as an unknown one", async () => {
    expect(otherAccount).toBeDefined();
    const foreign = await getBalance({ accountId: otherAccount?.id });
    const unknown = await getBalance({ accountId: 999_999 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json().code).toBe('ACCOUNT_NOT_FOUND');
    const deposit = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      payload: { token, accountId: otherAccount?.id, amount: 300, method: 1 },
    });
    expect(deposit.statusCode).toBe(404);
  });

  it('a demo account never deposits or withdraws', async () => {
    const demoAccount = await accounts.open({
      userId: demo.id,
      brandId: demo.brandId,
      pin: demo.pin,
      kind: 'demo',
      currency: 'EUR',
    });
    const deposit = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      payload: { token, accountId: demoAccount.id, amount: 300, method: 1 },
    });
    expect(deposit.statusCode, deposit.body).toBe(422);
    expect(deposit.json().code).toBe('DEMO_ACCOUNT');
  });
});
