// Scenario: a stop loss or take profit crossed while the account's command is being committed.
import { buyPrice, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, flush, INSTRUMENTS, ManualPersistence, quote } from './fixtures.js';
import type { EngineEvent, PositionClosedEvent } from './types.js';

async function withOpenSell() {
  const persistence = new ManualPersistence();
  const events: EngineEvent[] = [];
  const engine = Engine.restore(
    { accounts: [buildAccount()], positions: [] },
    { instruments: INSTRUMENTS, persistence, onEvents: (e) => events.push(...e) },
  );
  engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
  const opened = engine.open({
    accountId: 1,
    now: 1_000,
    symbol: 'EURUSD',
    direction: 'sell',
    amount: 100,
    leverage: 10,
    price: 1.0797,
    stop_lost: 1.09,
    take_profit: 1.07,
  });
  await flush();
  await persistence.settleNext();
  await opened;
  const closes = () => events.filter((e): e is PositionClosedEvent => e.type === 'position.closed');
  return { engine, persistence, closes };
}

describe('a trigger during a commit', () => {
  it('closes right after the command, at the price of the tick that crossed — not a later one', async () => {
    const { engine, persistence, closes } = await withOpenSell();
    const update = engine.update({
      accountId: 1,
      now: 2_000,
      positionId: 1,
      stop_lost: 1.095,
      take_profit: 1.07,
    });
    await flush();
    engine.onQuote(quote('EURUSD', 1.0688, 1.069, 3_000)); // crosses the take profit while the update commits
    engine.onQuote(quote('EURUSD', 1.0788, 1.079, 4_000)); // and the price comes back
    expect(closes()).toHaveLength(0);
    expect(persistence.pending).toHaveLength(1);

    await persistence.settleNext(); // the update
    expect((await update).ok).toBe(true);
    expect(persistence.pending).toHaveLength(1); // the queued take profit is committing now
    await persistence.settleNext();
    expect(closes().map((c) => [c.position.cause, c.position.closedRate, c.position.closedAt])).toEqual([
      ['take_profit', buyPrice(1.069), 3_000],
    ]);
  });

  it('a manual close and a stop loss at the same time close the position once', async () => {
    const { engine, persistence, closes } = await withOpenSell();
    const close = engine.close({ accountId: 1, now: 2_000, positionId: 1 });
    await flush();
    engine.onQuote(quote('EURUSD', 1.0905, 1.0907, 3_000)); // the stop loss crosses meanwhile
    await persistence.settleNext();
    expect((await close).ok).toBe(true);
    await flush();
    expect(persistence.pending).toHaveLength(0);
    expect(closes().map((c) => c.position.cause)).toEqual(['manual']);
    expect(closes()[0]?.position.closedRate).toBe(buyPrice(1.0802));
  });

  it('if the manual close fails to commit, the stop loss that crossed meanwhile closes it at its tick price', async () => {
    const { engine, persistence, closes } = await withOpenSell();
    const close = engine.close({ accountId: 1, now: 2_000, positionId: 1 });
    await flush();
    engine.onQuote(quote('EURUSD', 1.0905, 1.0907, 3_000));
    await persistence.settleNext('fail');
    await expect(close).rejects.toThrow();
    await persistence.settleNext();
    expect(closes().map((c) => [c.position.cause, c.position.closedRate])).toEqual([
      ['stop_loss', buyPrice(1.0907)],
    ]);
  });

  it('a tick batch that fails to commit is retried by the next crossing tick', async () => {
    const { engine, persistence, closes } = await withOpenSell();
    engine.onQuote(quote('EURUSD', 1.0688, 1.069, 3_000));
    await persistence.settleNext('fail');
    expect(closes()).toHaveLength(0);
    expect(engine.positions(1).open).toHaveLength(1);
    engine.onQuote(quote('EURUSD', 1.0678, 1.068, 4_000));
    await persistence.settleNext();
    expect(closes().map((c) => [c.position.cause, c.position.closedRate])).toEqual([
      ['take_profit', buyPrice(1.068)],
    ]);
    expect(sellPrice(1.0678)).toBeLessThan(1.07);
  });
});
