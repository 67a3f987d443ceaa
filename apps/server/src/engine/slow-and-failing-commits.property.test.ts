// With a real database commits take time and sometimes fail: the books must always be exactly what was committed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Book } from './book.js';
import { Engine, EngineCommitError } from './engine.js';
import { INSTRUMENTS, ManualPersistence } from './fixtures.js';
import { accountsArb, SessionDriver, startSnapshot, stepsArb } from './property-kit.js';
import type { CommandOutcome, EngineEvent, EngineSnapshot } from './types.js';

/** The persisted part of a snapshot (ids burned by failed commits and quotes are not). */
const books = (s: EngineSnapshot) => ({ accounts: s.accounts, positions: s.positions, history: s.history });

const settleArb = fc.array(
  fc.record({
    count: fc.integer({ min: 0, max: 3 }),
    pick: fc.nat(),
    fail: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  }),
  { minLength: 1, maxLength: 30 },
);

describe('slow and failing commits', () => {
  it('the books equal the committed batches; acknowledged commands are durable; failed ones changed nothing', async () => {
    await fc.assert(
      fc.asyncProperty(accountsArb, stepsArb, settleArb, async (accounts, steps, settles) => {
        const start = startSnapshot(accounts);
        const persistence = new ManualPersistence();
        const published: EngineEvent[] = [];
        const engine = Engine.restore(start, {
          instruments: INSTRUMENTS,
          persistence,
          onEvents: (e) => published.push(...e),
          onCommitError: () => {},
        });
        const driver = new SessionDriver(accounts);
        const outcomes: Promise<{ outcome?: CommandOutcome; error?: unknown }>[] = [];
        let seen = 0;
        for (const [i, step] of steps.entries()) {
          const input = driver.input(step);
          if (input !== null && 'type' in input) {
            outcomes.push(
              engine.submit(input).then(
                (outcome) => ({ outcome }),
                (error: unknown) => ({ error }),
              ),
            );
          } else if (input !== null) {
            engine.onQuote(input);
          }
          const plan = settles[i % settles.length] as (typeof settles)[number];
          for (let k = 0; k < plan.count && persistence.pending.length > 0; k++) {
            await persistence.settleAt(
              plan.pick % persistence.pending.length,
              plan.fail && k === 0 ? 'fail' : 'ok',
            );
          }
          driver.observe(published.slice(seen));
          seen = published.length;
        }
        while (persistence.pending.length > 0) await persistence.settleNext('ok');
        await engine.whenIdle();
        const results = await Promise.all(outcomes);

        // what the database holds, replayed on fresh books, is what the engine holds
        const database = new Book(INSTRUMENTS);
        database.load(start);
        database.apply(persistence.committed.flatMap((b) => b.events));
        expect(books(engine.snapshot())).toEqual(books(database.snapshot()));
        // subscribers saw exactly the committed events, in commit order (plus rejections)
        expect(published.filter((e) => e.type !== 'command.rejected')).toEqual(
          persistence.committed.flatMap((b) => b.events),
        );
        // an acknowledged command's events are in a committed batch; a failed one reports EngineCommitError
        for (const { outcome, error } of results) {
          if (outcome?.ok) expect(persistence.committed.some((b) => b.events === outcome.events)).toBe(true);
          if (error !== undefined) expect(error).toBeInstanceOf(EngineCommitError);
        }
        // no position closed twice, no negative balance
        const closed = persistence.committed
          .flatMap((b) => b.events)
          .flatMap((e) => (e.type === 'position.closed' ? [e.position.id] : []));
        expect(new Set(closed).size).toBe(closed.length);
        for (const e of persistence.committed.flatMap((b) => b.events))
          if (e.type === 'balance.changed') expect(e.balance).toBeGreaterThanOrEqual(0);
        expect(engine.stats().commitsInFlight).toBe(0);
        expect(engine.verifyIndexes()).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
