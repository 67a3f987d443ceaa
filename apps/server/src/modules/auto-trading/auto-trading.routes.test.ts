import {
  AutoTradingOverview,
  BacktestDto,
  backtest,
  JournalPage,
  type StrategyCandle,
} from '@openbroker/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, users } from '../../db/schema.js';
import { bucketStart } from '../../market/candles.js';
import {
  autoClient,
  clientCall,
  journalOf,
  switchOn,
  trendSettings,
  waveCandles,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';
import { backtestPricing } from './auto-trading.backtest.js';
import { AutoTradingRepo } from './auto-trading.repo.js';
import { AutoTradingService } from './auto-trading.service.js';

const HOUR = 3_600_000;

describe(`the client area's auto-trading calls (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const routes = [
    '/api/autoTrading/overview',
    '/api/autoTrading/settings',
    '/api/autoTrading/backtest',
    '/api/autoTrading/journal',
  ];

  it.each(routes)('%s refuses staff tokens like every client call', async (url) => {
    const staff = await staffSession(server, ['admin']);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { settings: trendSettings(['BTCUSD']), symbol: 'BTCUSD' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
  });

  it('the overview of a new client: off, no settings, the offer and the instruments it may trade', async () => {
    const client = await autoClient(server, { categories: [1, 3] });
    const res = await clientCall(server, client, '/api/autoTrading/overview');
    expect(res.statusCode).toBe(200);
    const data = AutoTradingOverview.parse(res.json().data);
    expect(data).toMatchObject({
      auto_trading: 0,
      settings: null,
      killed: false,
      enabled_at: null,
      stopped: null,
      results: { today: { trades: 0, profit: 0 }, total: { trades: 0, profit: 0 }, open: { positions: 0 } },
    });
    expect(data.offers.map((o) => o.id)).toEqual(['trend', 'meanReversion']);
    expect(new Set(data.instruments.map((i) => i.category))).toEqual(new Set(['forex', 'crypto']));
    expect(data.instruments.find((i) => i.symbol === 'BTCUSD')?.leverages.length).toBeGreaterThan(0);
  });

  it('saves settings, journals the change, and answers the overview with them', async () => {
    const client = await autoClient(server);
    const settings = trendSettings(['BTCUSD', 'ETHUSD']);
    const res = await clientCall(server, client, '/api/autoTrading/settings', { settings });
    expect(res.statusCode, res.body).toBe(200);
    expect(AutoTradingOverview.parse(res.json().data).settings).toEqual(settings);
    expect((await journalOf(server, client)).map((e) => [e.action, e.reason.key])).toEqual([
      ['settings', 'auto.journal.settings'],
    ]);
  });

  it.each([
    ['a parameter out of the offered range', { params: { fastPeriod: 1 } }, 'settings.params.fastPeriod'],
    ['a leverage of 0', { limits: { maxLeverage: 0 } }, 'settings.limits.maxLeverage'],
    ['an unknown instrument', { limits: { symbols: ['NOPE'] } }, 'settings.limits.symbols.0'],
  ] as const)('refuses %s with a translated field message and changes nothing', async (_, change, path) => {
    const client = await autoClient(server);
    const base = trendSettings(['BTCUSD']);
    const settings = {
      params: { ...base.params, ...('params' in change ? change.params : {}) },
      limits: { ...base.limits, ...('limits' in change ? change.limits : {}) },
    };
    const res = await clientCall(server, client, '/api/autoTrading/settings', { settings });
    expect(res.statusCode).toBe(400);
    const error = (res.json().errors as { path: string; key: string; message: string }[]).find(
      (e) => e.path === path,
    );
    expect(error?.key).toMatch(/^auto\.settings\./);
    expect(error?.message).not.toMatch(/^auto\./); // the words, not the key
    const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    expect(overview.settings).toBeNull();
    expect(await journalOf(server, client)).toEqual([]);
  });

  it('refuses a body without settings by its schema', async () => {
    const client = await autoClient(server);
    const res = await clientCall(server, client, '/api/autoTrading/settings', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('settings');
  });

  it('switching on without saved settings is refused in words', async () => {
    const client = await autoClient(server);
    const res = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'auto.error.noSettings',
      message: 'Save your auto-trading settings before switching it on.',
    });
  });

  it('switching on starts the drawdown count and journals it; switching off journals it too', async () => {
    const client = await autoClient(server);
    await clientCall(server, client, '/api/autoTrading/settings', { settings: trendSettings(['BTCUSD']) });
    const before = Date.now();
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.json().data).toMatchObject({ auto_trading: 1, email: client.email });
    // a second "on" changes nothing (the drawdown count is not restarted)
    const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    const again = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    expect(again.enabled_at).toBe(overview.enabled_at);
    expect(Date.parse(overview.enabled_at)).toBeGreaterThanOrEqual(before - 1_000);
    await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 0 });
    expect((await journalOf(server, client)).map((e) => e.action)).toEqual([
      'settings',
      'switchedOn',
      'switchedOff',
    ]);
  });

  it('a client whose spec flag was on before there were strategies starts one by switching on', async () => {
    const client = await autoClient(server);
    await ctx.database.db.update(users).set({ autoTrading: true }).where(eq(users.id, client.id));
    await clientCall(server, client, '/api/autoTrading/settings', { settings: trendSettings(['BTCUSD']) });
    expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.json().data.auto_trading).toBe(1);
    expect(ctx.autoTrading.runner.has(client.id)).toBe(true);
    expect((await journalOf(server, client)).map((e) => e.action)).toEqual(['settings', 'switchedOn']);
  });

  it('the runner is rebuilt from the database when the server starts', async () => {
    const on = await autoClient(server);
    const off = await autoClient(server);
    const settings = trendSettings(['ETHUSD', 'SOLUSD'], { params: { timeframe: '15m' } });
    await switchOn(server, on, settings);
    await clientCall(server, off, '/api/autoTrading/settings', { settings });
    const restarted = new AutoTradingService(
      new AutoTradingRepo(ctx.database.db),
      ctx.trading,
      ctx.market,
      ctx.brands,
      { clock: ctx.market.clock, log: { error: () => {} } },
    );
    await restarted.start();
    try {
      expect(restarted.runner.account(on.id)).toMatchObject({ id: on.id, brandId: on.brandId, settings });
      expect(restarted.runner.has(off.id)).toBe(false);
      expect(restarted.runner.subscribed('SOLUSD', '15m')).toBeGreaterThanOrEqual(1);
    } finally {
      await restarted.stop();
    }
  });

  it("pages through the client's own journal, newest first", async () => {
    const client = await autoClient(server);
    const stranger = await autoClient(server);
    for (const symbol of ['BTCUSD', 'ETHUSD', 'SOLUSD', 'BNBUSD', 'LTCUSD'])
      await clientCall(server, client, '/api/autoTrading/settings', { settings: trendSettings([symbol]) });
    const seen: string[] = [];
    let before: number | null | undefined;
    do {
      const res = await clientCall(server, client, '/api/autoTrading/journal', {
        limit: 2,
        ...(before ? { before } : {}),
      });
      const page = JournalPage.parse(res.json().data);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => String(e.reason.params?.symbols)));
      before = page.next;
    } while (before);
    expect(seen).toEqual(['LTCUSD', 'BNBUSD', 'SOLUSD', 'ETHUSD', 'BTCUSD']);
    expect(await journalOf(server, stranger)).toEqual([]);
    const bad = await clientCall(server, client, '/api/autoTrading/journal', { limit: 1_000 });
    expect(bad.statusCode).toBe(400);
  });

  describe('backtest', () => {
    // 400 closed hourly candles of BTCUSD ending with the last closed hour: a wave with crossovers
    const end = bucketStart(Date.now(), '1h');
    const candles: StrategyCandle[] = waveCandles(400, end - 400 * HOUR, {
      base: 64_000,
      amplitude: 800,
      period: 24,
      range: 200,
      timeframeMs: HOUR,
    });
    ctx.market.candles.load(
      'BTCUSD',
      '1h',
      candles.map((c) => ({ ...c, volume: 1 })),
    );
    const settings = trendSettings(['BTCUSD'], { params: { timeframe: '1h' } });

    it('runs the domain backtest on the stored candles and answers the page figures', async () => {
      const client = await autoClient(server);
      const res = await clientCall(server, client, '/api/autoTrading/backtest', {
        settings,
        symbol: 'BTCUSD',
      });
      expect(res.statusCode, res.body).toBe(200);
      const dto = BacktestDto.parse(res.json().data);
      expect(dto).toMatchObject({
        symbol: 'BTCUSD',
        candles: 400,
        from: new Date(candles[0]?.time ?? 0).toISOString(),
      });
      const expected = backtest({
        symbol: 'BTCUSD',
        precision: 2,
        settings,
        candles,
        startBalance: 10_000,
        // the brand's terms on BTCUSD (markup of its crypto group, tick 0.01) and half the typical feed spread
        ...backtestPricing(ctx.market.catalogue.require('BTCUSD'), ctx.trading.profileOf(client.id)),
        leverages: ctx.trading.tradingTerms(client.id, 'BTCUSD')?.leverages ?? [],
      });
      expect(dto.figures.trades).toBe(expected.figures.trades);
      expect(dto.figures.trades).toBeGreaterThan(5);
      expect(dto.figures.netProfit).toBe(expected.figures.netProfit);
      expect(dto.figures.startBalance).toBe(10_000);
      expect(dto.equity.length).toBeLessThanOrEqual(500);
      expect(dto.trades.length).toBe(Math.min(50, expected.tradesList.length));
      // newest first
      expect(Date.parse(dto.trades[0]?.close_time ?? '')).toBeGreaterThanOrEqual(
        Date.parse(dto.trades.at(-1)?.close_time ?? ''),
      );
    });

    it('takes a range and a start balance', async () => {
      const client = await autoClient(server);
      const from = new Date(end - 100 * HOUR).toISOString();
      const res = await clientCall(server, client, '/api/autoTrading/backtest', {
        settings,
        symbol: 'btcusd',
        from,
        balance: 2_500,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ candles: 100, from, figures: { startBalance: 2_500 } });
    });

    it('answers 422 in words when there are too few candles, and 400 for an instrument the client may not trade', async () => {
      const client = await autoClient(server, { categories: [3] });
      const few = await clientCall(server, client, '/api/autoTrading/backtest', {
        settings,
        symbol: 'BTCUSD',
        from: new Date(end - 3 * HOUR).toISOString(),
      });
      expect(few.statusCode).toBe(422);
      expect(few.json()).toMatchObject({
        key: 'auto.error.noCandles',
        message: expect.stringContaining('BTCUSD'),
      });
      const forex = await clientCall(server, client, '/api/autoTrading/backtest', {
        settings: trendSettings(['BTCUSD'], { params: { timeframe: '1h' } }),
        symbol: 'EURUSD',
      });
      expect(forex.statusCode).toBe(400);
      expect(forex.json().errors.map((e: { path: string }) => e.path)).toContain('symbol');
    });
  });

  it("refuses a strategy the brand does not offer (last: it changes the demo brand's offer)", async () => {
    const client = await autoClient(server);
    await ctx.database.db
      .update(brands)
      .set({
        settings: sql`jsonb_set(${brands.settings}, '{autoTrading}', ${JSON.stringify({
          strategies: { trend: { offered: false } },
        })}::jsonb, true)`,
      })
      .where(eq(brands.id, client.brandId));
    ctx.brands.changed(client.brandId);
    const res = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['BTCUSD']),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^settings\.params/);
    const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    expect(overview.offers.map((o: { id: string }) => o.id)).toEqual(['meanReversion']);
  });
});
