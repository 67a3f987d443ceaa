// Scenario: deposits and withdrawals booked by the ledger reach the engine through the account's queue.

import { money } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('balance adjustments', () => {
  it('a deposit raises the balance and is reported for the ledger with its cause', async () => {
    const { engine } = buildEngine();
    const outcome = await engine.adjustBalance({
      accountId: 1,
      now: 1_000,
      amount: money('250.00'),
      kind: 'deposit',
      cause: { transaction: 'TX-42' },
    });
    expect(outcome.ok && outcome.events).toEqual([
      {
        type: 'balance.changed',
        accountId: 1,
        at: 1_000,
        balance: 1_250,
        change: 250,
        cause: { kind: 'deposit', cause: { transaction: 'TX-42' } },
      },
    ]);
  });

  it("a withdrawal may not exceed free margin (spec §5 'Maximum withdraw can be X')", async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 400,
      leverage: 1,
      price: 1.0805,
    });
    const tooMuch = await engine.adjustBalance({
      accountId: 1,
      now: 1_000,
      amount: money(-600.01),
      kind: 'withdrawal',
      cause: { transaction: 'w1' },
    });
    expect(!tooMuch.ok && tooMuch.rejection.errors).toEqual([
      { path: 'amount', key: 'withdraw.maximum', params: { max: '€ 600.00' } },
    ]);
    expect(
      (
        await engine.adjustBalance({
          accountId: 1,
          now: 1_000,
          amount: money(-600),
          kind: 'withdrawal',
          cause: { transaction: 'w2' },
        })
      ).ok,
    ).toBe(true);
    const nothingLeft = await engine.adjustBalance({
      accountId: 1,
      now: 1_000,
      amount: money(-1),
      kind: 'withdrawal',
      cause: { transaction: 'w3' },
    });
    expect(!nothingLeft.ok && nothingLeft.rejection.message.key).toBe('withdraw.noBalance');
  });

  it('refuses an amount that is zero or not whole cents', async () => {
    const { engine } = buildEngine();
    const zero = await engine.adjustBalance({
      accountId: 1,
      now: 1_000,
      amount: money(0),
      kind: 'bonus',
      cause: { staffAction: 'b' },
    });
    expect(!zero.ok && zero.rejection.message.key).toBe('field.invalid');
    for (const amount of [1.005, 0.1 + 0.2]) {
      const outcome = await engine.adjustBalance({
        accountId: 1,
        now: 1_000,
        // @ts-expect-error a bare number is not Money: only the domain's helpers make Money
        amount,
        kind: 'bonus',
        cause: { staffAction: 'b' },
      });
      expect(!outcome.ok && outcome.rejection.message.key).toBe('field.invalid');
    }
  });

  it('a withdrawal that takes the account to its stop-out level closes positions in the same batch', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 500,
      leverage: 3,
      price: 1.0803,
    });
    engine.onQuote(quote('EURUSD', 0.864, 0.864, 2_000)); // −20 %: loss ≈ 300, equity ≈ 700 > 250
    // free margin is 500, so the spec allows withdrawing 500 — which leaves equity ≈ 200 ≤ 250
    const outcome = await engine.adjustBalance({
      accountId: 1,
      now: 2_000,
      amount: money(-500),
      kind: 'withdrawal',
      cause: { transaction: 'w' },
    });
    expect(
      outcome.ok && outcome.events.map((e) => (e.type === 'position.closed' ? e.position.cause : e.type)),
    ).toEqual(['balance.changed', 'stop_out', 'balance.changed']);
    expect(engine.positions(1).open).toEqual([]);
  });
});
