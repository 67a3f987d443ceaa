// The indexed engine must fire exactly what the naive full-scan reference fires, on any session.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { INSTRUMENTS, MemoryPersistence } from './fixtures.js';
import { NaiveEngine } from './naive-engine.js';
import {
  accountsArb,
  runSession,
  SessionDriver,
  type Step,
  staleStepsArb,
  startSnapshot,
  stepsArb,
} from './property-kit.js';
import type { EngineEvent } from './types.js';

describe('indexed engine against the naive full-scan reference', () => {
  it('produces the very same events — same closes, same causes, prices, profits and shortfalls, same order', () => {
    fc.assert(
      fc.property(accountsArb, stepsArb, (accounts, steps) => {
        const start = startSnapshot(accounts);
        const indexedEvents: EngineEvent[] = [];
        const indexed = Engine.restore(start, {
          instruments: INSTRUMENTS,
          persistence: new MemoryPersistence(),
          onEvents: (e) => indexedEvents.push(...e),
        });
        const naiveEvents: EngineEvent[] = [];
        const naive = NaiveEngine.restore(start, {
          instruments: INSTRUMENTS,
          onEvents: (e) => naiveEvents.push(...e),
        });

        runSession(indexed, indexedEvents, steps, new SessionDriver(accounts));
        runSession(naive, naiveEvents, steps, new SessionDriver(accounts));

        expect(indexedEvents).toEqual(naiveEvents);
        expect(indexed.snapshot()).toEqual(naive.snapshot());
      }),
      { numRuns: 300 },
    );
  });

  // thin accounts only: every account's balance is small against its trades, so stop-outs are common
  const thinAccountsArb = accountsArb.map((accounts) =>
    accounts.map((a) => ({ ...a, verified: true, balance: Math.min(Number(a.balance), 120) })),
  );

  function sameEvents(accounts: Parameters<typeof startSnapshot>[0], steps: readonly Step[]): void {
    const start = startSnapshot(accounts);
    const indexedEvents: EngineEvent[] = [];
    const indexed = Engine.restore(start, {
      instruments: INSTRUMENTS,
      persistence: new MemoryPersistence(),
      onEvents: (e) => indexedEvents.push(...e),
    });
    const naiveEvents: EngineEvent[] = [];
    const naive = NaiveEngine.restore(start, {
      instruments: INSTRUMENTS,
      onEvents: (e) => naiveEvents.push(...e),
    });
    runSession(indexed, indexedEvents, steps, new SessionDriver(accounts));
    runSession(naive, naiveEvents, steps, new SessionDriver(accounts));
    expect(indexedEvents).toEqual(naiveEvents);
  }

  it('agrees on accounts living near the stop-out level, where the danger prices matter most', () => {
    fc.assert(fc.property(thinAccountsArb, stepsArb, sameEvents), { numRuns: 300 });
  });

  it('agrees when quotes go stale and accounts wait at the stop-out level with nothing they can close', () => {
    fc.assert(fc.property(thinAccountsArb, staleStepsArb, sameEvents), { numRuns: 400 });
  });
});
