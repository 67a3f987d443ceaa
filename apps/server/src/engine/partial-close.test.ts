// Scenario: closing part of a position books that part like a full close; the rest stays open.
import { positionProfit, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';

async function openBuy(engine: ReturnType<typeof buildEngine>['engine']) {
  engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
  const outcome = await engine.open({
    accountId: 1,
    now: 1_000,
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: 400,
    leverage: 5,
    price: 60_015,
  });
  expect(outcome.ok).toBe(true);
  return engine.positions(1).open[0]?.id as number;
}

describe('partial close', () => {
  it('closes 150 of 400 as its own position with partOf, books its profit and keeps 250 open', async () => {
    const { engine, persistence } = buildEngine([buildAccount({ balance: 1_000 })]);
    const id = await openBuy(engine);
    const open = engine.positions(1).open[0];
    engine.onQuote(quote('BTCUSD', 63_000, 63_000, 2_000));
    const outcome = await engine.close({ accountId: 1, now: 2_000, positionId: id, amount: 150 });
    expect(outcome.ok).toBe(true);
    const profit = positionProfit(
      { direction: 'buy', amount: 150 as never, leverage: 5, open_rate: open?.open_rate as never },
      sellPrice(63_000),
    );
    const events = persistence.events;
    const reduced = events.find((e) => e.type === 'position.reduced');
    expect(reduced).toMatchObject({ positionId: id, amount: 250 });
    const part = reduced?.type === 'position.reduced' ? reduced.closedPart : undefined;
    expect(part).toMatchObject({ amount: 150, partOf: id, cause: 'manual', profit, shortfall: 0 });
    expect(part?.id).not.toBe(id);
    const balance = events.filter((e) => e.type === 'balance.changed').at(-1);
    expect(balance).toMatchObject({ change: profit, cause: { kind: 'position', positionId: part?.id } });
    expect(balance?.type === 'balance.changed' && balance.balance).toBeCloseTo(1_000 + profit, 2);
    const after = engine.positions(1);
    expect(after.open).toHaveLength(1);
    expect(after.open[0]).toMatchObject({ id, amount: 250 });
    expect(after.history[0]).toMatchObject({ id: part?.id, amount: 150, part_of: id });
    // used margin is the remaining amount
    expect(engine.summary(1).freeMargin).toBeCloseTo(1_000 + profit - 250, 2);
    expect(engine.verifyIndexes()).toEqual([]);
  });

  it('refuses an amount that leaves less than the minimum open', async () => {
    const { engine } = buildEngine();
    const id = await openBuy(engine);
    const outcome = await engine.close({ accountId: 1, now: 2_000, positionId: id, amount: 399.5 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.rejection.errors[0]?.path).toBe('amount');
    expect(engine.positions(1).open[0]?.amount).toBe(400);
  });
});
