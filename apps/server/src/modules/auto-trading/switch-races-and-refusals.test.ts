import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions, users } from '../../db/schema.js';
import { firstAccountOf } from '../../test/accounts-kit.js';
import { autoClient, clientCall, journalOf, trendSettings } from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * Switches are applied one at a time per account, so a double-click never leaves the strategy
 * trading while the database says off, and switching on is refused when it could only hold.
 */
describe(`the auto-trading switch under a double-click, and after today's loss limit (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;
  const flag = async (id: number) =>
    (await ctx.database.db.select({ on: users.autoTrading }).from(users).where(eq(users.id, id)))[0]?.on;

  it('on and off sent together: the database and the runner agree, on the switch applied last', async () => {
    const client = await autoClient(server);
    const saved = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['BTCUSD']),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Two requests in flight at once have no order of their own (each reads its session first); whichever reaches
    // the account's queue last decides. What must never happen is the runner trading while the database says off,
    // or the other way round, and the journal's last switch line must say which one won.
    const agree = async () => {
      const on = await flag(client.id);
      expect(ctx.autoTrading.runner.has(client.id)).toBe(on);
      const switches = (await journalOf(server, client))
        .map((line) => line.action)
        .filter((action) => action === 'switchedOn' || action === 'switchedOff');
      expect(switches.at(-1)).toBe(on ? 'switchedOn' : 'switchedOff');
    };
    for (const order of [
      [1, 0],
      [0, 1],
      [1, 0],
      [0, 1],
    ]) {
      const answers = await Promise.all(
        order.map((value) =>
          clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: value }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      await agree();
    }
  });

  it("refuses to switch on when today's auto trades already lost the daily limit, and changes nothing", async () => {
    const client = await autoClient(server);
    const now = new Date(ctx.market.clock.now());
    // an auto trade closed today with a loss of 300.00 (the daily limit below is 200.00)
    await ctx.database.db.insert(positions).values({
      userId: client.id,
      accountId: firstAccountOf(client.id),
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '1000.00',
      leverage: 2,
      openRate: '60000',
      openedAt: now,
      closedRate: '51000',
      closedAt: now,
      closingReason: 4,
      closeCause: 'ai_trade',
      profit: '-300.00',
      shortfall: '0.00',
      origin: 'auto',
    });
    const saved = await clientCall(server, client, '/api/autoTrading/settings', {
      settings: trendSettings(['BTCUSD'], { limits: { dailyLossLimit: 200 } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const on = await clientCall(server, client, '/api/accounts/autoTrading', { auto_trading: 1 });
    expect(on.statusCode).toBe(409);
    expect(on.json()).toMatchObject({ key: 'auto.error.dailyLimitReached' });
    expect(await flag(client.id)).toBe(false);
    expect(ctx.autoTrading.runner.has(client.id)).toBe(false);
  });
});
