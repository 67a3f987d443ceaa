import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ledgerEntries, positions, transactions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../payments/payments.test-kit.js';
import { type LedgerProblem, verifyLedger } from './ledger.verify.js';

/**
 * `ledger:verify` finds every way the books can be wrong (architecture §6): a balance edited in place, a broken
 * balance_after chain, a close booked wrongly or not at all, a deposit or withdrawal booked wrongly, an entry
 * without its cause. The books are made by the real flows first (staff-confirmed wires, withdrawals, trades, a
 * close with negative balance protection) and verify clean; then each kind of damage is done and named.
 */
describe(`ledger:verify (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'verify-test' };

  const decide = async (reference: string, decision: 'confirm' | 'reject') => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/${decision}`,
      headers: operator,
      ...(decision === 'reject' ? { payload: { note: 'verify test' } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await kit.create(token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.transaction_id as string;
  };
  /** A client with a complete profile, verified and allowed every category (trades need it). */
  const trader = async () => {
    const client = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, client.id));
    await ctx.trading.refreshAccount(client.id);
    return client;
  };
  const quote = (symbol: string, bid: number, ask: number) =>
    expect(ctx.market.ingest({ symbol, bid, ask, ts: Date.now() })).toBe(true);
  const openBuy = async (
    accountId: number,
    symbol: string,
    ask: number,
    amount: number,
    leverage: number,
  ) => {
    const outcome = await ctx.trading.open({
      accountId,
      now: Date.now(),
      symbol,
      direction: 'buy',
      amount,
      leverage,
      price: ask * 1.00025,
    });
    if (!outcome.ok) throw new Error(outcome.rejection.message.key);
    const opened = outcome.events.find((e) => e.type === 'position.opened');
    if (opened?.type !== 'position.opened') throw new Error('no position opened');
    return opened.position.id;
  };
  const closedPosition = async (userId: number) => {
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), isNotNull(positions.closedAt)));
    if (!row) throw new Error('no closed position');
    return row;
  };
  const expectProblem = (problems: LedgerProblem[], expected: Partial<LedgerProblem>) =>
    expect(problems).toContainEqual(expect.objectContaining(expected));

  // --- the books, made by the real flows
  const a = await trader();
  const approvedWire = await create(a.token, { amount: 1000, method: 2 });
  await decide(approvedWire, 'confirm');
  const declinedWire = await create(a.token, { amount: 400, method: 2 });
  await decide(declinedWire, 'reject');
  const pendingCard = await create(a.token, { amount: 250, method: 1 });
  const pendingWithdrawal = await create(a.token, { amount: -200, method: 6, comments: 'To my IBAN' });
  const declinedWithdrawal = await create(a.token, { amount: -100, method: 6, comments: 'To my IBAN' });
  await decide(declinedWithdrawal, 'reject');
  quote('BTCUSD', 64_000, 64_010);
  const traded = await openBuy(a.id, 'BTCUSD', 64_010, 100, 2);
  quote('BTCUSD', 64_500, 64_510);
  expect((await ctx.trading.close({ accountId: a.id, now: Date.now(), positionId: traded })).ok).toBe(true);

  // B loses more than its balance in a price gap: the close books a shortfall to the broker
  const b = await trader();
  await decide(await create(b.token, { amount: 300, method: 2 }), 'confirm');
  quote('EURUSD', 1.08, 1.0802);
  await openBuy(b.id, 'EURUSD', 1.0802, 250, 30);
  quote('EURUSD', 0.9, 0.9002);
  // the gap terminates the position; its close commits in the background
  await vi.waitFor(() => closedPosition(b.id), { timeout: 5_000, interval: 20 });

  const c = await trader();
  await decide(await create(c.token, { amount: 500, method: 2 }), 'confirm');
  await decide(await create(c.token, { amount: 600, method: 2 }), 'confirm');

  it('finds nothing wrong with books the flows made, a negative balance protection included', async () => {
    const shortfall = await closedPosition(b.id);
    expect(Number(shortfall.shortfall)).toBeGreaterThan(0);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('names the account whose balance was edited without an entry', async () => {
    await db
      .update(users)
      .set({ balance: sql`${users.balance} + 1000000` })
      .where(eq(users.id, c.id));
    expectProblem(await verifyLedger(db), { check: 'balance', accountId: c.id });
  });

  it('names the entry whose balance_after does not follow from the one before', async () => {
    const [first] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, c.id))
      .orderBy(ledgerEntries.id);
    await db
      .update(ledgerEntries)
      .set({ balanceAfter: '499.00' })
      .where(eq(ledgerEntries.id, first?.id ?? 0));
    expectProblem(await verifyLedger(db), { check: 'chain', accountId: c.id, entryId: first?.id });
  });

  it('names a closed position whose realised profit entry differs from its profit', async () => {
    const position = await closedPosition(a.id);
    await db
      .update(ledgerEntries)
      .set({ amount: sql`${ledgerEntries.amount} + 0.01` })
      .where(and(eq(ledgerEntries.positionId, position.id), eq(ledgerEntries.kind, 'realised_pnl')));
    expectProblem(await verifyLedger(db), { check: 'position', accountId: a.id, positionId: position.id });
  });

  it('names a closed position whose shortfall was not booked to the broker', async () => {
    const position = await closedPosition(b.id);
    await db
      .delete(ledgerEntries)
      .where(
        and(eq(ledgerEntries.positionId, position.id), eq(ledgerEntries.kind, 'negative_balance_protection')),
      );
    expectProblem(await verifyLedger(db), { check: 'position', accountId: b.id, positionId: position.id });
  });

  it('names an approved deposit with a wrong amount booked, and a declined one marked approved', async () => {
    await db.update(transactions).set({ amount: '1000.01' }).where(eq(transactions.reference, approvedWire));
    await db.update(transactions).set({ statusId: 2 }).where(eq(transactions.reference, declinedWire));
    const problems = await verifyLedger(db);
    expectProblem(problems, { check: 'deposit', accountId: a.id, transaction: approvedWire });
    expectProblem(problems, { check: 'deposit', accountId: a.id, transaction: declinedWire });
  });

  it('names a pending deposit that has a deposit entry', async () => {
    await db.insert(ledgerEntries).values({
      userId: a.id,
      kind: 'deposit',
      amount: '250.00',
      balanceAfter: '0.00',
      reference: `tx:${pendingCard}`,
    });
    expectProblem(await verifyLedger(db), { check: 'deposit', accountId: a.id, transaction: pendingCard });
  });

  it('names a declined withdrawal without its refund, and a pending one without its reservation', async () => {
    await db
      .delete(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'withdrawal_reversal'),
          eq(ledgerEntries.reference, `tx:${declinedWithdrawal}:reversal`),
        ),
      );
    await db
      .delete(ledgerEntries)
      .where(
        and(eq(ledgerEntries.kind, 'withdrawal'), eq(ledgerEntries.reference, `tx:${pendingWithdrawal}`)),
      );
    const problems = await verifyLedger(db);
    expectProblem(problems, { check: 'withdrawal', accountId: a.id, transaction: declinedWithdrawal });
    expectProblem(problems, { check: 'withdrawal', accountId: a.id, transaction: pendingWithdrawal });
  });

  it('names an entry whose cause does not exist', async () => {
    const [stray] = await db
      .insert(ledgerEntries)
      .values({
        userId: c.id,
        kind: 'deposit',
        amount: '5000.00',
        balanceAfter: '0.00',
        reference: 'tx:TX-NOSUCHTHING',
      })
      .returning({ id: ledgerEntries.id });
    expectProblem(await verifyLedger(db), { check: 'cause', accountId: c.id, entryId: stray?.id });
  });
});
