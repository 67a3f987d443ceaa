import { money } from '@openbroker/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../db/client.js';
import { positions, users } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { Ledger } from '../ledger/ledger.js';
import { PositionIdReserve } from './position-ids.js';
import { TradingRepo } from './trading.repo.js';
import { TradingService } from './trading.service.js';

/**
 * Position ids come from the database (two nodes on one database minted the same id and 10 of
 * 11 opens failed). Two trading engines on one database — each with its own repo, as two processes
 * would have; on PostgreSQL each over its own connection pool — never allocate the same id, however
 * their opens interleave and however often their small blocks run out.
 */
describe(`position ids from the database (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const second: Database | undefined =
    testDbKind === 'postgres'
      ? await openDatabase({ databaseUrl: ctx.config.databaseUrl, dataDir: 'memory://' })
      : undefined;
  const services: TradingService[] = [];
  afterAll(async () => {
    for (const service of services) await service.stop();
    await second?.close();
  });

  /** A verified client with 10,000 booked by the ledger. */
  const funded = async () => {
    const { email } = await registerClient(app);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('client not stored');
    await ctx.database.db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, row.id));
    await ctx.database.db.transaction((tx) =>
      new Ledger().book(tx as unknown as Db, {
        accountId: row.id,
        kind: 'adjustment',
        amount: money(10_000),
        cause: { staffAction: `position-ids-${row.id}` },
      }),
    );
    return row.id;
  };
  const engineOn = async (db: Db) => {
    const service = new TradingService(new TradingRepo(db, { positionIds: { blockSize: 3 } }), ctx.market, {
      requoteTolerance: ctx.config.requoteTolerance,
      stopOutLevel: ctx.config.stopOutLevel,
      log: { info: () => {}, error: () => {} },
    });
    await service.start();
    services.push(service);
    return service;
  };

  it('two engines on one database never produce the same position id', async () => {
    const accounts = [await funded(), await funded()];
    const engines = [await engineOn(ctx.database.db), await engineOn(second?.db ?? ctx.database.db)];
    const ids: number[] = [];
    for (let round = 0; round < 12; round++) {
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
      const outcomes = await Promise.all(
        engines.map((engine, i) =>
          engine.open({
            accountId: accounts[i] ?? 0,
            now: Date.now(),
            symbol: 'BTCUSD',
            direction: 'buy',
            amount: 10,
            leverage: 1,
            price: 64_010 * 1.00025,
          }),
        ),
      );
      for (const outcome of outcomes) {
        if (!outcome.ok) throw new Error(`open refused: ${outcome.rejection.message.key}`);
        const opened = outcome.events.find((e) => e.type === 'position.opened');
        if (opened?.type === 'position.opened') ids.push(opened.position.id);
      }
    }
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const stored = await ctx.database.db.select().from(positions).where(inArray(positions.userId, accounts));
    expect(stored.map((p) => p.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('a restarted engine (a new repo) continues past every id handed out before', async () => {
    const before = await ctx.database.db.select({ id: positions.id }).from(positions);
    const highest = Math.max(...before.map((p) => p.id));
    const reserve = new PositionIdReserve(
      (count) => new TradingRepo(ctx.database.db).reservePositionIds(count),
      {
        blockSize: 5,
      },
    );
    await reserve.refill();
    const fresh = [reserve.next(), reserve.next(), reserve.next()];
    expect(fresh.every((id) => id !== undefined && id > highest)).toBe(true);
  });

  it('refills its block in the background before it runs out, so the hot path never waits', async () => {
    let requests = 0;
    let counter = 0;
    const reserve = new PositionIdReserve(
      async (count) => {
        requests += 1;
        return Array.from({ length: count }, () => ++counter);
      },
      { blockSize: 4 },
    );
    await reserve.refill();
    expect([reserve.next(), reserve.next(), reserve.next()]).toEqual([1, 2, 3]);
    expect(requests).toBe(2); // fewer than half left after the third: a second block was asked for
    await expect.poll(() => reserve.available).toBe(5);
    expect([reserve.next(), reserve.next(), reserve.next(), reserve.next(), reserve.next()]).toEqual([
      4, 5, 6, 7, 8,
    ]);
  });
});
