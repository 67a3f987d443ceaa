// Scenario: architecture §5 — the engine rebuilds its books from the database on start; nothing acknowledged is lost.
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, buildEngine, INSTRUMENTS, MemoryPersistence, quote } from './fixtures.js';
import type { EngineEvent } from './types.js';

describe('restart', () => {
  it('a restart from the snapshot shows the same positions and figures, and fires the same triggers afterwards', async () => {
    const { engine } = buildEngine([buildAccount({ id: 1 }), buildAccount({ id: 2, balance: 300 })]);
    engine.onQuote(quote('BTCUSD', 60_000, 60_010, 1_000));
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 200,
      leverage: 5,
      price: 60_025,
      take_profit: 62_000,
    });
    await engine.open({
      accountId: 2,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 250,
      leverage: 30,
      price: 1.0797,
      stop_lost: 1.1,
    });
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.0805,
    });
    await engine.close({ accountId: 1, now: 1_500, positionId: 3 });

    // the database's view: a JSON round trip of the snapshot, as if read back from tables
    const restarted = Engine.restore(JSON.parse(JSON.stringify(engine.snapshot())), {
      instruments: INSTRUMENTS,
      persistence: new MemoryPersistence(),
    });
    for (const id of [1, 2]) {
      expect(restarted.positions(id)).toEqual(engine.positions(id));
      expect(restarted.summary(id)).toEqual(engine.summary(id));
    }
    // new ids continue after the highest one, and the same future produces the same events
    const after = (e: Engine) => {
      const events: EngineEvent[] = [];
      return { events, e };
    };
    const a = after(engine);
    const b = after(restarted);
    for (const t of [a, b]) {
      const ticks = [quote('EURUSD', 1.0995, 1.0997, 2_000), quote('BTCUSD', 62_100, 62_110, 2_000)];
      for (const q of ticks) t.e.onQuote(q);
      const opened = await t.e.open({
        accountId: 1,
        now: 2_000,
        symbol: 'BTCUSD',
        direction: 'sell',
        amount: 10,
        leverage: 1,
        price: 62_084,
      });
      t.events.push(...(opened.ok ? opened.events : []));
    }
    expect(b.events).toEqual(a.events);
    expect(b.events[0]).toMatchObject({ position: { id: 4 } });
    expect(restarted.snapshot().positions).toEqual(engine.snapshot().positions);
    expect(restarted.positions(2)).toEqual(engine.positions(2));
  });

  it('sweep after a restart closes out an account the market moved against while the server was down', () => {
    const snapshot = {
      accounts: [buildAccount({ balance: 100 })],
      positions: [
        {
          id: 7,
          accountId: 1,
          symbol: 'EURUSD',
          direction: 'buy' as const,
          amount: 100 as never,
          leverage: 3,
          openRate: 1.1 as never,
          openedAt: 0,
          stopLoss: null,
          takeProfit: null,
        },
      ],
      quotes: [quote('EURUSD', 0.9, 0.9002, 50_000)], // −18 %: equity ≈ 45 ≤ 50
    };
    const events: EngineEvent[] = [];
    const engine = Engine.restore(snapshot, {
      instruments: INSTRUMENTS,
      persistence: new MemoryPersistence(),
      onEvents: (e) => events.push(...e),
    });
    expect(events).toEqual([]); // restore itself decides nothing
    engine.sweep(55_000);
    expect(events.find((e) => e.type === 'position.closed')).toMatchObject({
      position: { id: 7, cause: 'stop_out' },
    });
  });
});
