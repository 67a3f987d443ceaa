// an order whose expiry has passed never fills, even when a quote reaches its level before
// the expiry job's round (it runs once a second) or on the first sweep after a restart.
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('an expired order does not fill', () => {
  it('a quote at the level after the expiry, before expireOrders ran, expires it instead of opening', async () => {
    const { engine, persistence } = buildEngine();
    const now = Date.UTC(2026, 0, 5, 10);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, now));
    const placed = await engine.placeOrder({
      accountId: 1,
      now,
      symbol: 'EURUSD',
      direction: 'buy',
      orderType: 'limit',
      price: 1.09,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'eod' },
    });
    expect(placed.ok).toBe(true);
    // half a second after 22:00 UTC the price reaches the level; the expiry job has not run yet
    engine.onQuote(quote('EURUSD', 1.08, 1.08, Date.UTC(2026, 0, 5, 22, 0, 0, 500)));
    await engine.whenIdle();
    expect(engine.positions(1).open).toHaveLength(0);
    expect(persistence.events.some((e) => e.type === 'order.filled')).toBe(false);
    expect(engine.orders(1).open).toHaveLength(0);
    expect(engine.orders(1).history[0]).toMatchObject({ status: 'expired' });
  });
});
