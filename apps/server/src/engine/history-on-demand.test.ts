// Scenario: start-up loads open positions only; an account's earlier history is read on demand and merged.
import { CLOSING_REASON, money, price } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, INSTRUMENTS, MemoryPersistence, quote } from './fixtures.js';
import type { ClosedPositionRecord } from './types.js';

const earlier = (id: number, closedAt: number): ClosedPositionRecord => ({
  id,
  accountId: 1,
  symbol: 'EURUSD',
  direction: 'buy',
  amount: money(10),
  leverage: 1,
  openRate: price(1.08),
  openedAt: closedAt - 1_000,
  stopLoss: null,
  takeProfit: null,
  closedRate: price(1.09),
  closedAt,
  reason: CLOSING_REASON.manual,
  cause: 'manual',
  profit: money(0.09),
  shortfall: money(0),
});

function restored(historyLimit = 200) {
  // as the server restores it: accounts and open positions, no history
  return Engine.restore(
    { accounts: [buildAccount()], positions: [] },
    { instruments: INSTRUMENTS, persistence: new MemoryPersistence(), historyLimit },
  );
}

async function closeOne(engine: Engine, now: number): Promise<number> {
  engine.onQuote(quote('EURUSD', 1.08, 1.0802, now));
  const opened = await engine.open({
    accountId: 1,
    now,
    symbol: 'EURUSD',
    direction: 'buy',
    amount: 10,
    leverage: 1,
    price: 1.0805,
  });
  const id = opened.ok && opened.events[0]?.type === 'position.opened' ? opened.events[0].position.id : 0;
  await engine.close({ accountId: 1, now: now + 1, positionId: id });
  return id;
}

describe('history on demand', () => {
  it('a restored engine has no earlier history until it is loaded, then lists both newest first', async () => {
    const engine = restored();
    expect(engine.hasHistory(1)).toBe(false);
    const since = await closeOne(engine, 50_000);
    engine.loadHistory(1, [earlier(8, 20_000), earlier(7, 10_000)]);
    expect(engine.hasHistory(1)).toBe(true);
    expect(engine.positions(1).history.map((p) => p.id)).toEqual([since, 8, 7]);
    expect(engine.position(1, 7)).toMatchObject({
      id: 7,
      closingReason: CLOSING_REASON.manual,
      profit: 0.09,
    });
  });

  it('a close the database already returned is listed once', async () => {
    const engine = restored();
    const since = await closeOne(engine, 50_000);
    const [mine] = engine.snapshot().history ?? [];
    engine.loadHistory(1, [mine as ClosedPositionRecord, earlier(3, 10_000)]);
    expect(engine.positions(1).history.map((p) => p.id)).toEqual([since, 3]);
  });

  it('keeps the newest historyLimit closes', () => {
    const engine = restored(2);
    engine.loadHistory(1, [earlier(1, 1_000), earlier(2, 2_000), earlier(3, 3_000)]);
    expect(engine.positions(1).history.map((p) => p.id)).toEqual([3, 2]);
  });
});
