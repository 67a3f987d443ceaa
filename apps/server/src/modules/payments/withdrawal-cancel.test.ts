import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, ledgerEntries } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { verifyLedger } from '../ledger/ledger.verify.js';

const NOT_FOUND = {
  status: false,
  code: 'TRANSACTION_NOT_FOUND',
  key: 'withdraw.cancelNotFound',
  message: 'This withdrawal was not found.',
};
const NOT_CANCELLABLE = {
  status: false,
  code: 'TRANSACTION_FINAL',
  key: 'withdraw.notCancellable',
  message: 'This withdrawal can no longer be cancelled: it has already been paid, declined or cancelled.',
};

// a client cancels their own pending withdrawal; the reservation comes back through the ledger.
describe(`cancelling a pending withdrawal (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const operator = { authorization: `Bearer ${ctx.operatorToken}` };
  const SISTER = { host: 'sister-cancel.example.com' };
  await db.insert(brands).values({
    slug: 'sister-cancel',
    name: 'Sister Markets',
    hosts: [SISTER.host],
    settings: DEMO_BRAND_SETTINGS,
  });

  /** A client of the demo brand (or the sister brand) with `amount` deposited by bank wire, confirmed by staff. */
  const funded = async (amount: number, headers: Record<string, string> = {}) => {
    const c = await kit.client(headers);
    const { transaction_id } = (await kit.create(c.token, { amount, method: 2 }, undefined, headers)).json()
      .data;
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${transaction_id}/confirm`,
      headers: operator,
    });
    expect(res.statusCode).toBe(200);
    return c;
  };
  const withdraw = async (token: string, amount: number, headers: Record<string, string> = {}) => {
    const res = await kit.create(
      token,
      { amount: -amount, method: 6, comments: 'To my IBAN' },
      undefined,
      headers,
    );
    expect(res.statusCode).toBe(200);
    return res.json().data.transaction_id as string;
  };
  const cancel = (token: string, transaction_id: unknown, headers: Record<string, string> = {}) =>
    kit.post('/api/transactions/cancel', { token, transaction_id }, headers);
  const reversals = (userId: number) =>
    db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'withdrawal_reversal')));
  const ledgerProblemsOf = async (userId: number) =>
    (await verifyLedger(db)).filter((problem) => problem.accountId === userId);
  /** Everything a refused cancel must leave as it was. */
  const snapshot = async (userId: number, reference: string) => ({
    balance: await kit.balanceOf(userId),
    freeMargin: ctx.trading.balance(userId).freeMargin,
    status: (await kit.transaction(reference))?.statusId,
    reversals: (await reversals(userId)).length,
  });

  it('gives the reserved amount back on the ledger, marks it Cancelled and audits it', async () => {
    const c = await funded(1000);
    const reference = await withdraw(c.token, 300);
    expect(await kit.balanceOf(c.id)).toBe('700.00');

    const res = await cancel(c.token, reference, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      data: expect.objectContaining({
        transaction_id: reference,
        amount: -300,
        transaction_status: { name: 'Cancelled' },
        transaction_status_id: 4,
      }),
    });
    expect(await kit.balanceOf(c.id)).toBe('1000.00');
    expect(ctx.trading.balance(c.id).freeMargin).toBe(1000);
    expect(await kit.transaction(reference)).toMatchObject({ statusId: 4, decidedBy: `client:${c.id}` });
    expect(await reversals(c.id)).toEqual([
      expect.objectContaining({
        amount: '300.00',
        balanceAfter: '1000.00',
        reference: `tx:${reference}:reversal`,
      }),
    ]);
    expect(await kit.ledgerSum(c.id)).toBe(1000);
    expect(await ledgerProblemsOf(c.id)).toEqual([]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'transaction.withdrawal.cancel'),
          eq(auditLog.subject, `transaction:${reference}`),
        ),
      );
    expect(audit).toMatchObject({
      actor: `client:${c.id}`,
      userId: c.id,
      before: { status: 'Pending' },
      after: { status: 'Cancelled' },
      ip: expect.any(String),
      details: { amount: '-300.00', currency: 'EUR' },
    });
    // the client's list shows it cancelled
    const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
    expect(
      list.json().data.find((t: { transaction_id: string }) => t.transaction_id === reference),
    ).toMatchObject({
      transaction_status: { name: 'Cancelled' },
    });
  });

  it("refuses another client's withdrawal as not found and changes nothing", async () => {
    const owner = await funded(500);
    const reference = await withdraw(owner.token, 200);
    const before = await snapshot(owner.id, reference);
    const thief = await funded(500);
    const res = await cancel(thief.token, reference);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await snapshot(owner.id, reference)).toEqual(before);
    expect(await kit.balanceOf(thief.id)).toBe('500.00');
  });

  it("refuses another brand's withdrawal, from either brand's site, and changes nothing", async () => {
    const sister = await funded(500, SISTER);
    const reference = await withdraw(sister.token, 100, SISTER);
    const before = await snapshot(sister.id, reference);
    const demo = await funded(500);
    expect((await cancel(demo.token, reference)).json()).toEqual(NOT_FOUND);
    // a demo session is no session on the sister brand's site
    expect((await cancel(demo.token, reference, SISTER)).statusCode).toBe(401);
    expect(await snapshot(sister.id, reference)).toEqual(before);
    // its owner can, on its own site
    expect((await cancel(sister.token, reference, SISTER)).statusCode).toBe(200);
  });

  it('refuses a paid, a declined and a cancelled withdrawal with a clear message, booking nothing', async () => {
    const c = await funded(1000);
    const paid = await withdraw(c.token, 100);
    const declined = await withdraw(c.token, 150);
    const cancelled = await withdraw(c.token, 200);
    const decide = (reference: string, action: 'confirm' | 'reject') =>
      app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${reference}/${action}`,
        headers: operator,
        payload: { note: 'IBAN does not match' },
      });
    expect((await decide(paid, 'confirm')).statusCode).toBe(200);
    expect((await decide(declined, 'reject')).statusCode).toBe(200);
    expect((await cancel(c.token, cancelled)).statusCode).toBe(200);
    expect(await kit.balanceOf(c.id)).toBe('900.00');

    for (const reference of [paid, declined, cancelled]) {
      const before = await snapshot(c.id, reference);
      const res = await cancel(c.token, reference);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(NOT_CANCELLABLE);
      expect(await snapshot(c.id, reference)).toEqual(before);
    }
    expect(await kit.balanceOf(c.id)).toBe('900.00');
    expect(await ledgerProblemsOf(c.id)).toEqual([]);
  });

  it('cancels once when two cancels race: one 200, one 409, one reversal', async () => {
    const c = await funded(1000);
    const reference = await withdraw(c.token, 400);
    const answers = await Promise.all([cancel(c.token, reference), cancel(c.token, reference)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toEqual(NOT_CANCELLABLE);
    expect(await reversals(c.id)).toHaveLength(1);
    expect(await kit.balanceOf(c.id)).toBe('1000.00');
    expect(await ledgerProblemsOf(c.id)).toEqual([]);
  });

  it('decides once when the client cancels while staff reject: the money comes back once', async () => {
    const c = await funded(1000);
    const reference = await withdraw(c.token, 250);
    const [byClient, byStaff] = await Promise.all([
      cancel(c.token, reference),
      app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${reference}/reject`,
        headers: operator,
        payload: { note: 'Declined' },
      }),
    ]);
    expect([byClient.statusCode, byStaff.statusCode].sort()).toEqual([200, 409]);
    expect([3, 4]).toContain((await kit.transaction(reference))?.statusId);
    expect(await reversals(c.id)).toHaveLength(1);
    expect(await kit.balanceOf(c.id)).toBe('1000.00');
  });

  it('refuses a deposit, an unknown id and a malformed one; nothing changes', async () => {
    const c = await kit.client();
    const deposit = (await kit.create(c.token, { amount: 500, method: 2 })).json().data.transaction_id;
    const res = await cancel(c.token, deposit);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await kit.transaction(deposit))?.statusId).toBe(1);
    expect((await cancel(c.token, 'TX-0000000000')).json()).toEqual(NOT_FOUND);
    for (const bad of ['', "TX-1' or '1'='1", 42, null, 'x'.repeat(33)]) {
      const refused = await cancel(c.token, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ path: 'transaction_id' });
    }
  });

  it('needs a session', async () => {
    const c = await funded(300);
    const reference = await withdraw(c.token, 100);
    expect((await kit.post('/api/transactions/cancel', { transaction_id: reference })).statusCode).toBe(401);
    expect((await cancel('not-a-token', reference)).statusCode).toBe(401);
    expect(await kit.balanceOf(c.id)).toBe('200.00');
  });
});
