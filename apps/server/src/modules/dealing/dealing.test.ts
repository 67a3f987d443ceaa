import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, positions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../test/staff-kit.js';
import { verifyAuditChain } from '../audit/audit.repo.js';
import { verifyLedger } from '../ledger/ledger.verify.js';

describe(`back-office dealing (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  if (!demo || !aurora) throw new Error('the demo seed has the brands demo and aurora');
  const dealer = await staffSession(server, ['dealer'], [demo.id]);
  const outsider = await staffSession(server, ['dealer'], [aurora.id]);
  const finance = await staffSession(server, ['finance']);

  expect(ctx.market.ingest({ symbol: 'BTCUSD', bid: 50_000, ask: 50_010, ts: Date.now() })).toBe(true);
  expect(ctx.market.ingest({ symbol: 'EURUSD', bid: 1.1, ask: 1.1002, ts: Date.now() })).toBe(true);

  /** A verified, funded client of brand demo with open positions. */
  const trader = async () => {
    const c = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, c.id));
    await ctx.trading.refreshAccount(c.id);
    const funded = await bookAdjustment(server, finance.token, c.id, {
      kind: 'correction',
      amount: '5000.00',
      reason: 'Test funds',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const open = async (symbol: string, direction: 'buy' | 'sell', amount: number, price: number) => {
      const outcome = await ctx.trading.open({
        accountId: c.id,
        symbol,
        direction,
        amount,
        leverage: 1,
        price,
        now: Date.now(),
      });
      expect(outcome.ok).toBe(true);
      const event = outcome.ok ? outcome.events.find((e) => e.type === 'position.opened') : undefined;
      return event?.type === 'position.opened' ? event.position.id : 0;
    };
    return { ...c, open };
  };

  it('lists open positions across the clients in scope, filtered by symbol, and sums exposure per symbol', async () => {
    const t = await trader();
    const btc = await t.open('BTCUSD', 'buy', 600, 50_010);
    await t.open('BTCUSD', 'sell', 200, 50_000);
    const eur = await t.open('EURUSD', 'buy', 100, 1.1002);

    const all = await staffCall(app, 'GET', '/api/backoffice/positions', dealer.token);
    expect(all.statusCode, all.body).toBe(200);
    const mine = all.json().data.items.filter((p: { userId: number }) => p.userId === t.id);
    expect(mine.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([btc, eur]));
    expect(mine[0]).toMatchObject({ clientName: 'Dana Deposit', brandSlug: 'demo', closingReason: null });
    expect(all.json().data).toMatchObject({ page: 1, pageSize: 50 });

    const onlyEur = await staffCall(app, 'GET', '/api/backoffice/positions?symbol=eurusd', dealer.token);
    expect(onlyEur.json().data.items.every((p: { symbol: string }) => p.symbol === 'EURUSD')).toBe(true);
    expect(onlyEur.json().data.items.map((p: { id: number }) => p.id)).toContain(eur);

    const exposure = await staffCall(app, 'GET', `/api/backoffice/exposure?brandId=${demo.id}`, dealer.token);
    expect(exposure.statusCode, exposure.body).toBe(200);
    const btcRow = exposure.json().data.find((r: { symbol: string }) => r.symbol === 'BTCUSD');
    // the demo brand books in EUR
    expect(btcRow.currency).toBe('EUR');
    expect(Number(btcRow.buyAmount)).toBeGreaterThanOrEqual(600);
    expect(Number(btcRow.sellAmount)).toBeGreaterThanOrEqual(200);
    expect(btcRow.net).toBe((Number(btcRow.buyAmount) - Number(btcRow.sellAmount)).toFixed(2));
    expect(btcRow.positions).toBeGreaterThanOrEqual(2);
    expect(btcRow.profit).toMatch(/^-?\d+\.\d{2}$/);

    // another brand's dealer sees none of it
    const theirs = await staffCall(app, 'GET', '/api/backoffice/positions', outsider.token);
    expect(theirs.json().data.items.some((p: { userId: number }) => p.userId === t.id)).toBe(false);
    expect(
      (await staffCall(app, 'GET', `/api/backoffice/exposure?brandId=${demo.id}`, outsider.token)).statusCode,
    ).toBe(404);
  });

  it("closes a client's position with a reason: closed Manually, audited, ledger intact", async () => {
    const t = await trader();
    const id = await t.open('BTCUSD', 'buy', 1000, 50_010);
    const url = `/api/backoffice/clients/${t.id}/positions/${id}/close`;

    const noReason = await staffCall(app, 'POST', url, dealer.token, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].key).toBe('staff.reasonRequired');
    expect((await staffCall(app, 'POST', url, outsider.token, { reason: 'x' })).statusCode).toBe(404);
    expect(
      (
        await staffCall(app, 'POST', `/api/backoffice/clients/${t.id}/positions/999999/close`, dealer.token, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const res = await staffCall(app, 'POST', url, dealer.token, { reason: 'Client asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.position).toMatchObject({ id, closingReason: 0 });
    expect(res.json().data.position.close_date).not.toBeNull();
    const [row] = await db.select().from(positions).where(eq(positions.id, id));
    expect(row?.closedAt).not.toBeNull();
    expect(row?.closingReason).toBe(0);
    const audit = await db.query.auditLog.findMany({
      where: (a, { and, eq }) => and(eq(a.userId, t.id), eq(a.action, 'position.close')),
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: `staff:${dealer.id}`,
      role: 'dealer',
      reason: 'Client asked by phone',
    });
    // a second close finds no open position
    expect((await staffCall(app, 'POST', url, dealer.token, { reason: 'again' })).statusCode).toBe(404);
    expect(await verifyLedger(db)).toEqual([]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});
