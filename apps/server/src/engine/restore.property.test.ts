// A restart rebuilds the books from a snapshot: same books, and the same future as if nothing had happened.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { INSTRUMENTS, MemoryPersistence } from './fixtures.js';
import { NaiveEngine } from './naive-engine.js';
import { accountsArb, runSession, SessionDriver, startSnapshot, stepsArb } from './property-kit.js';
import type { EngineEvent } from './types.js';

describe('restore from a snapshot', () => {
  it('reproduces the same books and then the same events as the engine that kept running', () => {
    fc.assert(
      fc.property(
        accountsArb,
        stepsArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (accounts, steps, at) => {
          const cut = Math.floor(at * steps.length);
          const events: EngineEvent[] = [];
          const running = Engine.restore(startSnapshot(accounts), {
            instruments: INSTRUMENTS,
            persistence: new MemoryPersistence(),
            onEvents: (e) => events.push(...e),
          });
          const driver = new SessionDriver(accounts);
          runSession(running, events, steps.slice(0, cut), driver);

          const snapshot = structuredClone(running.snapshot());
          const restartedEvents: EngineEvent[] = [];
          const restarted = Engine.restore(snapshot, {
            instruments: INSTRUMENTS,
            persistence: new MemoryPersistence(),
            onEvents: (e) => restartedEvents.push(...e),
          });
          const referenceEvents: EngineEvent[] = [];
          const reference = NaiveEngine.restore(snapshot, {
            instruments: INSTRUMENTS,
            onEvents: (e) => referenceEvents.push(...e),
          });
          expect(restarted.snapshot()).toEqual(running.snapshot());
          for (const a of accounts) {
            expect(restarted.positions(a.id)).toEqual(running.positions(a.id));
            expect(restarted.summary(a.id)).toEqual(running.summary(a.id));
          }

          const rest = steps.slice(cut);
          const before = events.length;
          runSession(running, events, rest, driver.clone());
          runSession(restarted, restartedEvents, rest, driver.clone());
          runSession(reference, referenceEvents, rest, driver.clone());
          expect(restartedEvents).toEqual(events.slice(before));
          expect(referenceEvents).toEqual(events.slice(before));
          expect(restarted.snapshot()).toEqual(running.snapshot());
        },
      ),
      { numRuns: 200 },
    );
  });
});
