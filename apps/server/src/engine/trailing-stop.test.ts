// Scenario: a trailing stop follows the price in the client's favour only, and the moved stop closes.
import { sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

async function buyWithTrailing(engine: ReturnType<typeof buildEngine>['engine']) {
  engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
  await engine.open({
    accountId: 1,
    now: 1_000,
    symbol: 'EURUSD',
    direction: 'buy',
    amount: 100,
    leverage: 10,
    price: 1.1,
  });
  const id = engine.positions(1).open[0]?.id as number;
  const outcome = await engine.update({
    accountId: 1,
    now: 1_000,
    positionId: id,
    stop_lost: null,
    take_profit: null,
    trailing_stop: { distance: 50, unit: 'pips' }, // 50 × 0.0001 = 0.005
  });
  expect(outcome.ok).toBe(true);
  return id;
}

describe('trailing stop', () => {
  it('sets the stop at the distance behind the closing price at once', async () => {
    const { engine } = buildEngine();
    await buyWithTrailing(engine);
    const [position] = engine.positions(1).open;
    expect(position?.trailing_stop).toBe(0.005);
    expect(position?.stop_lost).toBeCloseTo(sellPrice(1.1) - 0.005, 10);
  });

  it('moves up with the price, never down, and the moved stop closes the position', async () => {
    const { engine, closes, persistence } = buildEngine();
    const id = await buyWithTrailing(engine);
    engine.onQuote(quote('EURUSD', 1.11, 1.11, 2_000));
    const up = engine.positions(1).open[0]?.stop_lost as number;
    expect(up).toBeCloseTo(sellPrice(1.11) - 0.005, 10);
    engine.onQuote(quote('EURUSD', 1.107, 1.107, 3_000)); // back down, above the stop: stays
    expect(engine.positions(1).open[0]?.stop_lost).toBe(up);
    // in memory at once, committed coalesced: one position.trailed with the latest level
    expect(persistence.events.some((e) => e.type === 'position.trailed')).toBe(false);
    engine.onQuote(quote('EURUSD', 1.12, 1.12, 3_500));
    const latest = engine.positions(1).open[0]?.stop_lost as number;
    engine.flushTrails(4_000);
    const trailed = persistence.events.filter((e) => e.type === 'position.trailed');
    expect(trailed).toEqual([
      { type: 'position.trailed', accountId: 1, at: 4_000, positionId: id, stopLoss: latest },
    ]);
    engine.flushTrails(5_000);
    expect(persistence.events.filter((e) => e.type === 'position.trailed')).toHaveLength(1);

    engine.onQuote(quote('EURUSD', 1.1145, 1.1145, 6_000));
    const [closed] = closes();
    expect(closed?.position).toMatchObject({ id, cause: 'stop_loss', stopLoss: latest });
    expect(closed?.position.context?.level).toBe(latest);
    expect(closed?.position.profit).toBeGreaterThan(0);
  });

  it('a sell trails downwards; removing the trailing keeps the last stop', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 100,
      leverage: 10,
      price: 1.1,
    });
    const id = engine.positions(1).open[0]?.id as number;
    await engine.update({
      accountId: 1,
      now: 1_000,
      positionId: id,
      stop_lost: null,
      take_profit: null,
      trailing_stop: { distance: 0.01, unit: 'price' },
    });
    engine.onQuote(quote('EURUSD', 1.09, 1.09, 2_000));
    const down = engine.positions(1).open[0]?.stop_lost as number;
    expect(down).toBeLessThan(1.11);
    const stop = await engine.update({
      accountId: 1,
      now: 2_500,
      positionId: id,
      stop_lost: down,
      take_profit: null,
      trailing_stop: null,
    });
    expect(stop.ok).toBe(true);
    engine.onQuote(quote('EURUSD', 1.07, 1.07, 3_000));
    expect(engine.positions(1).open[0]).toMatchObject({ stop_lost: down });
    expect(engine.positions(1).open[0]?.trailing_stop).toBeUndefined();
    expect(engine.verifyIndexes()).toEqual([]);
  });

  it('refuses a distance under one pip', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1,
    });
    const id = engine.positions(1).open[0]?.id as number;
    const outcome = await engine.update({
      accountId: 1,
      now: 1_000,
      positionId: id,
      stop_lost: null,
      take_profit: null,
      trailing_stop: { distance: 0.00001, unit: 'price' },
    });
    expect(!outcome.ok && outcome.rejection.errors[0]?.path).toBe('trailing_stop');
  });
});
