import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openRuntime } from '../../runtime.js';
import { createPostgresDatabase, testDbKind } from '../../test/harness.js';
import { TradingRepo } from './trading.repo.js';

/**
 * A crash or restart loses nothing that was acknowledged (architecture §5): the engine is rebuilt
 * from the database, with the same open positions, the same levels and the same balance.
 */
describe(`restarting the server keeps the books (${testDbKind})`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-restart-'));
  const postgres = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    WEB_DIST_DIR: '/nonexistent',
  });
  const demoId = 1;

  it('restores the same open positions, levels, history and balance after a stop mid-stream', async () => {
    const first = await openRuntime(config, { live: true });
    const { market, trading } = first.ctx;
    market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
    const opened = [];
    for (const direction of ['buy', 'sell'] as const) {
      const outcome = await trading.open({
        accountId: demoId,
        now: Date.now(),
        symbol: 'BTCUSD',
        direction,
        amount: 250,
        leverage: 2,
        price: direction === 'buy' ? 64_010 * 1.00025 : 64_000 * 0.99975,
        stop_lost: direction === 'buy' ? 60_000 : 70_000,
        take_profit: null,
      });
      expect(outcome.ok).toBe(true);
      opened.push(outcome);
    }
    const firstOpen = trading.positions(demoId).open;
    const closeId = firstOpen[0]?.id ?? 0;
    market.ingest({ symbol: 'BTCUSD', bid: 64_500, ask: 64_510, ts: Date.now() });
    expect((await trading.close({ accountId: demoId, now: Date.now(), positionId: closeId })).ok).toBe(true);
    const before = { ...trading.positions(demoId), balance: trading.balance(demoId).balance };
    await first.close();

    const second = await openRuntime(config, { live: true });
    try {
      // Start-up reads the open positions only; the history list is read when the account is first shown.
      const snapshot = await new TradingRepo(second.ctx.database.db).loadSnapshot();
      expect(snapshot.positions.map((p) => p.id).sort()).toEqual(before.open.map((p) => p.id).sort());
      expect(snapshot.history).toBeUndefined();
      expect(await second.ctx.trading.ensureAccount(demoId)).toBe(true);
      const after = second.ctx.trading.positions(demoId);
      const strip = (p: { profit: number | null }) => ({ ...p, profit: null });
      expect(after.open.map(strip)).toEqual(before.open.map(strip));
      expect(after.history).toEqual(before.history);
      expect(second.ctx.trading.balance(demoId).balance).toBe(before.balance);
      // A position closed before the restart cannot be closed again after it.
      second.ctx.market.ingest({ symbol: 'BTCUSD', bid: 64_500, ask: 64_510, ts: Date.now() });
      const again = await second.ctx.trading.close({
        accountId: demoId,
        now: Date.now(),
        positionId: closeId,
      });
      expect(again.ok).toBe(false);
    } finally {
      await second.close();
    }
  });
});
