// Scenario: a client command with an id hands that id to the persistence port with the batch that
// executes it, so the adapter can store it in the same transaction and refuse a second copy; the engine's own work
// (a tick's closes) and commands without an id carry none.
import { money } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { EngineCommitError } from './engine.js';
import { buildAccount, buildEngine, MemoryPersistence, quote } from './fixtures.js';
import type { CommitBatch } from './types.js';

const open = {
  accountId: 1,
  now: 1_000,
  symbol: 'BTCUSD',
  direction: 'buy' as const,
  amount: 100,
  leverage: 3,
  price: 60_015,
};

const openedId = (outcome: Awaited<ReturnType<ReturnType<typeof buildEngine>['engine']['open']>>) =>
  outcome.ok && outcome.events[0]?.type === 'position.opened' ? outcome.events[0].position.id : undefined;

/** Refuses a batch whose command id its account used already, as trade_commands' key does in the database. */
class PersistenceWithCommandIds extends MemoryPersistence {
  private readonly used = new Set<string>();
  override commit(batch: CommitBatch): void {
    if (batch.command) {
      const key = `${batch.command.accountId}:${batch.command.commandId}`;
      if (this.used.has(key)) throw new Error(`duplicate command ${key}`);
      this.used.add(key);
    }
    super.commit(batch);
  }
}

describe('client command ids reach the commit', () => {
  it('every client command with an id carries it, with its account and type, in the batch that executes it', async () => {
    const { engine, persistence } = buildEngine();
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const opened = await engine.open({ ...open, commandId: 'open-1' });
    const positionId = openedId(opened) as number;
    expect(positionId).toBeGreaterThan(0);
    await engine.update({
      accountId: 1,
      now: 1_000,
      positionId,
      stop_lost: 50_000,
      take_profit: null,
      commandId: 'update-1',
    });
    await engine.close({ accountId: 1, now: 1_000, positionId, amount: 10, commandId: 'part-1' });
    await engine.close({ accountId: 1, now: 1_000, positionId, commandId: 'close-1' });
    await engine.placeOrder({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      orderType: 'limit',
      price: 1.09,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'gtc' },
      commandId: 'place-1',
    });
    const [order] = engine.orders(1).open;
    await engine.updateOrder({
      accountId: 1,
      now: 1_000,
      orderId: order?.id ?? 0,
      price: 1.08,
      commandId: 'u-2',
    });
    await engine.cancelOrder({ accountId: 1, now: 1_000, orderId: order?.id ?? 0, commandId: 'cancel_1' });
    await engine.adjustBalance({
      accountId: 1,
      now: 1_000,
      amount: money('5.00'),
      kind: 'deposit',
      cause: { transaction: 'TX-1' },
      commandId: 'adjust-1',
    });
    expect(persistence.batches.map((b) => b.command)).toEqual([
      { accountId: 1, commandId: 'open-1', type: 'open' },
      { accountId: 1, commandId: 'update-1', type: 'update' },
      { accountId: 1, commandId: 'part-1', type: 'close' },
      { accountId: 1, commandId: 'close-1', type: 'close' },
      { accountId: 1, commandId: 'place-1', type: 'place_order' },
      { accountId: 1, commandId: 'u-2', type: 'update_order' },
      { accountId: 1, commandId: 'cancel_1', type: 'cancel_order' },
      { accountId: 1, commandId: 'adjust-1', type: 'adjust' },
    ]);
  });

  it('a command without an id, and what the engine does on its own, carry no command', async () => {
    const { engine, persistence } = buildEngine();
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    const positionId = openedId(await engine.open({ ...open, stop_lost: 59_000 })) as number;
    expect(positionId).toBeGreaterThan(0);
    engine.onQuote(quote('BTCUSD', 58_000, 58_000, 2_000)); // its stop loss closes it
    expect(engine.positions(1).open).toEqual([]);
    expect(persistence.batches).toHaveLength(2);
    for (const batch of persistence.batches) expect('command' in batch).toBe(false);
  });

  it('a refused command commits nothing, so its id stays free for the corrected command', async () => {
    const persistence = new PersistenceWithCommandIds();
    const { engine } = buildEngine(undefined, { persistence });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    const refused = await engine.open({ ...open, leverage: 7, commandId: 'c-1' });
    expect(refused.ok).toBe(false);
    expect(persistence.batches).toEqual([]);
    expect((await engine.open({ ...open, commandId: 'c-1' })).ok).toBe(true);
  });

  it('when the port refuses a command id used already, the command fails with EngineCommitError and changes nothing', async () => {
    const persistence = new PersistenceWithCommandIds();
    const { engine } = buildEngine([buildAccount(), buildAccount({ id: 2 })], { persistence });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    expect((await engine.open({ ...open, commandId: 'twice' })).ok).toBe(true);
    const before = { positions: engine.positions(1), summary: engine.summary(1) };
    const again = engine.open({ ...open, commandId: 'twice' });
    await expect(again).rejects.toBeInstanceOf(EngineCommitError);
    await expect(again).rejects.toMatchObject({ reason: { message: 'duplicate command 1:twice' } });
    expect(engine.positions(1)).toEqual(before.positions);
    expect(engine.summary(1)).toEqual(before.summary);
    expect(persistence.batches).toHaveLength(1);
    expect(engine.verifyIndexes()).toEqual([]);
    // the same id on another account is another command
    expect((await engine.open({ ...open, accountId: 2, commandId: 'twice' })).ok).toBe(true);
  });
});
