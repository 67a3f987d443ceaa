import { DEFAULT_STRATEGY_OFFERS, type StaffRole } from '@openbroker/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  autoTradingSettings,
  brands,
  positions,
  tradingAccounts,
  users,
} from '../../../db/schema.js';
import { firstAccountOf } from '../../../test/accounts-kit.js';
import { registerClient } from '../../../test/factories.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { staffCall, staffSession } from '../../../test/staff-kit.js';

/** A full offer of both strategies as the screen sends it, with the trend follower narrowed. */
const NARROWED = {
  strategies: {
    trend: {
      offered: true,
      timeframes: ['1h', '4h'],
      ranges: {
        ...Object.fromEntries(
          Object.entries(DEFAULT_STRATEGY_OFFERS.trend.ranges).map(([name, r]) => [
            name,
            { min: r.min, max: r.max, default: r.default },
          ]),
        ),
        fastPeriod: { min: 5, max: 20, default: 8 },
        stopAtr: { min: 1, max: 3, default: 1.5 },
      },
    },
    meanReversion: { offered: false, timeframes: [] },
  },
  maxLeverage: 20,
};

describe(`back-office auto-trading per brand (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterEach(() => vi.restoreAllMocks());

  const brandRows = await db.select().from(brands).orderBy(asc(brands.id));
  const demo = brandRows.find((b) => b.slug === 'demo');
  const aurora = brandRows.find((b) => b.slug === 'aurora');
  if (!demo || !aurora) throw new Error('the demo seed has the brands demo and aurora');
  const url = (id: number | string) => `/api/backoffice/auto-trading/brands/${id}`;
  const admin = await staffSession(server, ['admin']);
  const dealer = await staffSession(server, ['dealer'], [demo.id]);
  const auroraDealer = await staffSession(server, ['dealer'], [aurora.id]);

  const storedOf = async (id: number) =>
    (await db.select({ settings: brands.settings }).from(brands).where(eq(brands.id, id)))[0]?.settings
      .autoTrading;
  const auditRows = (brandId: number, action: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.brandId, brandId), eq(auditLog.action, action)))
      .orderBy(asc(auditLog.id));

  /** A demo client with auto-trading switched on (the flag the spec's switch stores). */
  async function autoClient() {
    const client = await registerClient(app, { first_name: 'Auto', last_name: 'Trader' });
    const [row] = await db
      .update(users)
      .set({ autoTrading: true })
      .where(eq(users.email, client.email))
      .returning({ id: users.id });
    if (!row) throw new Error('registered client not found');
    // the switch of the client's account (auto-trading belongs to a trading account)
    const [account] = await db
      .select({ id: tradingAccounts.id })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, row.id));
    if (!account) throw new Error('registered client has no trading account');
    await db.insert(autoTradingSettings).values({
      accountId: account.id,
      userId: row.id,
      enabled: true,
      settings: {} as never,
      enabledAt: new Date(),
    });
    return { ...client, id: row.id };
  }

  it('lets dealers and admins in, and refuses compliance, finance, support, content, clients and affiliates', async () => {
    for (const role of ['dealer', 'admin'] as StaffRole[]) {
      const member = await staffSession(server, [role]);
      expect(
        (await staffCall(app, 'GET', '/api/backoffice/auto-trading/brands', member.token)).statusCode,
      ).toBe(200);
      expect((await staffCall(app, 'GET', url(demo.id), member.token)).statusCode).toBe(200);
    }
    for (const role of ['compliance', 'finance', 'support', 'content'] as StaffRole[]) {
      const member = await staffSession(server, [role]);
      for (const [method, path, body] of [
        ['GET', '/api/backoffice/auto-trading/brands', undefined],
        ['GET', url(demo.id), undefined],
        ['PUT', url(demo.id), NARROWED],
        ['POST', `${url(demo.id)}/kill-switch`, { killed: true, reason: 'test' }],
      ] as const) {
        const res = await staffCall(app, method, path, member.token, body);
        expect(res.statusCode, `${role} ${method} ${path}`).toBe(403);
      }
    }
    const client = await registerClient(app);
    const affiliate = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      payload: { email: 'affiliate@example.com', password: 'Demo1234!' },
    });
    expect(affiliate.statusCode, affiliate.body).toBe(200);
    for (const token of [client.token, affiliate.json().data.token as string]) {
      expect((await staffCall(app, 'GET', url(demo.id), token)).statusCode).toBe(401);
      expect(
        (await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, token, { killed: true, reason: 'x' }))
          .statusCode,
      ).toBe(401);
    }
    expect(await storedOf(demo.id)).toBeUndefined();
  });

  it('shows a brand out of scope as if it did not exist, whatever the body, and leaves it out of the list', async () => {
    const list = (
      await staffCall(app, 'GET', '/api/backoffice/auto-trading/brands', auroraDealer.token)
    ).json().data as { id: number }[];
    expect(list.map((b) => b.id)).toEqual([aurora.id]);
    const spy = vi.spyOn(ctx.autoTrading, 'stopBrand');
    for (const [method, path, body] of [
      ['GET', url(demo.id), undefined],
      ['PUT', url(demo.id), { maxLeverage: 'nonsense' }],
      ['PUT', url(demo.id), NARROWED],
      ['POST', `${url(demo.id)}/kill-switch`, {}],
      ['POST', `${url(demo.id)}/kill-switch`, { killed: true, reason: 'outsider' }],
    ] as const) {
      const res = await staffCall(app, method, path, auroraDealer.token, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const raw of ['999999', 'abc', '0', '-1'])
      expect((await staffCall(app, 'GET', url(raw), admin.token)).statusCode, raw).toBe(404);
    expect(spy).not.toHaveBeenCalled();
    expect(await storedOf(demo.id)).toBeUndefined();
    expect(await auditRows(demo.id, 'brand.autoTrading.update')).toHaveLength(0);
  });

  it('answers the product’s offer for a brand that stored nothing', async () => {
    const res = await staffCall(app, 'GET', url(aurora.id), admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: aurora.id,
      slug: 'aurora',
      settings: null,
      offered: ['trend', 'meanReversion'],
      killed: false,
      maxLeverage: null,
      kill: { killed: false, at: null, reason: null, by: null },
    });
    expect(data.offers).toEqual(JSON.parse(JSON.stringify(DEFAULT_STRATEGY_OFFERS)));
    expect(data.product).toEqual(data.offers);
  });

  it('refuses a range wider than the product’s or out of order with a message per field, and saves nothing', async () => {
    const res = await staffCall(app, 'PUT', url(demo.id), dealer.token, {
      strategies: {
        trend: {
          offered: true,
          timeframes: ['1h', '2h'],
          ranges: {
            fastPeriod: { min: 1, max: 20, default: 10 },
            slowPeriod: { min: 50, max: 40, default: 45 },
            stopAtr: { min: 1, max: 3, default: 4 },
          },
        },
      },
      maxLeverage: 0,
    });
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { path: string; key: string; message: string }[];
    expect(errors.map((e) => [e.path, e.key])).toEqual([
      ['strategies.trend.timeframes.1', 'boAuto.timeframeUnknown'],
      ['strategies.trend.ranges.fastPeriod.min', 'boAuto.belowProduct'],
      ['strategies.trend.ranges.slowPeriod.max', 'boAuto.maxBelowMin'],
      ['strategies.trend.ranges.stopAtr.default', 'boAuto.defaultOutside'],
      ['maxLeverage', 'boAuto.leverageCap'],
    ]);
    expect(errors[1]?.message).toBe('At least 2: the product’s range does not go lower.');
    expect(await storedOf(demo.id)).toBeUndefined();
    expect(await auditRows(demo.id, 'brand.autoTrading.update')).toHaveLength(0);
  });

  it('saves a narrowed offer and a leverage cap, audited with before and after, and the clients’ brand sees it at once', async () => {
    // the brand as a client's request resolves it, cached
    expect((await ctx.brands.resolve('localhost')).settings.autoTrading).toBeUndefined();
    const heard: number[] = [];
    const stop = ctx.brands.onChanged((id) => heard.push(id));
    const res = await staffCall(app, 'PUT', url(demo.id), dealer.token, NARROWED);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.offered).toEqual(['trend']);
    expect(data.maxLeverage).toBe(20);
    expect(data.offers.trend.timeframes).toEqual(['1h', '4h']);
    expect(data.offers.trend.ranges.fastPeriod).toEqual({ min: 5, max: 20, step: 1, default: 8 });
    expect(data.offers.meanReversion.offered).toBe(false);

    const stored = await storedOf(demo.id);
    expect(stored?.maxLeverage).toBe(20);
    expect(stored?.strategies?.trend?.ranges?.stopAtr).toEqual({ min: 1, max: 3, step: 0.1, default: 1.5 });
    // announced (BrandCacheSync publishes this over Redis to the other nodes) and dropped from this node's cache
    expect(heard).toEqual([demo.id]);
    const seen = (await ctx.brands.resolve('localhost')).settings.autoTrading;
    expect(seen?.maxLeverage).toBe(20);
    expect(seen?.strategies?.meanReversion?.offered).toBe(false);

    const [row, ...more] = await auditRows(demo.id, 'brand.autoTrading.update');
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      actor: `staff:${dealer.id}`,
      role: 'dealer',
      subject: `brand:${demo.id}`,
      before: { strategies: null, maxLeverage: null },
      after: { maxLeverage: 20 },
    });
    expect((row?.after as { strategies?: unknown } | null)?.strategies).toEqual(stored?.strategies);

    // saving the same again changes nothing and writes no row
    expect((await staffCall(app, 'PUT', url(demo.id), dealer.token, NARROWED)).statusCode).toBe(200);
    expect(await auditRows(demo.id, 'brand.autoTrading.update')).toHaveLength(1);
    // removing the cap
    const uncapped = await staffCall(app, 'PUT', url(demo.id), admin.token, {
      ...NARROWED,
      maxLeverage: null,
    });
    expect(uncapped.json().data.maxLeverage).toBeNull();
    const rows = await auditRows(demo.id, 'brand.autoTrading.update');
    expect(rows.at(-1)).toMatchObject({ before: { maxLeverage: 20 }, after: { maxLeverage: null } });
    // other settings of the brand are untouched
    const [after] = await db.select().from(brands).where(eq(brands.id, demo.id));
    expect(after?.settings.currency).toBe(demo.settings.currency);
    expect(after?.hosts).toEqual(demo.hosts);
  });

  it('counts clients with auto-trading on, open auto positions and today’s realised auto result per brand', async () => {
    const before = (await staffCall(app, 'GET', url(demo.id), admin.token)).json().data;
    const first = await autoClient();
    const second = await autoClient();
    const now = new Date();
    const position = (userId: number, extra: Partial<typeof positions.$inferInsert>) => ({
      userId,
      accountId: firstAccountOf(userId),
      symbol: 'EURUSD',
      direction: 'buy' as const,
      amount: '100.00',
      leverage: 10,
      openRate: '1.1000000000',
      openedAt: new Date(now.getTime() - 3_600_000),
      origin: 'auto' as const,
      ...extra,
    });
    const yesterday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 1000);
    await db.insert(positions).values([
      position(first.id, {}),
      position(second.id, {}),
      // a client's own trade is not the strategy's
      position(second.id, { origin: 'client' }),
      position(first.id, { closedAt: now, closedRate: '1.1010000000', profit: '12.50', closingReason: 4 }),
      position(second.id, { closedAt: now, closedRate: '1.0990000000', profit: '-4.25', closingReason: 1 }),
      position(first.id, { closedAt: now, profit: '99.00', origin: 'client', closingReason: 0 }),
      position(first.id, { closedAt: yesterday, profit: '1000.00', closingReason: 4 }),
    ]);
    const data = (await staffCall(app, 'GET', url(demo.id), admin.token)).json().data;
    expect(data.clientsOn).toBe(before.clientsOn + 2);
    expect(data.openPositions).toBe(before.openPositions + 2);
    expect(data.today.closed).toBe(before.today.closed + 2);
    expect(Number(data.today.result)).toBeCloseTo(Number(before.today.result) + 8.25, 2);
    const list = (await staffCall(app, 'GET', '/api/backoffice/auto-trading/brands', admin.token)).json()
      .data;
    const line = list.find((b: { id: number }) => b.id === demo.id);
    expect(line).toMatchObject({
      clientsOn: data.clientsOn,
      openPositions: data.openPositions,
      today: data.today,
      currency: demo.settings.currency,
    });
    // another brand's figures do not include them
    expect(list.find((b: { id: number }) => b.id === aurora.id)).toMatchObject({
      clientsOn: 0,
      openPositions: 0,
    });
  });

  it('needs a reason without control characters to stop a brand, and says so on the field', async () => {
    const spy = vi.spyOn(ctx.autoTrading, 'stopBrand');
    for (const body of [{ killed: true }, { killed: true, reason: '   ' }]) {
      const res = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, dealer.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ path: 'reason', key: 'boAuto.reasonRequired' }),
      ]);
    }
    const hidden = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, dealer.token, {
      killed: true,
      reason: 'Feed outage\u0000\u001b[2J',
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors).toEqual([
      expect.objectContaining({ path: 'reason', key: 'field.forbiddenCharacters' }),
    ]);
    const bad = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, dealer.token, { reason: 'x' });
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'killed', key: 'boAuto.killedInvalid' }),
    ]);
    expect(spy).not.toHaveBeenCalled();
    expect((await storedOf(demo.id))?.killed).toBeUndefined();
  });

  it('the kill switch stops the brand’s auto-trading once, audited; killing again is harmless; resuming switches nobody on', async () => {
    const client = await autoClient();
    const spy = vi.spyOn(ctx.autoTrading, 'stopBrand');
    const res = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, dealer.token, {
      killed: true,
      reason: '  Feed outage on EURUSD  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(spy).toHaveBeenCalledTimes(1);
    const [brandId, at] = spy.mock.calls[0] ?? [];
    expect(brandId).toBe(demo.id);
    expect(at).toBeInstanceOf(Date);
    expect(data.stopped).toBe(await spy.mock.results[0]?.value);
    expect(data.kill).toMatchObject({
      killed: true,
      at: (at as Date).toISOString(),
      reason: 'Feed outage on EURUSD',
      by: expect.stringContaining('dealer'),
    });
    expect(data.killed).toBe(true);
    const stored = await storedOf(demo.id);
    expect(stored).toMatchObject({ killed: true, killedReason: 'Feed outage on EURUSD' });
    // the narrowed offer stays as it was
    expect(stored?.strategies?.trend?.timeframes).toEqual(['1h', '4h']);
    expect((await ctx.brands.resolve('localhost')).settings.autoTrading?.killed).toBe(true);
    // the client's own switch: off (the auto-trading service switched every account of the brand off)
    const [user] = await db.select({ on: users.autoTrading }).from(users).where(eq(users.id, client.id));
    expect(user?.on).toBe(false);

    const [row, ...more] = await auditRows(demo.id, 'brand.autoTrading.killSwitch');
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      actor: `staff:${dealer.id}`,
      before: { killed: false },
      after: { killed: true },
      reason: 'Feed outage on EURUSD',
    });

    // again: nothing changes, no second row, whatever is on is switched off again
    const again = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, admin.token, {
      killed: true,
      reason: 'double click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.kill).toMatchObject({ killed: true, reason: 'Feed outage on EURUSD' });
    expect(await auditRows(demo.id, 'brand.autoTrading.killSwitch')).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(2);

    // resume: no reason needed, nobody is switched on, the stop is audited
    const resumed = await staffCall(app, 'POST', `${url(demo.id)}/kill-switch`, admin.token, {
      killed: false,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ killed: false, stopped: null, kill: { killed: false } });
    expect(resumed.json().data.kill.by).toContain('admin');
    expect(spy).toHaveBeenCalledTimes(2);
    const [after] = await db.select({ on: users.autoTrading }).from(users).where(eq(users.id, client.id));
    expect(after?.on).toBe(false);
    expect(await storedOf(demo.id)).toMatchObject({ killed: false });
    expect((await storedOf(demo.id))?.killedReason).toBeUndefined();
    expect((await auditRows(demo.id, 'brand.autoTrading.killSwitch')).at(-1)).toMatchObject({
      actor: `staff:${admin.id}`,
      before: { killed: true },
      after: { killed: false },
    });
    expect((await ctx.brands.resolve('localhost')).settings.autoTrading?.killed).toBe(false);
  });

  it('a kill switch of one brand leaves another brand running', async () => {
    const spy = vi.spyOn(ctx.autoTrading, 'stopBrand');
    const res = await staffCall(app, 'POST', `${url(aurora.id)}/kill-switch`, auroraDealer.token, {
      killed: true,
      reason: 'aurora only',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(spy.mock.calls.map((c) => c[0])).toEqual([aurora.id]);
    const list = (await staffCall(app, 'GET', '/api/backoffice/auto-trading/brands', admin.token)).json()
      .data;
    expect(list.find((b: { id: number }) => b.id === aurora.id)?.killed).toBe(true);
    expect(list.find((b: { id: number }) => b.id === demo.id)?.killed).toBe(false);
  });
});
