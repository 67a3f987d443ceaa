// Properties of random trading sessions: random price paths (with gaps and pauses) and random command sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { INSTRUMENTS, MemoryPersistence } from './fixtures.js';
import { accountsArb, runSession, SessionDriver, startSnapshot, stepsArb } from './property-kit.js';
import { checkSession, type SessionTotals } from './session-oracle.js';
import type { EngineEvent } from './types.js';

function session(accounts: Parameters<typeof startSnapshot>[0], steps: Parameters<typeof runSession>[2]) {
  const events: EngineEvent[] = [];
  const start = startSnapshot(accounts);
  const engine = Engine.restore(start, {
    instruments: INSTRUMENTS,
    persistence: new MemoryPersistence(),
    onEvents: (e) => events.push(...e),
  });
  const summarize = () => Object.fromEntries(accounts.map((a) => [a.id, engine.summary(a.id)]));
  const records = runSession(engine, events, steps, new SessionDriver(accounts), summarize);
  return { engine, start, records };
}

describe('engine invariants on random sessions', () => {
  it('closes on triggers exactly at the first crossing tick, once, with exact money and no negative balance', () => {
    fc.assert(
      fc.property(accountsArb, stepsArb, (accounts, steps) => {
        const { engine, start, records } = session(accounts, steps);
        checkSession(start, records);
        expect(engine.verifyIndexes()).toEqual([]);
      }),
      { numRuns: 250 },
    );
  });

  it('the random sessions reach every kind of close, shortfalls and the refusals that matter', () => {
    // guards the properties above against a generator that stopped producing the interesting cases
    const totals: SessionTotals = { closes: {}, rejections: {}, shortfalls: 0 };
    fc.assert(
      fc.property(accountsArb, stepsArb, (accounts, steps) => {
        const { start, records } = session(accounts, steps);
        const t = checkSession(start, records);
        for (const [k, v] of Object.entries(t.closes)) totals.closes[k] = (totals.closes[k] ?? 0) + v;
        for (const [k, v] of Object.entries(t.rejections))
          totals.rejections[k] = (totals.rejections[k] ?? 0) + v;
        totals.shortfalls += t.shortfalls;
      }),
      { numRuns: 300, seed: 4 },
    );
    for (const cause of ['manual', 'stop_loss', 'take_profit', 'loss_termination', 'stop_out'])
      expect(totals.closes[cause], cause).toBeGreaterThan(0);
    expect(totals.shortfalls).toBeGreaterThan(0);
    for (const key of [
      'account.notVerified',
      'account.noAccess',
      'trade.requote',
      'trade.positionNotFound',
      'trade.temporarilyUnavailable',
      'trade.leverageNotAllowed',
      'withdraw.maximum',
    ])
      expect(totals.rejections[key], key).toBeGreaterThan(0);
  });
});
