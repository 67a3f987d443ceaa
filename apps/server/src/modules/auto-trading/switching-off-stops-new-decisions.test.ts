import { describe, expect, it } from 'vitest';
import {
  autoClient,
  clientCall,
  journalOf,
  nextMinute,
  plainPricing,
  replay,
  switchOn,
  trendSettings,
  waveFor,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/** "Switching off stops new decisions at once; open auto positions stay, with their SL and TP." */
describe(`switching auto-trading off (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;

  it('stops new decisions at once and leaves the open auto positions with their SL and TP', async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(server, client, trendSettings(['BCHUSD']));
    const wave = waveFor(30, nextMinute(server, 'BCHUSD'), 500);
    await replay(server, 'BCHUSD', wave.slice(0, 8)); // the wave's first entry: a sell
    const [position] = ctx.trading.positions(client.id).open;
    expect(position).toMatchObject({ origin: 'auto', direction: 'sell' });

    const off = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.auto_trading).toBe(0);
    expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
    const journalBefore = await journalOf(server, client);
    expect(journalBefore.at(-1)).toMatchObject({
      action: 'switchedOff',
      reason: { key: 'auto.journal.switchedOff' },
    });

    // the rest of the wave would close the sell and buy (candle 14) and reverse again (candle 22)
    await replay(server, 'BCHUSD', wave.slice(8));
    expect(await journalOf(server, client)).toEqual(journalBefore);
    const [still] = ctx.trading.positions(client.id).open;
    expect(still).toMatchObject({
      id: position?.id,
      stop_lost: position?.stop_lost,
      take_profit: position?.take_profit,
      closingReason: null,
    });
    const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    // switched off by the client: no reason from the server
    expect(overview).toMatchObject({ auto_trading: 0, stopped: null, results: { open: { positions: 1 } } });
  });

  it('decisions already made for a candle are not submitted once the client switched off', async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(server, client, trendSettings(['AAVEUSD']));
    const wave = waveFor(8, nextMinute(server, 'AAVEUSD'), 260);
    await replay(server, 'AAVEUSD', wave.slice(0, 6));
    // candle 6, the one that gives the sell, is built but not closed: evaluate it by hand
    const sixth = wave[6];
    if (!sixth) throw new Error('no sixth candle');
    for (const [mid, after] of [
      [sixth.high, 10_000],
      [sixth.low, 20_000],
      [sixth.close, 30_000],
    ] as const)
      ctx.market.ingest({ symbol: 'AAVEUSD', bid: mid - 0.01, ask: mid + 0.01, ts: sixth.time + after });
    const report = await ctx.autoTrading.runner.evaluate('AAVEUSD', '1m', sixth.time);
    const decided = report.pending.filter((p) => p.accountId === client.id);
    expect(decided.length).toBe(1);
    await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 0 });
    const submitted = await ctx.autoTrading.runner.submit(decided);
    expect(submitted).toMatchObject({ opened: 0, skipped: 1 });
    expect(ctx.trading.positions(client.id).open).toEqual([]);
  });
});
