import type { AutoLimits } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  type AutoClient,
  autoClient,
  journalOf,
  nextMinute,
  plainPricing,
  replay,
  switchOn,
  trendSettings,
  waveFor,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * "Hitting a loss limit switches auto-trading off, closes nothing by itself unless the client chose that,
 * and tells the client why (a pop-up notice and a line in the journal)."
 */
describe(`a loss limit switches auto-trading off (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const post = (url: string, client: AutoClient, payload: object = {}) =>
    app.inject({ method: 'POST', url, payload: { token: client.token, ...payload } });

  /** A client whose strategy holds one auto position on `symbol`, and a quote 5 price units against its open rate. */
  const holding = async (symbol: string, limits: Partial<AutoLimits>) => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(
      server,
      client,
      trendSettings([symbol], { limits: { amount: { mode: 'fixed', value: 1000 }, ...limits } }),
    );
    const start = nextMinute(server, symbol);
    // the wave's first signal (a sell at its 7th candle) and nothing closed before it
    await replay(server, symbol, waveFor(8, start, 3000), 0.2);
    const [position] = ctx.trading.autoPositions(client.id);
    if (!position) throw new Error('the strategy opened nothing');
    const last = ctx.market.book.last(symbol);
    const adverse = position.direction === 'buy' ? position.openRate - 5 : position.openRate + 5;
    const push = () =>
      expect(
        ctx.market.ingest({ symbol, bid: adverse - 0.1, ask: adverse + 0.1, ts: (last?.ts ?? 0) + 1_000 }),
      ).toBe(true);
    return { client, position, push, at: (last?.ts ?? 0) + 1_000 };
  };

  it.each([
    ['daily', { dailyLossLimit: 1, drawdownLimit: 9_000 }, 'auto.journal.limitDaily', 'ETHUSD'],
    ['drawdown', { dailyLossLimit: 9_000, drawdownLimit: 1 }, 'auto.journal.limitDrawdown', 'BNBUSD'],
  ] as const)(
    'the %s limit: off at once, journaled and told; the auto position keeps its SL and TP',
    async (limit, limits, key, symbol) => {
      const { client, position, push, at } = await holding(symbol, limits);
      push();
      await ctx.autoTrading.checkLimits(at);

      expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, client.id));
      expect(row?.autoTrading).toBe(false);
      const overview = (await post('/api/autoTrading/overview', client)).json().data;
      expect(overview).toMatchObject({ auto_trading: 0, stopped: { reason: limit } });
      const line = (await journalOf(server, client)).find((e) => e.action === 'limit');
      expect(line?.reason.key).toBe(key);
      expect(line?.reason.params).toMatchObject({ limit: expect.stringContaining('1.00') });
      // the pop-up the platform shows until the client closes it
      const popups = (await post('/api/accounts/popups', client)).json().data as {
        title: string;
        content: string;
      }[];
      expect(popups.map((p) => p.title)).toContain('Auto-trading switched off');
      // nothing closed by itself: the position is open with its levels
      const open = ctx.trading.positions(client.id).open.find((p) => p.id === position.id);
      expect(open).toMatchObject({ origin: 'auto', closingReason: null });
      expect(open?.stop_lost).not.toBeNull();
      expect(open?.take_profit).not.toBeNull();
    },
  );

  it('with "close on limit" the auto positions close as AI Trade and the client\'s own stay', async () => {
    const { client, position, push, at } = await holding('SOLUSD', {
      dailyLossLimit: 1,
      drawdownLimit: 9_000,
      closeOnLimit: true,
    });
    const last = ctx.market.book.last('SOLUSD');
    const own = await ctx.trading.open({
      accountId: client.id,
      now: Date.now(),
      symbol: 'SOLUSD',
      direction: 'buy',
      amount: 10,
      leverage: 1,
      price: (last?.ask ?? 0) * 1.00025,
    });
    expect(own.ok).toBe(true);
    push();
    await ctx.autoTrading.checkLimits(at);

    const { open, history } = ctx.trading.positions(client.id);
    expect(open.map((p) => p.origin ?? 'client')).toEqual(['client']);
    const closed = history.find((p) => p.id === position.id);
    expect(closed).toMatchObject({
      closingReason: 4,
      closingCause: 'ai_trade',
      close_context: { by: 'strategy' },
    });
    const journal = await journalOf(server, client);
    const actions = journal.map((e) => e.action);
    expect(actions.slice(actions.indexOf('limit'))).toEqual(['limit', 'close']);
    expect(journal.at(-1)).toMatchObject({
      action: 'close',
      position_id: position.id,
      reason: { key: 'auto.journal.limitClose' },
    });
  });
});
