import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, ledgerEntries, positions, tradingAccounts, transactions, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { firstAccountOf } from '../../test/accounts-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
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
      .update(tradingAccounts)
      .set({ balance: sql`${tradingAccounts.balance} + 1000000` })
      .where(eq(tradingAccounts.userId, c.id));
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
      accountId: firstAccountOf(a.id),
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
        accountId: firstAccountOf(c.id),
        kind: 'deposit',
        amount: '5000.00',
        balanceAfter: '0.00',
        reference: 'tx:TX-NOSUCHTHING',
      })
      .returning({ id: ledgerEntries.id });
    expectProblem(await verifyLedger(db), { check: 'cause', accountId: c.id, entryId: stray?.id });
  });

  /**
   * Appends an entry as a tamper would, with the chain and the balance made to agree, so only the cause checks can
   * find it. Answers the entry's id.
   */
  const tamper = async (
    userId: number,
    entry: { kind: string; amount: string; reference: string | null },
  ) => {
    const [account] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId));
    const [last] = await db
      .select({ balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    const [row] = await db
      .insert(ledgerEntries)
      .values({
        userId,
        accountId: firstAccountOf(userId),
        ...entry,
        balanceAfter: sql`${last?.balanceAfter ?? '0'}::numeric + ${entry.amount}::numeric`,
      })
      .returning({ id: ledgerEntries.id });
    await db
      .update(tradingAccounts)
      .set({ balance: sql`${account?.balance ?? '0'}::numeric + ${entry.amount}::numeric` })
      .where(eq(tradingAccounts.userId, userId));
    if (!row) throw new Error('tamper insert returned nothing');
    return row.id;
  };
  const causeProblems = async () => (await verifyLedger(db)).filter((p) => p.check === 'cause');

  it("excuses only the seed's own opening deposit: a 'seed:' deposit added later is named, chain fixed or not", async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const [seeded] = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, demo?.id ?? 0), eq(ledgerEntries.reference, 'seed:opening-balance')),
      );
    expect(seeded).toBeDefined();
    // Another seed-looking reference, the seed's own reference again on an account that already has entries, and
    // the seed's own reference and amount as the first entry of an account that has none: none is the seed's.
    const invented = await tamper(c.id, { kind: 'deposit', amount: '250000.00', reference: 'seed:x' });
    const repeated = await tamper(a.id, {
      kind: 'deposit',
      amount: '10000.00',
      reference: 'seed:opening-balance',
    });
    const newcomer = await kit.client();
    const first = await tamper(newcomer.id, {
      kind: 'deposit',
      amount: '10000.00',
      reference: 'seed:opening-balance',
    });
    const problems = await causeProblems();
    for (const [accountId, entryId] of [
      [c.id, invented],
      [a.id, repeated],
      [newcomer.id, first],
    ])
      expectProblem(problems, { check: 'cause', accountId, entryId });
    expect(problems.find((p) => p.entryId === invented)?.message).toContain(
      '(seed:x) is not one the seed booked',
    );
    expect(problems.map((p) => p.entryId)).not.toContain(seeded?.id);
    // The tampers balanced the books: only the cause check could tell.
    expect((await verifyLedger(db)).filter((p) => p.accountId === newcomer.id).map((p) => p.check)).toEqual([
      'cause',
    ]);
  });

  it('names bonus, credit and adjustment entries without a verifiable cause, and accepts those with one', async () => {
    const client = await kit.client();
    const [account] = await db.select().from(users).where(eq(users.id, client.id));
    const transaction = async (reference: string, typeId: number, statusId: number, amount: string) => {
      await db.insert(transactions).values({
        brandId: account?.brandId ?? 0,
        userId: client.id,
        accountId: firstAccountOf(client.id),
        reference,
        typeId,
        statusId,
        method: 2,
        provider: 'staff',
        amount,
        currency: 'EUR',
      });
    };
    const staffAction = async (subject: string) => {
      const [row] = await db
        .insert(auditLog)
        .values({ actor: 'staff:1', action: 'balance.adjust', subject })
        .returning({ id: auditLog.id });
      return `staff:${row?.id}`;
    };
    await transaction('TX-BONUSOK01', 4, 2, '50.00');
    await transaction('TX-CREDITPND', 5, 1, '70.00');
    const caused = [
      await tamper(client.id, { kind: 'bonus', amount: '50.00', reference: 'tx:TX-BONUSOK01' }),
      await tamper(client.id, {
        kind: 'adjustment',
        amount: '-5.00',
        reference: await staffAction(`user:${client.id}`),
      }),
      await tamper(client.id, {
        kind: 'credit',
        amount: '20.00',
        reference: await staffAction(`user:${client.id}`),
      }),
    ];
    const uncaused = [
      // a staff action nobody recorded, one recorded about another account, none at all
      await tamper(client.id, { kind: 'bonus', amount: '1000.00', reference: 'staff:999999' }),
      await tamper(client.id, {
        kind: 'adjustment',
        amount: '300.00',
        reference: await staffAction(`user:${c.id}`),
      }),
      await tamper(client.id, { kind: 'adjustment', amount: '400.00', reference: null }),
      // a credit transaction still pending, and a credit naming a bonus transaction
      await tamper(client.id, { kind: 'credit', amount: '70.00', reference: 'tx:TX-CREDITPND' }),
      await tamper(client.id, { kind: 'credit', amount: '50.00', reference: 'tx:TX-BONUSOK01' }),
      // a kind the ledger never books
      await tamper(client.id, { kind: 'gift', amount: '900.00', reference: 'staff:1' }),
    ];
    const named = (await causeProblems()).filter((p) => p.accountId === client.id).map((p) => p.entryId);
    expect(named.sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(uncaused);
    for (const id of caused) expect(named).not.toContain(id);
    expect((await verifyLedger(db)).find((p) => p.entryId === uncaused[0])?.message).toContain('bonus entry');
  });

  it('the database refuses a second realised profit or shortfall entry for one position', async () => {
    const insertError = (userId: number, kind: string, positionId: number) =>
      db
        .insert(ledgerEntries)
        .values({
          userId,
          accountId: firstAccountOf(userId),
          kind,
          amount: '1.00',
          balanceAfter: '0.00',
          positionId,
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const closed = await closedPosition(a.id);
    const twice = await insertError(a.id, 'realised_pnl', closed.id);
    expect(isUniqueViolation(twice, 'ledger_position_kind_uq'), String(twice)).toBe(true);
    // B's shortfall entry was deleted above: one is accepted again, a second is not.
    const gapped = await closedPosition(b.id);
    expect(await insertError(b.id, 'negative_balance_protection', gapped.id)).toBeUndefined();
    const again = await insertError(b.id, 'negative_balance_protection', gapped.id);
    expect(isUniqueViolation(again, 'ledger_position_kind_uq'), String(again)).toBe(true);
  });
});
