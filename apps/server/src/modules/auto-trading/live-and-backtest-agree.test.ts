import { type AutoDecision, backtest, type JournalEntryDto, SPEC_QUOTE_TERMS } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import {
  autoClient,
  nextMinute,
  plainPricing,
  replay,
  trendSettings,
  waveCandles,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { backtestPricing } from './auto-trading.backtest.js';

/**
 * "the backtest and the live path produce the same decisions for the same candles". Candles are replayed
 * through the live market (MarketService.ingest: candle builder → candle closed → runner → engine), then the domain
 * backtest runs on the candles the store built; the journal's opens and closes must be its decisions, one for one.
 */
describe(`the live path and the backtest decide the same on the same candles (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const post = (url: string, token: string, payload: object) =>
    app.inject({ method: 'POST', url, payload: { token, ...payload } });

  it('a trend follower replayed through the market opens and closes exactly as the backtest does', async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    const settings = trendSettings(['BTCUSD']);
    expect((await post('/api/autoTrading/settings', client.token, { settings })).statusCode).toBe(200);
    expect((await post('/api/accounts/autoTrading', client.token, { auto_trading: 1 })).statusCode).toBe(200);

    const start = nextMinute(server, 'BTCUSD');
    const candles = waveCandles(70, start, { base: 64_000, amplitude: 150, period: 16, range: 40 });
    const spread = 10;
    await replay(server, 'BTCUSD', candles, spread);

    // the candles the live path read are the ones replayed
    const stored = ctx.market.candles.candlesBetween('BTCUSD', '1m', start, start + candles.length * 60_000);
    expect(stored.map(({ time, open, high, low, close }) => ({ time, open, high, low, close }))).toEqual(
      candles,
    );

    const terms = ctx.trading.tradingTerms(client.id, 'BTCUSD');
    const pricing = backtestPricing(ctx.market.catalogue.require('BTCUSD'), ctx.trading.profileOf(client.id));
    expect(pricing.terms).toEqual({ ...SPEC_QUOTE_TERMS, pipSize: pricing.terms.pipSize, tick: 0.01 });
    const result = backtest({
      symbol: 'BTCUSD',
      precision: 2,
      settings,
      candles: stored,
      startBalance: 10_000,
      // the replayed feed's half spread, and the brand's terms on BTCUSD as the client area's backtest builds them
      // (the plain profile's markup, the spec's, on the tick 0.01 of BTCUSD's 2 decimals)
      halfFeedSpread: spread / 2,
      terms: pricing.terms,
      leverages: terms?.leverages ?? [],
    });
    const acted = (d: AutoDecision) =>
      d.kind === 'open'
        ? {
            action: 'open',
            direction: d.direction,
            candleTime: d.candleTime,
            amount: d.amount,
            leverage: d.leverage,
            stopLoss: d.stopLoss,
            takeProfit: d.takeProfit,
          }
        : d.kind === 'close'
          ? { action: 'close', direction: d.direction, candleTime: d.candleTime }
          : undefined;
    const expected = result.decisions.map(acted).filter((d) => d !== undefined);
    // the series has crossovers both ways: opens, closes and reversals
    expect(expected.filter((d) => d.action === 'open').length).toBeGreaterThanOrEqual(3);
    expect(expected.filter((d) => d.action === 'close').length).toBeGreaterThanOrEqual(2);

    const journal = (await post('/api/autoTrading/journal', client.token, { limit: 200 })).json().data
      .entries as JournalEntryDto[];
    expect(journal.filter((e) => e.action === 'refused')).toEqual([]);
    const positions = ctx.trading.positions(client.id);
    const live = journal
      .filter((e) => e.action === 'open' || e.action === 'close')
      .reverse()
      .map((e) => {
        const candleTime = Date.parse(e.candle_time ?? '');
        if (e.action === 'close') return { action: 'close', direction: e.direction, candleTime };
        const position = [...positions.open, ...positions.history].find((p) => p.id === e.position_id);
        return {
          action: 'open',
          direction: e.direction,
          candleTime,
          amount: position?.amount,
          leverage: position?.leverage,
          stopLoss: position?.stop_lost,
          takeProfit: position?.take_profit,
        };
      });
    expect(live).toEqual(expected);

    // the strategy's read model of the account agrees with the engine's own figures
    const balance = ctx.trading.balance(client.id);
    expect(ctx.trading.funds(client.id)).toEqual({
      balance: balance.balance,
      freeMargin: balance.freeMargin,
    });
    expect(ctx.trading.autoPositions(client.id).map((p) => [p.id, p.amount, p.profit])).toEqual(
      positions.open.filter((p) => p.origin === 'auto').map((p) => [p.id, p.amount, p.profit]),
    );

    // every close the strategy made is an AI Trade (spec closingReason 4) explained by the strategy
    const closedByStrategy = positions.history.filter((p) => p.origin === 'auto');
    expect(closedByStrategy.length).toBe(expected.filter((d) => d.action === 'close').length);
    for (const p of closedByStrategy) {
      expect(p.closingReason).toBe(4);
      expect(p.close_context).toMatchObject({ by: 'strategy' });
    }
  });
});
