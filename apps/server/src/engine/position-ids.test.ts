// Scenario: position ids come from the persistence port's allocator (a database sequence), not from a counter.
import { describe, expect, it } from 'vitest';
import { buildEngine, MemoryPersistence, quote } from './fixtures.js';
import type { PositionId, PositionIdAllocator } from './types.js';

/** An allocator handing out the given ids, then nothing (as when the database cannot refill the block). */
class ListedIds implements PositionIdAllocator {
  constructor(private readonly ids: PositionId[]) {}
  next(): PositionId | undefined {
    return this.ids.shift();
  }
}

class PersistenceWithIds extends MemoryPersistence {
  constructor(readonly positionIds: PositionIdAllocator) {
    super();
  }
}

const open = {
  accountId: 1,
  now: 1_000,
  symbol: 'BTCUSD',
  direction: 'buy' as const,
  amount: 100,
  leverage: 3,
  price: 60_015,
};

describe('position ids', () => {
  it("an open takes the allocator's next id, whatever ids exist already", async () => {
    const { engine } = buildEngine(undefined, {
      persistence: new PersistenceWithIds(new ListedIds([9_001, 7])),
    });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    const first = await engine.open(open);
    const second = await engine.open(open);
    const ids = [first, second].map((o) =>
      o.ok && o.events[0]?.type === 'position.opened' ? o.events[0].position.id : 0,
    );
    expect(ids).toEqual([9_001, 7]);
  });

  it('with no id reserved, the open is refused as temporarily unavailable and nothing is committed', async () => {
    const persistence = new PersistenceWithIds(new ListedIds([]));
    const { engine } = buildEngine(undefined, { persistence });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    const outcome = await engine.open(open);
    expect(!outcome.ok && outcome.rejection.message.key).toBe('trade.temporarilyUnavailable');
    expect(persistence.batches).toEqual([]);
    expect(engine.positions(1).open).toEqual([]);
  });

  it('a refused open does not use up an id', async () => {
    const { engine } = buildEngine(undefined, { persistence: new PersistenceWithIds(new ListedIds([5, 6])) });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    expect((await engine.open({ ...open, leverage: 7 })).ok).toBe(false);
    const accepted = await engine.open(open);
    expect(
      accepted.ok && accepted.events[0]?.type === 'position.opened' && accepted.events[0].position.id,
    ).toBe(5);
  });
});
