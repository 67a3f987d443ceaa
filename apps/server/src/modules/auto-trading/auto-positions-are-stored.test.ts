import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions } from '../../db/schema.js';
import { autoClient, plainPricing } from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { TradingRepo } from '../trading/trading.repo.js';

/** The strategy's positions are stored as such, so a restart and the history keep the AI badge. */
describe(`auto positions in the database (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;
  const { db } = ctx.database;

  it('are stored with origin auto, restored so, and their closed parts keep it', async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    const ts = Date.now();
    ctx.market.ingest({ symbol: 'ETHUSD', bid: 3_000, ask: 3_001, ts });
    const opened = await ctx.trading.open({
      accountId: client.id,
      now: ts,
      symbol: 'ETHUSD',
      direction: 'buy',
      amount: 200,
      leverage: 2,
      price: 3_001 * 1.00025,
      stop_lost: 2_900,
      take_profit: 3_200,
      origin: 'auto',
    });
    expect(opened.ok).toBe(true);
    const id = ctx.trading.autoPositions(client.id)[0]?.id ?? 0;
    expect((await ctx.trading.close({ accountId: client.id, now: ts, positionId: id, amount: 50 })).ok).toBe(
      true,
    );

    const rows = await db.select().from(positions).where(eq(positions.userId, client.id));
    expect(rows.map((r) => [r.partOf === null ? 'position' : 'closed part', r.origin]).sort()).toEqual([
      ['closed part', 'auto'],
      ['position', 'auto'],
    ]);
    const snapshot = await new TradingRepo(db).loadSnapshot();
    expect(snapshot.positions.filter((p) => p.accountId === client.id)).toEqual([
      expect.objectContaining({ id, origin: 'auto', amount: 150 }),
    ]);
    expect(ctx.trading.autoPositions(client.id)).toEqual([
      expect.objectContaining({ id, amount: 150, profit: ctx.trading.position(client.id, id)?.profit }),
    ]);
    // the strategy's constant-time figures agree with the engine's (margin of the remaining 150 only)
    const balance = ctx.trading.balance(client.id);
    expect(ctx.trading.funds(client.id)).toEqual({
      balance: balance.balance,
      freeMargin: balance.freeMargin,
    });
    expect(balance.freeMargin).toBeCloseTo(balance.balance - 150, 2);
  });
});
