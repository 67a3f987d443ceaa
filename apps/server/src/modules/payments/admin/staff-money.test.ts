import { tabForTypeId } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brands,
  ledgerEntries,
  tradingAccounts,
  transactionApprovals,
} from '../../../db/schema.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { paymentKit } from '../../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';
import { verifyLedger } from '../../ledger/ledger.verify.js';

describe(`back-office money (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  if (!demo || !aurora) throw new Error('the demo seed has the brands demo and aurora');

  const finance = await staffSession(server, ['finance'], [demo.id]);
  const secondFinance = await staffSession(server, ['finance'], [demo.id]);
  const thirdFinance = await staffSession(server, ['finance']);
  const outsider = await staffSession(server, ['finance'], [aurora.id]);

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    staffCall(app, method, url, token, payload);
  const admin = await staffSession(server, ['admin']);
  /** A staff booking under two keys: requested by `token`'s member, approved by a second member. */
  const adjust = (clientId: number, body: object, token = finance.token) =>
    bookAdjustment(server, token, clientId, body as { kind: string; amount: string; reason: string });
  const approve = (reference: string, token = finance.token, reason?: string) =>
    call(token, 'POST', `/api/backoffice/transactions/${reference}/approve`, reason ? { reason } : {});
  const reject = (reference: string, reason?: string, token = finance.token) =>
    call(
      token,
      'POST',
      `/api/backoffice/transactions/${reference}/reject`,
      reason === undefined ? {} : { reason },
    );
  const wire = async (token: string, amount: number) => {
    const res = await kit.create(token, { amount, method: 2 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.transaction_id as string;
  };
  const withdraw = (token: string, amount: number) =>
    kit.create(token, { amount: -amount, method: 6, comments: 'To my IBAN DE89 3704' });
  const clientTransactions = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/transactions/get/${token}` })).json().data as Array<{
      transaction_id: string;
      transaction_type_id: number;
      transaction_status: { name: string };
      amount: number;
      status_note?: string;
    }>;
  /** A client funded by a staff correction (withdrawable money, unlike a bonus). */
  const funded = async (amount: string) => {
    const c = await kit.client();
    const res = await adjust(
      c.id,
      { kind: 'correction', amount, reason: 'Opening funds for the test' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };

  it('lists pending bank wires and withdrawals oldest first, only of the brands in scope', async () => {
    const c = await funded('500.00');
    const first = await wire(c.token, 300);
    const second = await wire(c.token, 400);
    const payout = (await withdraw(c.token, 50)).json().data.transaction_id as string;

    const deposits = await call(finance.token, 'GET', `/api/backoffice/queues/deposits?brandId=${demo.id}`);
    expect(deposits.statusCode, deposits.body).toBe(200);
    const refs: string[] = deposits.json().data.map((t: { reference: string }) => t.reference);
    expect(refs.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(refs.indexOf(first)).toBeLessThan(refs.indexOf(second));
    expect(refs).not.toContain(payout);
    expect(deposits.json().data.find((t: { reference: string }) => t.reference === first)).toMatchObject({
      userId: c.id,
      email: c.email,
      brandSlug: 'demo',
      typeId: 2,
      statusName: 'Pending',
      amount: '300.00',
      approvals: [],
      needsSecondApproval: false,
    });
    const withdrawals = await call(finance.token, 'GET', '/api/backoffice/queues/withdrawals');
    expect(withdrawals.json().data.map((t: { reference: string }) => t.reference)).toContain(payout);

    // another brand's staff: the brand answers 404, their own lists leave these out
    expect(
      (await call(outsider.token, 'GET', `/api/backoffice/queues/deposits?brandId=${demo.id}`)).statusCode,
    ).toBe(404);
    const theirs = await call(outsider.token, 'GET', '/api/backoffice/queues/deposits');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(first);
    expect((await approve(first, outsider.token)).statusCode).toBe(404);
    expect((await reject(first, 'no', outsider.token)).statusCode).toBe(404);
    expect(
      (await adjust(c.id, { kind: 'bonus', amount: '5.00', reason: 'x' }, outsider.token)).statusCode,
    ).toBe(404);
  });

  it('approving a bank wire credits the client at once and takes it off the queue', async () => {
    const c = await kit.client();
    const reference = await wire(c.token, 750);
    const res = await approve(reference, finance.token, 'Funds arrived on the brand account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'approved',
      transaction: { reference, statusName: 'Approved', decidedBy: `staff:${finance.id}` },
    });
    expect(await kit.balanceOf(c.id)).toBe('750.00');
    expect(ctx.trading.balance(c.id).balance).toBe(750);
    const queue = await call(finance.token, 'GET', '/api/backoffice/queues/deposits');
    expect(queue.body).not.toContain(reference);
    // decided once: a second approval is refused
    expect((await approve(reference)).json().code).toBe('TRANSACTION_FINAL');
  });

  it('rejecting a withdrawal needs a reason, gives the money back and shows the reason to the client', async () => {
    const c = await funded('1000.00');
    const reference = (await withdraw(c.token, 400)).json().data.transaction_id as string;
    expect(await kit.balanceOf(c.id)).toBe('600.00');

    const noReason = await reject(reference, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ path: 'reason', key: 'staff.reasonRequired' });

    const res = await reject(reference, 'The IBAN does not belong to the account holder');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      statusName: 'Declined',
      note: 'The IBAN does not belong to the account holder',
    });
    expect(await kit.balanceOf(c.id)).toBe('1000.00');
    const mine = (await clientTransactions(c.token)).find((t) => t.transaction_id === reference);
    expect(mine).toMatchObject({
      transaction_status: { name: 'Declined' },
      status_note: 'The IBAN does not belong to the account holder',
    });
  });

  it('four-eyes: above the threshold a withdrawal is paid by a second, different approver', async () => {
    const c = await funded('20000.00');
    const reference = (await withdraw(c.token, 12_000)).json().data.transaction_id as string;
    const queued = await call(finance.token, 'GET', '/api/backoffice/queues/withdrawals');
    expect(queued.json().data.find((t: { reference: string }) => t.reference === reference)).toMatchObject({
      needsSecondApproval: true,
      approvals: [],
    });

    const first = await approve(reference, finance.token, 'Checked the IBAN');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      state: 'awaiting-second-approval',
      transaction: { statusName: 'Pending', approvals: [{ staffId: finance.id }] },
    });

    const again = await approve(reference, finance.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SAME_APPROVER', key: 'staff.sameApprover' });
    expect(again.json().message).toMatch(/second finance colleague/);

    const second = await approve(reference, secondFinance.token);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      state: 'approved',
      transaction: {
        statusName: 'Approved',
        approvals: [{ staffId: finance.id }, { staffId: secondFinance.id }],
      },
    });
    // the reservation is the payment: nothing more is booked
    expect(await kit.balanceOf(c.id)).toBe('8000.00');
  });

  it('four-eyes: two first approvals at once are one first and one second approval', async () => {
    const c = await funded('30000.00');
    const reference = (await withdraw(c.token, 11_000)).json().data.transaction_id as string;
    const answers = await Promise.all([
      approve(reference, finance.token),
      approve(reference, secondFinance.token),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().data.state).sort()).toEqual(['approved', 'awaiting-second-approval']);
    expect(await kit.balanceOf(c.id)).toBe('19000.00');
  });

  it('four-eyes: two second approvals at once pay the withdrawal once', async () => {
    const c = await funded('30000.00');
    const reference = (await withdraw(c.token, 15_000)).json().data.transaction_id as string;
    expect((await approve(reference, finance.token)).json().data.state).toBe('awaiting-second-approval');
    const answers = await Promise.all([
      approve(reference, secondFinance.token),
      approve(reference, thirdFinance.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'withdrawal')));
    expect(entries).toHaveLength(1);
    expect(await kit.balanceOf(c.id)).toBe('15000.00');
    const row = await kit.transaction(reference);
    expect(row?.statusId).toBe(2);
    expect(
      await db
        .select()
        .from(transactionApprovals)
        .where(eq(transactionApprovals.transactionId, row?.id ?? 0)),
    ).toHaveLength(2);
  });

  it("books each adjustment kind once, in the client's spec §9 transaction tab", async () => {
    const c = await funded('1000.00');
    const cases = [
      { kind: 'bonus', amount: '50.00', typeId: 4, tab: 'bonuses', signed: 50 },
      { kind: 'promotional_bonus', amount: '25.00', typeId: 10, tab: 'bonuses', signed: 25 },
      { kind: 'credit', amount: '100.00', typeId: 5, tab: 'credits', signed: 100 },
      { kind: 'wire_withdrawal', amount: '30.00', typeId: 7, tab: 'withdrawals', signed: -30 },
      { kind: 'card_withdrawal', amount: '20.00', typeId: 8, tab: 'withdrawals', signed: -20 },
    ] as const;
    for (const expected of cases) {
      const res = await adjust(c.id, {
        kind: expected.kind,
        amount: expected.amount,
        reason: `Test ${expected.kind}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const reference = res.json().data.request.transactionReference as string;
      expect(await kit.transaction(reference)).toMatchObject({
        typeId: expected.typeId,
        statusId: 2,
        provider: 'backoffice',
      });
      const listed = (await clientTransactions(c.token)).find((t) => t.transaction_id === reference);
      expect(listed?.amount).toBe(expected.signed);
      expect(tabForTypeId(listed?.transaction_type_id ?? 0)).toBe(expected.tab);
    }
    const minus = await adjust(c.id, { kind: 'correction', amount: '-45.50', reason: 'Fee charged twice' });
    expect(minus.statusCode, minus.body).toBe(200);
    // 1000 + 50 + 25 + 100 - 30 - 20 - 45.50
    expect(minus.json().data.balance).toBe('1079.50');
    expect(await kit.balanceOf(c.id)).toBe('1079.50');
    expect(ctx.trading.balance(c.id).balance).toBe(1079.5);

    // the client sees the correction too: in its own tab, with its sign
    const correction = minus.json().data.request.transactionReference as string;
    const listed = (await clientTransactions(c.token)).find((t) => t.transaction_id === correction);
    expect(listed?.amount).toBe(-45.5);
    expect(tabForTypeId(listed?.transaction_type_id ?? 0)).toBe('corrections');
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.amount, '-45.50')));
    expect(entry).toMatchObject({ kind: 'adjustment', reference: `tx:${correction}` });
    const approvals = await db.select().from(auditLog).where(eq(auditLog.action, 'money.request.approve'));
    expect(approvals.find((a) => a.userId === c.id && a.reason === null)).toBeTruthy();

    expect(await verifyLedger(db)).toEqual([]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('refuses an adjustment without a reason, with a wrong amount or beyond the free margin', async () => {
    const c = await funded('100.00');
    const res = await adjust(c.id, { kind: 'bonus', amount: '-5.00' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual(['staff.adjustmentAmount', 'staff.reasonRequired']);
    expect((await adjust(c.id, { kind: 'gift', amount: '5.00', reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(c.id, { kind: 'correction', amount: '0.00', reason: 'x' })).statusCode).toBe(400);
    const over = await adjust(c.id, { kind: 'correction', amount: '-100.01', reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(await kit.balanceOf(c.id)).toBe('100.00');
    const unknown = await adjust(999_999, { kind: 'bonus', amount: '5.00', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('four-eyes cannot be stepped around by the operator CLI: a withdrawal above the threshold waits for two approvers', async () => {
    const c = await funded('30000.00');
    const res = await withdraw(c.token, 12_000);
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().data.transaction_id as string;
    const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'tester' };
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/confirm`,
      headers: operator,
    });
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(confirm.json()).toMatchObject({ code: 'FOUR_EYES_REQUIRED', key: 'payment.fourEyesRequired' });
    expect((await kit.transaction(reference))?.statusId).toBe(1);
    // the back office's two approvers pay it
    expect((await approve(reference)).json().data.state).toBe('awaiting-second-approval');
    expect((await approve(reference, secondFinance.token)).json().data.state).toBe('approved');
    expect((await kit.transaction(reference))?.statusId).toBe(2);
  });

  it('a staff payout waits for a second key whatever its size, and is refused above the role cap', async () => {
    const c = await funded('20000.00');
    for (const kind of ['wire_withdrawal', 'card_withdrawal']) {
      const res = await call(finance.token, 'POST', `/api/backoffice/clients/${c.id}/adjustments`, {
        kind,
        amount: '10000.01',
        reason: 'Direct payout',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'amount', key: 'staff.limitSingle' });
    }
    const small = await call(finance.token, 'POST', `/api/backoffice/clients/${c.id}/adjustments`, {
      kind: 'wire_withdrawal',
      amount: '50.00',
      reason: 'Payout',
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().data.request).toMatchObject({ status: 'pending', amount: '-50.00', currency: 'EUR' });
    expect(await kit.balanceOf(c.id)).toBe('20000.00');
  });

  it('bonus and credit money is not withdrawable unless the brand allows it', async () => {
    const c = await funded('100.00');
    expect(
      (await adjust(c.id, { kind: 'bonus', amount: '500.00', reason: 'Welcome bonus' })).statusCode,
    ).toBe(200);
    expect((await adjust(c.id, { kind: 'credit', amount: '50.00', reason: 'Credit line' })).statusCode).toBe(
      200,
    );
    // free margin 650, of which 550 is bonus and credit
    const refused = await withdraw(c.token, 100.01);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ path: 'amount', key: 'withdraw.bonusNotWithdrawable' });
    expect(refused.json().errors[0].message).toContain('100.00');
    const staffRefused = await adjust(c.id, { kind: 'wire_withdrawal', amount: '100.01', reason: 'Payout' });
    expect(staffRefused.statusCode).toBe(400);
    expect(staffRefused.json().errors[0].key).toBe('staff.adjustmentExceedsWithdrawable');
    expect((await withdraw(c.token, 100)).statusCode).toBe(200);

    // a brand that lets bonus money be withdrawn
    const settings = demo.settings;
    await db
      .update(brands)
      .set({ settings: { ...settings, backoffice: { ...settings.backoffice, bonusWithdrawable: true } } })
      .where(eq(brands.id, demo.id));
    ctx.brands.invalidate();
    try {
      expect((await withdraw(c.token, 300)).statusCode).toBe(200);
    } finally {
      await db.update(brands).set({ settings }).where(eq(brands.id, demo.id));
      ctx.brands.invalidate();
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('every decision and adjustment is audited with who, role, brand, client and reason', async () => {
    const c = await kit.client();
    const reference = await wire(c.token, 300);
    await reject(reference, 'No money arrived');
    const rows = await db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.subject, `transaction:${reference}`),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: `staff:${finance.id}`,
      role: 'finance',
      brandId: demo.id,
      userId: c.id,
      action: 'transaction.deposit.reject',
      reason: 'No money arrived',
      before: { status: 'Pending' },
      after: { status: 'Declined' },
    });
    const [client] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, c.id));
    expect(client?.balance).toBe('0.00');
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("audits the operator CLI's decisions like staff ones: the audit screen's brand and client filters find them, in scope only", async () => {
    const c = await kit.client();
    const confirmed = await wire(c.token, 400);
    const rejected = await wire(c.token, 300);
    const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'tester' };
    const decide = (reference: string, verb: string, payload: object = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${reference}/${verb}`,
        headers: operator,
        payload,
      });
    expect((await decide(confirmed, 'confirm')).statusCode).toBe(200);
    expect((await decide(rejected, 'reject', { note: 'No money arrived' })).statusCode).toBe(200);
    const rowOf = async (reference: string) =>
      (
        await db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.subject, `transaction:${reference}`) })
      )[0];
    expect(await rowOf(confirmed)).toMatchObject({
      actor: 'cli:tester',
      action: 'transaction.deposit.confirm',
      brandId: demo.id,
      userId: c.id,
      before: { status: 'Pending' },
      after: { status: 'Approved' },
      reason: null,
      ip: expect.any(String),
    });
    expect(await rowOf(rejected)).toMatchObject({
      actor: 'cli:tester',
      action: 'transaction.deposit.reject',
      brandId: demo.id,
      userId: c.id,
      before: { status: 'Pending' },
      after: { status: 'Declined' },
      reason: 'No money arrived',
    });

    const compliance = await staffSession(server, ['compliance'], [demo.id]);
    const subjects = async (token: string, query: string) =>
      (await call(token, 'GET', `/api/backoffice/audit?${query}`))
        .json()
        .data.items.map((row: { subject: string }) => row.subject);
    for (const query of [`clientId=${c.id}`, `brandId=${demo.id}&action=transaction.deposit`]) {
      expect(await subjects(compliance.token, query)).toEqual(
        expect.arrayContaining([`transaction:${confirmed}`, `transaction:${rejected}`]),
      );
    }
    const auroraCompliance = await staffSession(server, ['compliance'], [aurora.id]);
    expect(await subjects(auroraCompliance.token, `clientId=${c.id}`)).toEqual([]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('declares either queue permission on approve and reject, and still needs the transaction queue one', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const verb of ['approve', 'reject']) {
      const op = docs.paths[`/api/backoffice/transactions/{reference}/${verb}`].post;
      expect(op['x-staff-policy']).toMatchObject({
        permission: ['deposits.approve', 'withdrawals.approve'],
        roles: ['admin', 'finance'],
      });
      expect(op.summary).toContain('A bank wire needs deposits.approve, a withdrawal withdrawals.approve');
    }
    // a role without either permission is refused before anything is read
    const c = await kit.client();
    const reference = await wire(c.token, 300);
    const compliance = await staffSession(server, ['compliance'], [demo.id]);
    expect((await approve(reference, compliance.token)).statusCode).toBe(403);
    expect((await reject(reference, 'no', compliance.token)).statusCode).toBe(403);
    expect((await kit.transaction(reference))?.statusId).toBe(1);
  });
});
