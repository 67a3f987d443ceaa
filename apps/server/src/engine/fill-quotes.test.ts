// Scenario: each open and close carries the feed quote, terms and brand quote it was dealt at (the fill audit).
import { brandQuote, checkFill } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, flush, INSTRUMENTS, ManualPersistence, quote } from './fixtures.js';
import type { EngineEvent, FillQuote, PositionClosedEvent, PositionOpenedEvent } from './types.js';

/** The fill audit's check of an event's fill. */
function passes(
  kind: 'open' | 'close',
  direction: 'buy' | 'sell',
  fillPrice: number,
  fill: FillQuote,
): boolean {
  return checkFill({ kind, direction, fillPrice, feed: fill, terms: fill.terms, quote: fill.quote }).pass;
}

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
  const of = <T extends EngineEvent['type']>(type: T) =>
    events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
  return { engine, persistence, of };
}

describe('fill quotes', () => {
  it('an open carries the feed quote it was dealt at, its terms and brand quote; the check passes', async () => {
    const { of } = await withOpenSell();
    const [opened] = of('position.opened') as PositionOpenedEvent[];
    const fill = opened?.fill as FillQuote;
    expect(fill).toMatchObject({ bid: 1.08, ask: 1.0802, ts: 1_000 });
    expect(fill.quote).toEqual(brandQuote({ buy: 1.0802, sell: 1.08 }, fill.terms));
    expect(passes('open', 'sell', opened?.position.openRate as number, fill)).toBe(true);
  });

  it('a take profit that fired during a commit records the tick that crossed, not the quote when it was stored', async () => {
    const { engine, persistence, of } = await withOpenSell();
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
    await persistence.settleNext();
    await update;
    await persistence.settleNext();
    const [closed] = of('position.closed') as PositionClosedEvent[];
    expect(closed?.position.cause).toBe('take_profit');
    expect(closed?.fill).toMatchObject({ bid: 1.0688, ask: 1.069, ts: 3_000 });
    expect(passes('close', 'sell', closed?.position.closedRate as number, closed?.fill as FillQuote)).toBe(
      true,
    );
  });

  it('a manual close carries the quote it closed at; the check passes', async () => {
    const { engine, persistence, of } = await withOpenSell();
    engine.onQuote(quote('EURUSD', 1.0801, 1.0803, 2_000));
    const close = engine.close({ accountId: 1, now: 2_500, positionId: 1 });
    await flush();
    await persistence.settleNext();
    expect((await close).ok).toBe(true);
    const [closed] = of('position.closed') as PositionClosedEvent[];
    expect(closed?.fill).toMatchObject({ bid: 1.0801, ask: 1.0803, ts: 2_000 });
    expect(passes('close', 'sell', closed?.position.closedRate as number, closed?.fill as FillQuote)).toBe(
      true,
    );
    // a price one tick off would not pass
    expect(
      passes('close', 'sell', (closed?.position.closedRate as number) + 0.00001, closed?.fill as FillQuote),
    ).toBe(false);
  });
});
