import { tabForTypeId } from '@openbroker/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, brands, ledgerEntries, staffMoneyRequests } from '../../../db/schema.js';
import { registerClient } from '../../../test/factories.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { paymentKit } from '../../../test/payments-kit.js';
import { staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';
import { verifyLedger } from '../../ledger/ledger.verify.js';

/**
 * Staff money under two keys, as a regulator would probe it: a booking waits for a second member, nobody
 * approves their own request or pays an account under their own mailbox, slicing a payout does not get round the
 * daily caps, two approvals at once book once, and raising a cap needs a second admin.
 */
describe(`staff money requests (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');

  const [finance, secondFinance, admin, secondAdmin] = await Promise.all([
    staffSession(server, ['finance'], [demo.id]),
    staffSession(server, ['finance'], [demo.id]),
    staffSession(server, ['admin']),
    staffSession(server, ['admin']),
  ]);

  const request = (clientId: number, body: object, token = finance.token) =>
    staffCall(app, 'POST', `/api/backoffice/clients/${clientId}/adjustments`, token, body);
  const decide = (
    reference: string,
    action: 'approve' | 'reject' | 'cancel',
    token: string,
    reason?: string,
  ) =>
    staffCall(
      app,
      'POST',
      `/api/backoffice/money-requests/${reference}/${action}`,
      token,
      reason ? { reason } : {},
    );
  const referenceOf = (res: { json(): unknown }) =>
    (res.json() as { data: { request: { reference: string } } }).data.request.reference;
  const clientTransactions = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/transactions/get/${token}` })).json().data as Array<{
      transaction_id: string;
      transaction_type_id: number;
      amount: number;
    }>;
  const setLimits = (role: string, limits: object, token = admin.token) =>
    staffCall(app, 'PUT', `/api/backoffice/brands/${demo.id}/money-limits/${role}`, token, limits);

  it('a correction books nothing until a second member approves it; then the client sees it', async () => {
    const c = await kit.client();
    const asked = await request(c.id, {
      kind: 'correction',
      amount: '120.50',
      reason: 'Refund of a double fee',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.request).toMatchObject({
      kind: 'correction',
      amount: '120.50',
      currency: 'EUR',
      status: 'pending',
      requestedBy: { staffId: finance.id },
    });
    const reference = referenceOf(asked);
    expect(await kit.balanceOf(c.id)).toBe('0.00');
    expect(await clientTransactions(c.token)).toEqual([]);
    const queue = await staffCall(app, 'GET', '/api/backoffice/money-requests', secondFinance.token);
    expect(queue.json().data.map((r: { reference: string }) => r.reference)).toContain(reference);

    const approved = await decide(reference, 'approve', secondFinance.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      balance: '120.50',
      request: { status: 'approved', decidedBy: { staffId: secondFinance.id } },
    });
    expect(await kit.balanceOf(c.id)).toBe('120.50');
    const booked = approved.json().data.request.transactionReference as string;
    const [listed] = await clientTransactions(c.token);
    expect(listed).toMatchObject({ transaction_id: booked, amount: 120.5 });
    expect(tabForTypeId(listed?.transaction_type_id ?? 0)).toBe('corrections');
    // one ledger entry, caused by the client's transaction
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, c.id));
    expect(entries).toMatchObject([{ kind: 'adjustment', amount: '120.50', reference: `tx:${booked}` }]);
    // both keys in the audit trail, by two different members
    const trail = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `request:${reference}`))
      .orderBy(auditLog.id);
    expect(trail.map((row) => [row.action, row.actor])).toEqual([
      ['money.request', `staff:${finance.id}`],
      ['money.request.approve', `staff:${secondFinance.id}`],
    ]);
    expect(await verifyLedger(db)).toEqual([]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('nobody approves or rejects their own request, and the database refuses it too', async () => {
    const c = await kit.client();
    const reference = referenceOf(await request(c.id, { kind: 'bonus', amount: '50.00', reason: 'Welcome' }));
    const own = await decide(reference, 'approve', finance.token);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST', key: 'staff.ownRequest' });
    expect((await decide(reference, 'reject', finance.token, 'Changed my mind')).statusCode).toBe(409);
    // a member who is both finance and admin is still the requester
    await expect(
      db.execute(
        sql`update staff_money_requests set status = 'approved', decided_by = requested_by where reference = ${reference}`,
      ),
    ).rejects.toThrow();
    expect(await kit.balanceOf(c.id)).toBe('0.00');
    // the requester may withdraw it; another member may not withdraw it for them
    expect((await decide(reference, 'cancel', secondFinance.token)).statusCode).toBe(409);
    const cancelled = await decide(reference, 'cancel', finance.token);
    expect(cancelled.json().data.request.status).toBe('cancelled');
    expect((await decide(reference, 'approve', secondFinance.token)).json()).toMatchObject({
      code: 'REQUEST_FINAL',
    });
    expect(await kit.balanceOf(c.id)).toBe('0.00');
  });

  it('rejecting needs a reason and books nothing', async () => {
    const c = await kit.client();
    const reference = referenceOf(
      await request(c.id, { kind: 'credit', amount: '75.00', reason: 'Credit line' }),
    );
    const bare = await decide(reference, 'reject', secondFinance.token);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0].key).toBe('staff.reasonRequired');
    const rejected = await decide(reference, 'reject', secondFinance.token, 'No credit agreement on file');
    expect(rejected.json().data.request).toMatchObject({
      status: 'rejected',
      decisionReason: 'No credit agreement on file',
    });
    expect(await kit.balanceOf(c.id)).toBe('0.00');
  });

  it('two approvals at once book the request once', async () => {
    const c = await kit.client();
    const reference = referenceOf(await request(c.id, { kind: 'bonus', amount: '40.00', reason: 'Promo' }));
    const answers = await Promise.all([
      decide(reference, 'approve', secondFinance.token),
      decide(reference, 'approve', admin.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await kit.balanceOf(c.id)).toBe('40.00');
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, c.id))).toHaveLength(1);
  });

  it('sliced requests count together against the daily caps, per member and per client', async () => {
    // lowering caps takes effect at once (one admin is enough to tighten control)
    const lowered = await setLimits('finance', {
      maxSingle: '100.00',
      maxDailyPerMember: '250.00',
      maxDailyPerClient: '180.00',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const finance3 = await staffSession(server, ['finance'], [demo.id]);
    const [a, b] = [await kit.client(), await kit.client()];
    expect(
      (await request(a.id, { kind: 'bonus', amount: '100.01', reason: 'x' }, finance3.token)).json()
        .errors[0],
    ).toMatchObject({ key: 'staff.limitSingle' });
    expect(
      (await request(a.id, { kind: 'bonus', amount: '100.00', reason: 'Slice 1' }, finance3.token))
        .statusCode,
    ).toBe(200);
    const second = await request(a.id, { kind: 'bonus', amount: '90.00', reason: 'Slice 2' }, finance3.token);
    expect(second.statusCode).toBe(400);
    expect(second.json().errors[0]).toMatchObject({ key: 'staff.limitDailyClient' });
    expect(second.json().errors[0].message).toContain('EUR 180.00');
    expect(
      (await request(b.id, { kind: 'bonus', amount: '100.00', reason: 'Slice 2' }, finance3.token))
        .statusCode,
    ).toBe(200);
    const third = await request(
      b.id,
      { kind: 'correction', amount: '-60.00', reason: 'Slice 3' },
      finance3.token,
    );
    expect(third.statusCode).toBe(400);
    expect(third.json().errors[0]).toMatchObject({ key: 'staff.limitDailyMember' });
    // a rejected request no longer counts
    const [slice] = await db
      .select()
      .from(staffMoneyRequests)
      .where(and(eq(staffMoneyRequests.userId, b.id), eq(staffMoneyRequests.status, 'pending')));
    await decide(slice?.reference ?? '', 'reject', secondFinance.token, 'Split on purpose');
    const again = await request(
      b.id,
      { kind: 'correction', amount: '-60.00', reason: 'Slice 3' },
      finance3.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    await setLimits('finance', {
      maxSingle: '10000.00',
      maxDailyPerMember: '50000.00',
      maxDailyPerClient: '25000.00',
    });
    // back to the defaults: a raise, so a second admin confirms it
    await staffCall(
      app,
      'POST',
      `/api/backoffice/brands/${demo.id}/money-limits/finance/confirm`,
      secondAdmin.token,
      {},
    );
  });

  it('raising a cap waits for a second admin; the proposer cannot confirm it', async () => {
    const tightened = await setLimits('admin', {
      maxSingle: '1000.00',
      maxDailyPerMember: '5000.00',
      maxDailyPerClient: '5000.00',
    });
    expect(tightened.statusCode, tightened.body).toBe(200);
    const raised = await setLimits('admin', {
      maxSingle: '9000.00',
      maxDailyPerMember: '5000.00',
      maxDailyPerClient: '4000.00',
    });
    const adminRow = raised.json().data.roles.find((r: { role: string }) => r.role === 'admin');
    // the lowered cap applies now; the raised one keeps its value until confirmed
    expect(adminRow.limits).toEqual({
      maxSingle: '1000.00',
      maxDailyPerMember: '5000.00',
      maxDailyPerClient: '4000.00',
    });
    expect(adminRow.proposal).toMatchObject({
      limits: { maxSingle: '9000.00' },
      proposedBy: { staffId: admin.id },
    });
    const c = await kit.client();
    expect(
      (await request(c.id, { kind: 'bonus', amount: '1500.00', reason: 'x' }, admin.token)).statusCode,
    ).toBe(400);

    const own = await staffCall(
      app,
      'POST',
      `/api/backoffice/brands/${demo.id}/money-limits/admin/confirm`,
      admin.token,
      {},
    );
    expect(own.json()).toMatchObject({ code: 'OWN_PROPOSAL' });
    const confirmed = await staffCall(
      app,
      'POST',
      `/api/backoffice/brands/${demo.id}/money-limits/admin/confirm`,
      secondAdmin.token,
      {},
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.roles.find((r: { role: string }) => r.role === 'admin')).toMatchObject({
      limits: { maxSingle: '9000.00' },
      proposal: null,
    });
    expect(
      (await request(c.id, { kind: 'bonus', amount: '1500.00', reason: 'x' }, admin.token)).statusCode,
    ).toBe(200);
    // only admins set caps
    expect(
      (
        await setLimits(
          'finance',
          { maxSingle: '1.00', maxDailyPerMember: '1.00', maxDailyPerClient: '1.00' },
          finance.token,
        )
      ).statusCode,
    ).toBe(403);
    await setLimits('admin', {
      maxSingle: '100000.00',
      maxDailyPerMember: '500000.00',
      maxDailyPerClient: '250000.00',
    });
    await staffCall(
      app,
      'POST',
      `/api/backoffice/brands/${demo.id}/money-limits/admin/confirm`,
      secondAdmin.token,
      {},
    );
  });

  it('refuses to let a member pay an account under their own mailbox, and warns of look-alikes', async () => {
    const mine = await registerClient(app, { email: secondFinance.email.replace('@', '+trading@') });
    const [row] = await db
      .execute(sql`select id from users where lower(email) = lower(${mine.email})`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const clientId = row?.id ?? 0;
    const reference = referenceOf(
      await request(clientId, { kind: 'bonus', amount: '30.00', reason: 'Bonus' }),
    );
    const detail = await staffCall(
      app,
      'GET',
      `/api/backoffice/money-requests/${reference}`,
      secondFinance.token,
    );
    expect(detail.json().data.context.lookalikes).toContainEqual(
      expect.objectContaining({ staffId: secondFinance.id, fields: ['email'] }),
    );
    expect(detail.json().data.context.client).toMatchObject({ verified: false, currency: 'EUR' });
    const self = await decide(reference, 'approve', secondFinance.token);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'SELF_CLIENT' });
    expect((await decide(reference, 'approve', admin.token)).statusCode).toBe(200);
  });

  it('a client withdrawal needs a verified account (the brand rule is on by default)', async () => {
    const c = await kit.client({}, { verified: false });
    const reference = referenceOf(
      await request(c.id, { kind: 'correction', amount: '500.00', reason: 'Funds' }),
    );
    expect((await decide(reference, 'approve', secondFinance.token)).statusCode).toBe(200);
    const refused = await kit.create(c.token, { amount: -100, method: 6, comments: 'To my IBAN' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'withdraw.notVerified' });
    expect(await kit.balanceOf(c.id)).toBe('500.00');
  });
});
