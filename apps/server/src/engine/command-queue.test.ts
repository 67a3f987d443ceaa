// Scenario: architecture §5 — one account's commands run one at a time, in order, each committed before it is
// acknowledged; a failed commit changes nothing.
import { describe, expect, it } from 'vitest';
import { Engine, EngineCommitError } from './engine.js';
import { buildAccount, flush, INSTRUMENTS, ManualPersistence, quote } from './fixtures.js';
import type { CommandOutcome, EngineEvent } from './types.js';

function setup() {
  const persistence = new ManualPersistence();
  const events: EngineEvent[] = [];
  const engine = Engine.restore(
    { accounts: [buildAccount({ id: 1 }), buildAccount({ id: 2 })], positions: [] },
    { instruments: INSTRUMENTS, persistence, onEvents: (e) => events.push(...e) },
  );
  engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
  const open = (accountId: number, amount: number) =>
    engine.open({
      accountId,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount,
      leverage: 10,
      price: 1.0805,
    });
  return { engine, persistence, events, open };
}

describe('per-account command queue', () => {
  it('acknowledges a command only after its commit, and runs the next one of the account only then', async () => {
    const { engine, persistence, open } = setup();
    let firstDone: CommandOutcome | null = null;
    const first = open(1, 100).then((o) => {
      firstDone = o;
      return o;
    });
    const second = open(1, 200);
    await flush();
    expect(persistence.pending).toHaveLength(1); // the second waits behind the first
    expect(firstDone).toBeNull();
    expect(engine.positions(1).open).toEqual([]); // nothing applied before the commit

    await persistence.settleNext();
    expect((await first).ok).toBe(true);
    expect(engine.positions(1).open.map((p) => p.amount)).toEqual([100]);
    expect(persistence.pending).toHaveLength(1); // now the second is committing
    await persistence.settleNext();
    expect((await second).ok).toBe(true);
    expect(engine.positions(1).open.map((p) => p.amount)).toEqual([100, 200]);
  });

  it('does not hold up another account', async () => {
    const { persistence, open } = setup();
    void open(1, 100);
    void open(2, 100);
    await flush();
    expect(persistence.pending.map((p) => p.batch.events[0]?.accountId)).toEqual([1, 2]);
  });

  it('a command whose commit fails is not acknowledged and leaves the books as they were', async () => {
    const { engine, persistence, events, open } = setup();
    const before = engine.snapshot();
    const failed = open(1, 100);
    await flush();
    await persistence.settleNext('fail');
    await expect(failed).rejects.toBeInstanceOf(EngineCommitError);
    expect(engine.snapshot().positions).toEqual(before.positions);
    expect(engine.summary(1)).toEqual({ balance: 1_000, equity: 1_000, freeMargin: 1_000, profit: 0 });
    expect(events.filter((e) => e.type !== 'command.rejected')).toEqual([]);

    // the account is free again: the next command goes through
    const next = open(1, 100);
    await flush();
    await persistence.settleNext();
    expect((await next).ok).toBe(true);
    expect(engine.positions(1).open).toHaveLength(1);
  });
});
