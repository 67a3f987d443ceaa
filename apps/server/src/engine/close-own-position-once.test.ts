// Scenario: architecture §8 — a client can close only their own position, and a position closes only once.
import { CLOSING_REASON, positionProfit, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';

async function withPosition() {
  const t = buildEngine([buildAccount({ id: 1 }), buildAccount({ id: 2 })]);
  t.engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
  const opened = await t.engine.open({
    accountId: 1,
    now: 1_000,
    symbol: 'EURUSD',
    direction: 'buy',
    amount: 100,
    leverage: 10,
    price: 1.0805,
  });
  if (!opened.ok || opened.events[0]?.type !== 'position.opened') throw new Error('not opened');
  return { ...t, id: opened.events[0].position.id };
}

describe('closing a position', () => {
  it('closes manually at the current sell price for a buy, not at the price the client sent', async () => {
    const { engine, id } = await withPosition();
    engine.onQuote(quote('EURUSD', 1.09, 1.0902, 2_000));
    const outcome = await engine.close({ accountId: 1, now: 2_500, positionId: id, price: 2 });
    const closedRate = sellPrice(1.09);
    expect(outcome.ok && outcome.events[0]).toMatchObject({
      type: 'position.closed',
      position: {
        cause: 'manual',
        reason: CLOSING_REASON.manual,
        closedRate,
        closedAt: 2_500,
        profit: positionProfit(
          { direction: 'buy', amount: 100, leverage: 10, open_rate: 1.08047005 },
          closedRate,
        ),
      },
    });
  });

  it("another account's position id is 'not found' — the engine does not reveal that it exists", async () => {
    const { engine, id, persistence } = await withPosition();
    const outcome = await engine.close({ accountId: 2, now: 1_500, positionId: id });
    const unknown = await engine.close({ accountId: 2, now: 1_500, positionId: 999 });
    expect(!outcome.ok && outcome.rejection.errors).toEqual([{ path: 'id', key: 'trade.positionNotFound' }]);
    expect(!unknown.ok && unknown.rejection.errors).toEqual(!outcome.ok && outcome.rejection.errors);
    const update = await engine.update({
      accountId: 2,
      now: 1_500,
      positionId: id,
      stop_lost: 1,
      take_profit: null,
    });
    expect(!update.ok && update.rejection.message.key).toBe('trade.positionNotFound');
    expect(persistence.batches).toHaveLength(1); // only the open
    expect(engine.positions(1).open).toHaveLength(1);
  });

  it('a second close of the same position — even sent at the same moment — is refused, booking nothing', async () => {
    const { engine, id, closes } = await withPosition();
    const [first, second] = await Promise.all([
      engine.close({ accountId: 1, now: 1_500, positionId: id }),
      engine.close({ accountId: 1, now: 1_500, positionId: id }),
    ]);
    expect(first?.ok).toBe(true);
    expect(!second?.ok && second?.rejection.message.key).toBe('trade.positionNotFound');
    expect(closes()).toHaveLength(1);
  });

  it("a close without a current quote is refused with 'Temporarily unavailable'", async () => {
    const { engine, id } = await withPosition();
    const outcome = await engine.close({ accountId: 1, now: 60_000, positionId: id });
    expect(!outcome.ok && outcome.rejection.message.key).toBe('trade.temporarilyUnavailable');
  });
});
