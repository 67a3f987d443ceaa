import { defaultAppropriateness } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, brands, users } from '../../db/schema.js';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { TradingAccountsRepo } from '../trading-accounts/trading-accounts.repo.js';

const EXPERT = {
  cfd_knowledge: 'contract',
  leverage_loss: 'all_margin',
  trading_frequency: 'weekly',
  education: 'degree',
  profession: 'yes_years',
};
const NEWCOMER = { ...EXPERT, trading_frequency: 'never', education: 'none', profession: 'no' };
const NOVICE = { ...NEWCOMER, cfd_knowledge: 'asset', leverage_loss: 'nothing' };

/**
 * The appropriateness test on the server: a brand's admin requires it (audited, the engine reloads the brand's
 * accounts), a client who has not taken it, is warned and has not acknowledged, or is blocked cannot trade live; an
 * acknowledged warning trades at the brand's warn leverage cap; a pass trades freely; compliance reads the attempts.
 */
describe(`the appropriateness test (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const [demoBrand] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [client] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  if (!demoBrand || !client) throw new Error('the seed has the demo brand and client');
  const account = await new TradingAccountsRepo(db).defaultOf(client.id);
  if (!account) throw new Error('the demo client has an account');
  await ctx.trading.ensureAccount(account.id);
  const token = await loginToken(app, 'demo@example.com', 'Demo1234!');
  const admin = await staffSession(server, ['admin'], [demoBrand.id]);
  const settingsUrl = `/api/backoffice/brands/${demoBrand.id}/appropriateness`;
  const esma = defaultAppropriateness('esma');
  if (!esma) throw new Error('esma ships a test');

  const buy = (leverage: number) => {
    ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
    return ctx.trading.open({
      accountId: account.id,
      now: Date.now(),
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage,
      price: 64_010 * 1.00025,
    });
  };
  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who}` },
      ...(payload ? { payload } : {}),
    });
  const status = async (who = token) => (await call('GET', '/api/compliance/status', who)).json().data;

  it('staff require the test with a warn leverage cap: checked, audited, and the engine applies it at once', async () => {
    const bad = await staffCall(app, 'PUT', settingsUrl, admin.token, {
      required: true,
      ...esma,
      passScore: 99,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['passScore']);

    const trade = await buy(1);
    expect(trade.ok, JSON.stringify(trade)).toBe(true);

    const saved = await staffCall(app, 'PUT', settingsUrl, admin.token, {
      required: true,
      ...esma,
      warnLeverageCap: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ required: true, warnLeverageCap: 1, preset: 'esma' });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.appropriateness'), eq(auditLog.brandId, demoBrand.id)));
    expect(audit).toHaveLength(1);

    const refused = await buy(1);
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('compliance.appropriatenessRequired');
    expect(await status()).toMatchObject({
      next: 'take_test',
      blocks: { trade: { key: 'compliance.appropriatenessRequired' }, deposit: null, withdraw: null },
    });
  });

  it('the client gets the questions without their points; an incomplete or unknown answer stores nothing', async () => {
    const test = (await call('GET', '/api/appropriateness', token)).json().data;
    expect(test).toMatchObject({ required: true, version: 'esma-1', latest: null });
    expect(test.questions).toHaveLength(5);
    expect(JSON.stringify(test)).not.toContain('points');

    const { profession: _p, ...incomplete } = NEWCOMER;
    const missing = await call('POST', '/api/appropriateness', token, {
      version: 'esma-1',
      answers: incomplete,
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toMatchObject([{ path: 'profession', key: 'appropriateness.unanswered' }]);
    const unknown = await call('POST', '/api/appropriateness', token, {
      version: 'esma-1',
      answers: { ...NEWCOMER, education: 'phd' },
    });
    expect(unknown.statusCode).toBe(400);
    const stale = await call('POST', '/api/appropriateness', token, { version: 'esma-0', answers: NEWCOMER });
    expect(stale.json().errors).toMatchObject([{ key: 'appropriateness.unknownQuestion' }]);
    expect((await call('GET', '/api/appropriateness', token)).json().data.latest).toBeNull();
  });

  it('a warned client trades only after acknowledging, and then no higher than the warn cap', async () => {
    const warned = await call('POST', '/api/appropriateness', token, {
      version: 'esma-1',
      answers: NEWCOMER,
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().data).toMatchObject({ outcome: 'warn', score: 6, maxScore: 13, warnLeverageCap: 1 });
    expect(JSON.stringify(await buy(1))).toContain('compliance.appropriatenessWarning');
    expect(await status()).toMatchObject({ next: 'acknowledge_warning', leverageCap: 1 });

    const ack = await call('POST', '/api/appropriateness/acknowledge', token, {});
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.acknowledgedAt).not.toBeNull();
    const again = await call('POST', '/api/appropriateness/acknowledge', token, {});
    expect(again.statusCode).toBe(409);

    const capped = await buy(2);
    expect(capped.ok).toBe(false);
    expect(JSON.stringify(capped)).toContain('engineOrder.leverageCapped');
    const allowed = await buy(1);
    expect(allowed.ok, JSON.stringify(allowed)).toBe(true);
    expect(ctx.trading.tradingTerms(account.id, 'BTCUSD')?.leverages).toEqual([1]);
    expect(await status()).toMatchObject({ next: 'none', blocks: { trade: null }, leverageCap: 1 });
  });

  it('a pass lifts the warn cap', async () => {
    const passed = await call('POST', '/api/appropriateness', token, { version: 'esma-1', answers: EXPERT });
    expect(passed.json().data).toMatchObject({ outcome: 'pass', score: 13 });
    const trade = await buy(2);
    expect(trade.ok, JSON.stringify(trade)).toBe(true);
    expect(await status()).toMatchObject({ next: 'none', leverageCap: null });
  });

  it('a blocked client waits until the date and cannot take the test again before it', async () => {
    const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
    const novice = await kit.client();
    const blocked = await call('POST', '/api/appropriateness', novice.token, {
      version: 'esma-1',
      answers: NOVICE,
    });
    expect(blocked.json().data).toMatchObject({ outcome: 'block', score: 0 });
    const until = blocked.json().data.blockedUntil as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const retake = await call('POST', '/api/appropriateness', novice.token, {
      version: 'esma-1',
      answers: EXPERT,
    });
    expect(retake.statusCode).toBe(409);
    expect(retake.json().key).toBe('compliance.appropriatenessBlocked');
    const view = await status(novice.token);
    expect(view).toMatchObject({ next: 'wait', until: until.slice(0, 10) });
    expect(view.blocks.trade).toEqual({
      key: 'compliance.appropriatenessBlocked',
      params: { date: until.slice(0, 10) },
    });
  });

  it("compliance reads a client's attempts with the questions, answers and points; other brands' staff get 404", async () => {
    const compliance = await staffSession(server, ['compliance'], [demoBrand.id]);
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/clients/${client.id}/appropriateness`,
      compliance.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { attempts } = res.json().data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['pass', 'warn']);
    expect(attempts[1].acknowledgedAt).not.toBeNull();
    expect(attempts[0].answers[0]).toEqual({
      question: 'When you trade a CFD, what do you own?',
      answer: 'A contract on the price difference, not the instrument itself',
      points: 3,
    });
    const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
    const outsider = await staffSession(server, ['admin'], [aurora?.id ?? 0]);
    const hidden = await staffCall(
      app,
      'GET',
      `/api/backoffice/clients/${client.id}/appropriateness`,
      outsider.token,
    );
    expect(hidden.statusCode).toBe(404);
    expect((await staffCall(app, 'GET', settingsUrl, outsider.token)).statusCode).toBe(404);
  });
});
