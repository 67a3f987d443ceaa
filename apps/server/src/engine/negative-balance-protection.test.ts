// Scenario: a gap makes a loss larger than the whole balance (domain scenario-sell-eurusd-low-margin).
import { buyPrice, CLOSING_REASON } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('negative balance protection', () => {
  it('a gap never leaves the balance below zero; the shortfall is reported for the broker’s ledger', async () => {
    const { engine, events, persistence } = buildEngine([
      { id: 1, verified: true, assetsGroupPermission: [2], customLeverage: {}, balance: 100 },
    ]);
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 100,
      leverage: 30,
      price: 1.07973,
    });

    engine.onQuote(quote('EURUSD', 1.12, 1.1202, 2_000)); // the ask gaps 3.7 %: loss 113.22 on a balance of 100

    const close = events.find((e) => e.type === 'position.closed');
    const change = events.find((e) => e.type === 'balance.changed');
    expect(close).toMatchObject({
      position: {
        cause: 'loss_termination',
        reason: CLOSING_REASON.lowMargin,
        closedRate: buyPrice(1.1202),
        profit: -113.22,
        shortfall: 13.22,
      },
    });
    expect(change).toMatchObject({
      balance: 0,
      change: -100,
      cause: { kind: 'position', positionId: 1, profit: -113.22, shortfall: 13.22 },
    });
    expect(engine.summary(1)).toEqual({ balance: 0, equity: 0, freeMargin: 0, profit: 0 });
    // the ledger books −113.22 realised and +13.22 broker adjustment: the entries still sum to the balance
    expect(persistence.events.filter((e) => e.type === 'balance.changed')).toHaveLength(1);
  });
});
