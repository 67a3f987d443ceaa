import { money } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { CommitBatch } from '../../engine/index.js';
import { createLogger } from '../../lib/logger.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { Ledger } from '../ledger/ledger.js';
import { TradingRepo } from './trading.repo.js';
import { TradingService } from './trading.service.js';

/** A repo whose next commit fails, as when the database drops the connection. */
class FlakyRepo extends TradingRepo {
  failNext = false;
  override async commit(batch: CommitBatch): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    return super.commit(batch);
  }
}

/**
 * "a triggered close could not be stored" went to stdout and vanished at LOG_LEVEL=warn. It is an
 * error-level line of the app's pino logger, which an operator running at warn still sees.
 */
describe(`engine errors are logged at error level (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;

  it('a triggered close that could not be stored is an error line at LOG_LEVEL=warn', async () => {
    const { email } = await registerClient(app);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    const accountId = row?.id ?? 0;
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, accountId));
    await db.transaction((tx) =>
      new Ledger().book(tx as unknown as Db, {
        accountId,
        kind: 'adjustment',
        amount: money(1_000),
        cause: { staffAction: `log-test-${accountId}` },
      }),
    );

    const lines: string[] = [];
    const logger = createLogger(
      { logLevel: 'warn', logFormat: 'json' },
      { write: (line) => lines.push(line) },
    );
    const repo = new FlakyRepo(db);
    const trading = new TradingService(repo, ctx.market, {
      requoteTolerance: ctx.config.requoteTolerance,
      stopOutLevel: ctx.config.stopOutLevel,
      log: { info: (msg) => logger.info(msg), error: (obj, msg) => logger.error(obj, msg) },
    });
    await trading.start();
    try {
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
      const opened = await trading.open({
        accountId,
        now: Date.now(),
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: 100,
        leverage: 1,
        price: 64_010 * 1.00025,
        stop_lost: 63_000,
      });
      expect(opened.ok).toBe(true);
      repo.failNext = true;
      ctx.market.ingest({ symbol: 'BTCUSD', bid: 62_000, ask: 62_010, ts: Date.now() }); // crosses the stop loss
      await expect.poll(() => lines.length).toBeGreaterThan(0);
      const logged = JSON.parse(lines[0] ?? '{}');
      expect(logged).toMatchObject({
        level: 50,
        msg: 'trading: a triggered close could not be stored',
        err: { message: 'database unavailable' },
      });
      // info lines (start-up progress) stay below the operator's warn level
      expect(lines.every((line) => JSON.parse(line).level >= 40)).toBe(true);
    } finally {
      await trading.stop();
    }
  });
});
