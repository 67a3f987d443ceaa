// Scenario: spec §5 — moving SL/TP is checked against the current price and takes effect on the next tick.
import { sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('updating stop loss and take profit', () => {
  it('refuses a level on the wrong side of the current price with the spec text values', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1002, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1005,
    });
    const outcome = await engine.update({
      accountId: 1,
      now: 1_000,
      positionId: 1,
      stop_lost: 1.2,
      take_profit: 1.05,
    });
    const errors = outcome.ok
      ? []
      : [...outcome.rejection.errors].sort((a, b) => a.path.localeCompare(b.path));
    expect(errors).toEqual([
      { path: 'stop_lost', key: 'trigger.cantBeHigher', params: { value: '1.099725' } },
      { path: 'take_profit', key: 'trigger.cantBeLower', params: { value: '1.099725' } },
    ]);
  });

  it('a new stop loss fires on the next crossing tick; a removed take profit no longer fires', async () => {
    const { engine, closes, events } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1002, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1005,
      take_profit: 1.11,
    });
    const updated = await engine.update({
      accountId: 1,
      now: 1_500,
      positionId: 1,
      stop_lost: 1.095,
      take_profit: '',
    });
    expect(updated.ok).toBe(true);
    expect(events.find((e) => e.type === 'position.updated')).toMatchObject({
      stopLoss: 1.095,
      takeProfit: null,
    });
    expect(engine.positions(1).open[0]).toMatchObject({ stop_lost: 1.095, take_profit: null, protected: 1 });

    engine.onQuote(quote('EURUSD', 1.12, 1.1202, 2_000)); // the old take profit would have fired here
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.095, 1.0952, 3_000)); // sell price 1.09472625 ≤ 1.095
    expect(closes()[0]?.position).toMatchObject({
      cause: 'stop_loss',
      closedRate: sellPrice(1.095),
      takeProfit: null,
      stopLoss: 1.095,
    });
  });
});
