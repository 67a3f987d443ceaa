import { describe, expect, it } from 'vitest';
import { DEALING_EVENTS, DealingSubscribeAck, DeskClose, DeskSnapshot } from './dealing.js';

const close = {
  positionId: 501,
  userId: 41,
  accountNumber: 'L-100041-1',
  demo: false,
  clientName: 'Ada Lovelace',
  brandId: 1,
  brandSlug: 'alpha',
  currency: 'EUR',
  symbol: 'BTCUSD',
  direction: 'buy',
  amount: 100,
  leverage: 2,
  kind: 'staff',
  cause: 'broker',
  closingReason: 0,
  closedRate: 49000,
  quote: { buy: 49020, sell: 49000 },
  profit: -40,
  reason: 'Suspected arbitrage',
  partial: false,
  at: '2026-11-24T19:59:00.000Z',
};

describe('dealing contracts', () => {
  it('keeps the desk socket event names the server and the screens share', () => {
    expect(DEALING_EVENTS).toEqual({
      subscribe: 'dealing.subscribe',
      unsubscribe: 'dealing.unsubscribe',
      desk: 'dealing.desk',
      closed: 'dealing.closed',
    });
  });

  it('reads a close of the stream and refuses one of an unknown kind', () => {
    expect(DeskClose.parse(close)).toEqual(close);
    expect(DeskClose.safeParse({ ...close, kind: 'magic' }).success).toBe(false);
  });

  it('reads an empty desk with every asset class and refuses an unknown one', () => {
    const empty = {
      at: '2026-11-24T20:00:00.000Z',
      brandId: null,
      computeMs: 0.4,
      currencies: [],
      instruments: [],
      groups: ['forex', 'stocks', 'crypto', 'commodities', 'index'].map((group) => ({
        group,
        currencies: [],
      })),
      totals: { accounts: 0, currencies: [] },
      nearest: [],
      rates: [],
    };
    expect(DeskSnapshot.parse(empty)).toEqual(empty);
    expect(DeskSnapshot.safeParse({ ...empty, groups: [{ group: 'bonds', currencies: [] }] }).success).toBe(
      false,
    );
  });

  it('reads both answers of a subscription', () => {
    expect(DealingSubscribeAck.parse({ ok: true })).toEqual({ ok: true });
    expect(DealingSubscribeAck.parse({ ok: false, error: 'NOT_FOUND' })).toEqual({
      ok: false,
      error: 'NOT_FOUND',
    });
  });
});
