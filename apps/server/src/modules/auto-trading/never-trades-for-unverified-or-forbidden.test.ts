import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  type AutoClient,
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

/**
 * "an unverified account or a forbidden category is never traded for". The switch refuses what it can
 * see; what changes later (staff take the verification or the category away) is refused by the engine itself,
 * because every decision takes the client's own path, and the refusal is journaled once, not at every candle.
 */
describe(`the strategy never trades for an unverified account or a forbidden category (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;
  const { db } = ctx.database;

  it('an unverified client cannot switch auto-trading on', async () => {
    const client = await autoClient(server, { verified: false });
    const saved = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['ETHUSD']),
    });
    expect(saved.statusCode).toBe(200);
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.statusCode).toBe(403);
    expect(on.json()).toMatchObject({ key: 'auto.error.notVerified' });
    expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, client.id));
    expect(row?.autoTrading).toBe(false);
  });

  it('an instrument outside the permitted categories cannot be given to the strategy', async () => {
    const client = await autoClient(server, { categories: [1] }); // forex only
    const res = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['EURUSD', 'BTCUSD']),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('settings.limits.symbols.1');
    const overview = (await clientCall(server, client, '/api/autoTrading/overview')).json().data;
    expect(overview.settings).toBeNull();
    expect(overview.instruments.every((i: { category: string }) => i.category === 'forex')).toBe(true);
  });

  /** A client trading `symbol` automatically, whose account staff then change; the wave then gives two entries. */
  const changedAfterSwitchingOn = async (symbol: string, change: Partial<typeof users.$inferInsert>) => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(server, client, trendSettings([symbol]));
    await db.update(users).set(change).where(eq(users.id, client.id));
    await ctx.trading.refreshAccount(client.id);
    await replay(server, symbol, waveFor(16, nextMinute(server, symbol), 200), 0.02);
    return client;
  };
  const expectRefusedOnce = async (client: AutoClient, key: string) => {
    expect(ctx.trading.positions(client.id).open).toEqual([]);
    const journal = await journalOf(server, client);
    expect(journal.filter((e) => e.action === 'open')).toEqual([]);
    const refused = journal.filter((e) => e.action === 'refused');
    // two entries were decided (a sell, then a buy); the same refusal is journaled once
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ direction: 'sell', outcome: { key } });
    expect(refused[0]?.outcome).toEqual({ key });
    expect(refused[0]?.candle_time).not.toBeNull();
  };

  it('an account unverified after switching on: the engine refuses, journaled once', async () => {
    const client = await changedAfterSwitchingOn('SOLUSD', { verifiedAccount: false });
    await expectRefusedOnce(client, 'account.notVerified');
  });

  it('a category taken away after switching on: the engine refuses, journaled once', async () => {
    const client = await changedAfterSwitchingOn('LTCUSD', { assetsGroupPermission: [1, 2, 4, 5] });
    await expectRefusedOnce(client, 'account.noAccess');
  });
});
