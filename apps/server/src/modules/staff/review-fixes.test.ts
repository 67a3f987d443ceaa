import { parseAdjustmentAmount, staffReasonProblem } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, brands, tradingAccounts, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../test/staff-kit.js';

/** Regression tests of the back-office server review: inputs that answered 500 or slipped past checks. */
describe(`back-office review fixes (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  const finance = await staffSession(server, ['finance'], [demo.id]);
  const dealer = await staffSession(server, ['dealer'], [demo.id]);
  const admin = await staffSession(server, ['admin']);

  const adjust = (clientId: number | string, body: object, token = finance.token) =>
    typeof clientId === 'number'
      ? bookAdjustment(server, token, clientId, body as { kind: string; amount: string; reason: string })
      : staffCall(app, 'POST', `/api/backoffice/clients/${clientId}/adjustments`, token, body);
  const fieldErrors = (res: { json(): unknown }) =>
    ((res.json() as { errors?: Array<{ path: string; key: string }> }).errors ?? []).map(
      (e) => `${e.path}:${e.key}`,
    );

  it('parses adjustment amounts exactly: whole units and one decimal too, nothing else', () => {
    expect(parseAdjustmentAmount('120')).toBe(120);
    expect(parseAdjustmentAmount(' 120.5 ')).toBe(120.5);
    expect(parseAdjustmentAmount('-7.25')).toBe(-7.25);
    expect(parseAdjustmentAmount('-0')).toBe(0);
    expect(parseAdjustmentAmount('0001000000000000.00')).toBe(1_000_000_000_000);
    for (const big of ['12345678901234', '1000000000000.01', '-99999999999999999999999'])
      expect(parseAdjustmentAmount(big), big).toBe('tooLarge');
    for (const bad of ['1e5', 'NaN', '5,00', '5.001', '+5', '', '0x10', 'Infinity', '-'])
      expect(parseAdjustmentAmount(bad), bad).toBeNull();
    expect(staffReasonProblem('ok\u0000', { required: true })?.key).toBe('field.forbiddenCharacters');
    expect(staffReasonProblem('line one\nline two\ttab', { required: true })).toBeNull();
    expect(staffReasonProblem('  ', { required: false })).toBeNull();
    expect(staffReasonProblem('  ', { required: true })?.key).toBe('staff.reasonRequired');
  });

  it('books amounts without two decimals, and refuses huge, exponent and -0 amounts with field messages (not 500)', async () => {
    const c = await kit.client();
    const whole = await adjust(c.id, { kind: 'bonus', amount: '100', reason: 'Welcome bonus' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data).toMatchObject({ balance: '100.00', request: { amount: '100.00' } });
    const oneDecimal = await adjust(c.id, { kind: 'correction', amount: ' -0.5 ', reason: 'Fee' });
    expect(oneDecimal.statusCode, oneDecimal.body).toBe(200);
    expect(oneDecimal.json().data.balance).toBe('99.50');

    for (const amount of ['-0', '1e5', 'NaN', '5.001']) {
      const res = await adjust(c.id, { kind: 'bonus', amount, reason: 'x' });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(fieldErrors(res)).toEqual(['amount:staff.adjustmentAmount']);
    }
    for (const amount of ['100000000000000', '999999999999999.99', '1000000000000.01']) {
      const res = await adjust(c.id, { kind: 'correction', amount, reason: 'x' });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(fieldErrors(res)).toEqual(['amount:field.max']);
      expect(res.json().errors[0].message).toBe('Amount can be at most 1000000000000');
    }
    const [row] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, c.id));
    expect(row?.balance).toBe('99.50');
  });

  it('refuses control characters in staff reasons before anything is booked or decided', async () => {
    const c = await kit.client();
    const nul = await adjust(c.id, { kind: 'correction', amount: '10.00', reason: 'a\u0000b' });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(fieldErrors(nul)).toEqual(['reason:field.forbiddenCharacters']);
    const esc = await adjust(c.id, { kind: 'bonus', amount: '10.00', reason: 'x\u001b[31m' });
    expect(fieldErrors(esc)).toEqual(['reason:field.forbiddenCharacters']);
    const [row] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, c.id));
    expect(row?.balance).toBe('0.00');

    const deposit = await kit.create(c.token, { amount: 300, method: 2 });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const reference = deposit.json().data.transaction_id as string;
    const decide = (verb: 'approve' | 'reject', reason: string) =>
      staffCall(app, 'POST', `/api/backoffice/transactions/${reference}/${verb}`, finance.token, { reason });
    for (const verb of ['approve', 'reject'] as const) {
      const res = await decide(verb, 'ok\u0000');
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)).toEqual(['reason:field.forbiddenCharacters']);
    }
    expect((await kit.transaction(reference))?.statusId).toBe(1);
    // a multi-line reason is fine
    const approved = await decide('approve', 'Funds arrived\nBank ref 42');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('closes no position for a reason it could not audit', async () => {
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 50_000, ask: 50_010, ts: Date.now() })).toBe(true);
    const c = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, c.id));
    await ctx.trading.refreshAccount(c.id);
    expect((await adjust(c.id, { kind: 'correction', amount: '5000', reason: 'Funds' })).statusCode).toBe(
      200,
    );
    const opened = await ctx.trading.open({
      accountId: c.id,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 1,
      price: 50_010,
      now: Date.now(),
    });
    const event = opened.ok ? opened.events.find((e) => e.type === 'position.opened') : undefined;
    const positionId = event?.type === 'position.opened' ? event.position.id : 0;
    expect(positionId).toBeGreaterThan(0);

    const close = (reason: string) =>
      staffCall(app, 'POST', `/api/backoffice/clients/${c.id}/positions/${positionId}/close`, dealer.token, {
        reason,
      });
    const refused = await close('Risk\u0000');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fieldErrors(refused)).toEqual(['reason:field.forbiddenCharacters']);
    expect(ctx.trading.position(c.id, positionId)?.close_date).toBeNull();

    const closed = await close('Margin risk');
    expect(closed.statusCode, closed.body).toBe(200);
    const rows = await db.select().from(auditLog).where(eq(auditLog.userId, c.id));
    expect(rows.filter((r) => r.action === 'position.close')).toHaveLength(1);
  });

  it('answers ids and pages past the columns with 404 or a field message, never 500', async () => {
    const huge = '99999999999';
    expect((await adjust(huge, { kind: 'bonus', amount: '1.00', reason: 'x' })).statusCode).toBe(404);
    expect((await adjust('1e3', { kind: 'bonus', amount: '1.00', reason: 'x' })).statusCode).toBe(404);
    const close = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${huge}/positions/${huge}/close`,
      admin.token,
      { reason: 'x' },
    );
    expect(close.statusCode, close.body).toBe(404);
    for (const url of [
      `/api/backoffice/queues/deposits?brandId=${huge}`,
      `/api/backoffice/queues/withdrawals?brandId=${huge}`,
      `/api/backoffice/positions?brandId=${huge}`,
      `/api/backoffice/exposure?brandId=${huge}`,
      '/api/backoffice/positions?page=9007199254740991',
    ]) {
      const res = await staffCall(app, 'GET', url, admin.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().errors?.[0]?.key).toBe('field.max');
    }
  });
});
