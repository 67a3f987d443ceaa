// Scenario: an order that fires while its account is committing waits behind that commit; a failed
// fill commit leaves the order open and armed.
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, INSTRUMENTS, ManualPersistence, quote } from './fixtures.js';
import type { EngineEvent } from './types.js';

function build() {
  const persistence = new ManualPersistence();
  const events: EngineEvent[] = [];
  const engine = Engine.restore(
    { accounts: [buildAccount({ balance: 1_000 })], positions: [] },
    { instruments: INSTRUMENTS, persistence, onEvents: (e) => events.push(...e), onCommitError: () => {} },
  );
  return { engine, persistence, events };
}

const placeBuyLimit = (engine: Engine) =>
  engine.placeOrder({
    accountId: 1,
    now: 1_000,
    symbol: 'EURUSD',
    direction: 'buy',
    orderType: 'limit',
    price: 1.09,
    amount: 100,
    leverage: 10,
    expiry: { kind: 'gtc' },
  });

describe('order fill during a commit', () => {
  it('is decided after the account’s pending commit, once', async () => {
    const { engine, persistence, events } = build();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const placed = placeBuyLimit(engine);
    await persistence.settleNext();
    expect((await placed).ok).toBe(true);

    const withdrawal = engine.adjustBalance({
      accountId: 1,
      now: 1_500,
      kind: 'adjustment',
      cause: { staffAction: 'test' },
      amount: -850 as never,
    });
    expect(persistence.pending).toHaveLength(1); // the account is busy
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 2_000)); // crosses the order meanwhile
    expect(persistence.pending).toHaveLength(1);
    await persistence.settleNext();
    expect((await withdrawal).ok).toBe(true);
    // now the fill is decided on the account as it is after the withdrawal: 150 free, 100 needed → fills
    const fill = await persistence.settleNext();
    expect(fill.events.map((e) => e.type)).toEqual(['order.filled', 'position.opened']);
    expect(events.filter((e) => e.type === 'order.filled')).toHaveLength(1);
    expect(engine.positions(1).open).toHaveLength(1);
  });

  it('a failed fill commit keeps the order open; the next crossing tick fills it', async () => {
    const { engine, persistence } = build();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const placed = placeBuyLimit(engine);
    await persistence.settleNext();
    await placed;
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 2_000));
    await persistence.settleNext('fail');
    expect(engine.orders(1).open).toHaveLength(1);
    expect(engine.positions(1).open).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.081, 1.081, 3_000));
    await persistence.settleNext();
    expect(engine.orders(1).open).toHaveLength(0);
    expect(engine.positions(1).open).toHaveLength(1);
  });
});
