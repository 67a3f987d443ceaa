// Scenario: pending limit and stop orders fire through the per-symbol indexes, are checked again when
// they fire, and expire.
import { buyPrice, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, buildEngine, INSTRUMENTS, MemoryPersistence, quote } from './fixtures.js';
import type { PlaceOrderCommand } from './types.js';

type Place = Omit<PlaceOrderCommand, 'type'>;
const order = (overrides: Partial<Place> = {}): Place => ({
  accountId: 1,
  now: 1_000,
  symbol: 'EURUSD',
  direction: 'buy',
  orderType: 'limit',
  price: 1.09,
  amount: 100,
  leverage: 10,
  expiry: { kind: 'gtc' },
  ...overrides,
});

describe('pending orders', () => {
  it('a buy limit fills at the first tick whose buy price is at or below it, at that price, with its SL/TP', async () => {
    const { engine, persistence } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const placed = await engine.placeOrder(order({ stop_lost: 1.08, take_profit: 1.12 }));
    expect(placed.ok).toBe(true);
    const [open] = engine.orders(1).open;
    expect(open).toMatchObject({
      type: 'limit',
      direction: 'buy',
      price: 1.09,
      status: 'open',
      stop_lost: 1.08,
    });

    engine.onQuote(quote('EURUSD', 1.0899, 1.0899, 2_000)); // buy = 1.0899 × 1.00025 > 1.09: not yet
    expect(engine.orders(1).open).toHaveLength(1);
    engine.onQuote(quote('EURUSD', 1.0895, 1.0895, 3_000));
    const types = persistence.batches.at(-1)?.events.map((e) => e.type);
    expect(types).toEqual(['order.filled', 'position.opened']);
    const [position] = engine.positions(1).open;
    expect(position).toMatchObject({
      open_rate: buyPrice(1.0895),
      stop_lost: 1.08,
      take_profit: 1.12,
      amount: 100,
    });
    const history = engine.orders(1);
    expect(history.open).toEqual([]);
    expect(history.history[0]).toMatchObject({ status: 'filled', position_id: position?.id });
    expect(engine.verifyIndexes()).toEqual([]);
  });

  it('a sell stop fills when the sell price falls to it', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    expect((await engine.placeOrder(order({ direction: 'sell', orderType: 'stop', price: 1.095 }))).ok).toBe(
      true,
    );
    engine.onQuote(quote('EURUSD', 1.0975, 1.0975, 2_000));
    expect(engine.positions(1).open).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.094, 1.0942, 3_000));
    expect(engine.positions(1).open[0]).toMatchObject({ direction: 'sell', open_rate: sellPrice(1.094) });
  });

  it('refuses a level on the wrong side of the price', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const outcome = await engine.placeOrder(order({ price: 1.2 }));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.rejection.errors[0]?.path).toBe('price');
  });

  it('is rejected with a reason when the account cannot carry it any more when it fires', async () => {
    const { engine, persistence } = buildEngine([buildAccount({ balance: 1_000 })]);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    expect((await engine.placeOrder(order({ amount: 600 }))).ok).toBe(true);
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 600,
      leverage: 1,
      price: 60_015,
    });
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 2_000));
    const rejected = persistence.events.find((e) => e.type === 'order.rejected');
    expect(rejected).toMatchObject({
      message: { key: 'engineOrder.rejectedFreeMargin' },
      order: { status: 'rejected' },
    });
    expect(engine.positions(1).open.map((p) => p.symbol)).toEqual(['BTCUSD']);
    expect(engine.orders(1).history[0]).toMatchObject({
      status: 'rejected',
      message: { key: 'engineOrder.rejectedFreeMargin' },
    });
  });

  it('can be updated and cancelled by its owner only', async () => {
    const { engine } = buildEngine([buildAccount(), buildAccount({ id: 2 })]);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.placeOrder(order());
    const id = engine.orders(1).open[0]?.id as number;
    const moved = await engine.updateOrder({
      accountId: 1,
      now: 1_100,
      orderId: id,
      price: 1.07,
      take_profit: 1.1,
    });
    expect(moved.ok).toBe(true);
    expect(engine.orders(1).open[0]).toMatchObject({ price: 1.07, take_profit: 1.1 });
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 1_200)); // the old level would have filled
    expect(engine.positions(1).open).toHaveLength(0);
    const foreign = await engine.cancelOrder({ accountId: 2, now: 1_300, orderId: id });
    expect(!foreign.ok && foreign.rejection.message.key).toBe('engineOrder.notFound');
    const cancel = await engine.cancelOrder({ accountId: 1, now: 1_300, orderId: id });
    expect(cancel.ok && cancel.events[0]).toMatchObject({ type: 'order.cancelled', reason: 'client' });
    engine.onQuote(quote('EURUSD', 1.06, 1.06, 1_400));
    expect(engine.positions(1).open).toHaveLength(0);
  });

  it('expires at its date through expireOrders', async () => {
    const { engine, persistence } = buildEngine();
    const now = Date.UTC(2026, 0, 5, 10);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, now));
    await engine.placeOrder(order({ now, expiry: { kind: 'eod' } }));
    const [open] = engine.orders(1).open;
    expect(open?.expires_at).toBe('2026-01-05T22:00:00.000Z');
    engine.expireOrders(Date.UTC(2026, 0, 5, 21, 59));
    expect(engine.orders(1).open).toHaveLength(1);
    engine.expireOrders(Date.UTC(2026, 0, 5, 22));
    expect(persistence.events.at(-1)).toMatchObject({
      type: 'order.cancelled',
      reason: 'expired',
      order: { status: 'expired' },
    });
    expect(engine.orders(1).open).toHaveLength(0);
  });

  it('allows at most 100 open orders per account', async () => {
    const { engine } = buildEngine([buildAccount({ balance: 100_000 })]);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    for (let i = 0; i < 100; i++) expect((await engine.placeOrder(order())).ok).toBe(true);
    const refused = await engine.placeOrder(order());
    expect(!refused.ok && refused.rejection.message).toEqual({
      key: 'engineOrder.tooMany',
      params: { max: 100 },
    });
  });

  it('survives a restart from the snapshot and still fires', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.placeOrder(order());
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(snapshot.orders).toHaveLength(1);
    const restarted = Engine.restore(snapshot, {
      instruments: INSTRUMENTS,
      persistence: new MemoryPersistence(),
    });
    restarted.onQuote(quote('EURUSD', 1.08, 1.08, 2_000));
    expect(restarted.positions(1).open).toHaveLength(1);
    expect(restarted.positions(1).open[0]?.id).not.toBe(snapshot.orders[0].id);
  });
});
