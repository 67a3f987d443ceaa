import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, transactions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { TradingRepo } from '../trading/trading.repo.js';

describe(`withdrawals (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}` };

  /** A client with `amount` deposited by bank wire and confirmed by staff. */
  const funded = async (amount: number) => {
    const c = await kit.client();
    const { transaction_id } = (await kit.create(c.token, { amount, method: 2 })).json().data;
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${transaction_id}/confirm`,
      headers: operator,
    });
    expect(res.statusCode).toBe(200);
    return c;
  };
  const withdraw = (token: string, amount: number, comments = 'To my IBAN DE89 3704', key?: string) =>
    kit.create(token, { amount: -amount, method: 6, comments }, key);

  it('reserves the amount at once as a pending withdrawal on the ledger', async () => {
    const c = await funded(1000);
    const res = await withdraw(c.token, 300);
    expect(res.statusCode).toBe(200);
    const { transaction_id, next } = res.json().data;
    expect(next).toEqual({ type: 'none' });
    expect(await kit.balanceOf(c.id)).toBe('700.00');
    expect(ctx.trading.balance(c.id).freeMargin).toBe(700);
    const row = await kit.transaction(transaction_id);
    expect(row).toMatchObject({
      statusId: 1,
      typeId: 6,
      method: 6,
      amount: '-300.00',
      comments: 'To my IBAN DE89 3704',
    });
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'withdrawal')));
    expect(entry).toMatchObject({
      amount: '-300.00',
      balanceAfter: '700.00',
      reference: `tx:${transaction_id}`,
    });
    const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
    expect(list.json().data[0]).toMatchObject({
      amount: -300,
      transaction_type: { name: 'Withdrawal' },
      transaction_status: { name: 'Pending' },
    });
  });

  it("refuses more than the free margin with 'Maximum withdraw can be € 1000.00', and books nothing", async () => {
    const c = await funded(1000);
    const res = await withdraw(c.token, 1000.01);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'amount',
        key: 'withdraw.maximum',
        message: 'Maximum withdraw can be € 1000.00',
      }),
    ]);
    expect(await kit.balanceOf(c.id)).toBe('1000.00');
    expect(await db.select().from(transactions).where(eq(transactions.userId, c.id))).toHaveLength(1);
  });

  it("answers 'You don't have balance to withdraw' when the free margin is not positive", async () => {
    const c = await kit.client();
    const res = await withdraw(c.token, 10);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NO_BALANCE', message: "You don't have balance to withdraw" });
  });

  it('requires comments and a negative amount; a positive amount on method 6 is refused', async () => {
    const c = await funded(500);
    const noComments = await kit.create(c.token, { amount: -50, method: 6 });
    expect(noComments.statusCode).toBe(400);
    expect(noComments.json().errors).toEqual([
      expect.objectContaining({ path: 'comments', key: 'field.required' }),
    ]);
    const positive = await kit.create(c.token, { amount: 50, method: 6, comments: 'x' });
    expect(positive.statusCode).toBe(400);
    expect(await kit.balanceOf(c.id)).toBe('500.00');
  });

  it('parallel withdrawals that together exceed the free margin: exactly the affordable ones succeed', async () => {
    const c = await funded(1000);
    // Seven requests of 150 against 1000: six fit (900), the seventh would overdraw.
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => withdraw(c.token, 150, `payout ${i}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(1);
    expect(await kit.balanceOf(c.id)).toBe('100.00');
    expect(await kit.ledgerSum(c.id)).toBe(100);
    expect(await new TradingRepo(db).ledgerDifferences()).toEqual([]);
  });

  it('a retried withdrawal with the same idempotency key reserves once', async () => {
    const c = await funded(1000);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => withdraw(c.token, 200, 'same request', 'withdraw-key-1')),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().data.transaction_id)).size).toBe(1);
    expect(await kit.balanceOf(c.id)).toBe('800.00');
  });

  it('staff confirm marks it paid without booking again; staff reject gives the reservation back once', async () => {
    const c = await funded(1000);
    const paid = (await withdraw(c.token, 100)).json().data.transaction_id;
    const rejected = (await withdraw(c.token, 250)).json().data.transaction_id;
    expect(await kit.balanceOf(c.id)).toBe('650.00');

    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${paid}/confirm`,
      headers: operator,
    });
    expect(confirm.json().data.status).toBe('Approved');
    expect(await kit.balanceOf(c.id)).toBe('650.00');

    const reject = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${rejected}/reject`,
        headers: operator,
        payload: { note: 'IBAN does not match the account holder' },
      });
    const [first, second] = await Promise.all([reject(), reject()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await kit.balanceOf(c.id)).toBe('900.00');
    const reversal = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'withdrawal_reversal')));
    expect(reversal).toEqual([
      expect.objectContaining({ amount: '250.00', reference: `tx:${rejected}:reversal` }),
    ]);
    expect((await kit.transaction(rejected))?.statusNote).toBe('IBAN does not match the account holder');
    // A decided withdrawal cannot be decided again.
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${paid}/reject`,
      headers: operator,
    });
    expect(again.statusCode).toBe(409);
    expect(await kit.balanceOf(c.id)).toBe('900.00');
  });

  it('open positions hold margin: only balance minus open amounts can be withdrawn', async () => {
    const c = await funded(1000);
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, c.id));
    await ctx.trading.refreshAccount(c.id);
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 50_000, ask: 50_010, ts: Date.now() })).toBe(true);
    const opened = await ctx.trading.open({
      accountId: c.id,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 600,
      leverage: 1,
      price: 50_010 * 1.00025,
      now: Date.now(),
    });
    expect(opened.ok).toBe(true);
    const res = await withdraw(c.token, 400.01);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('Maximum withdraw can be € 400.00');
    expect((await withdraw(c.token, 400)).statusCode).toBe(200);
    expect(await kit.balanceOf(c.id)).toBe('600.00');
  });
});
