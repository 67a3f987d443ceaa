// Scenario: architecture §5 account stop-out at 50 % of the margin in use (ESMA retail close-out).
import {
  accountSummary,
  brandQuote,
  CLOSING_REASON,
  isStopOut,
  positionProfitAt,
  SPEC_QUOTE_TERMS,
  STOP_OUT_LEVEL_DEFAULT,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

const account = {
  id: 1,
  verified: true,
  assetsGroupPermission: [1, 2, 4],
  customLeverage: {},
  balance: 1_000,
};

async function openBuy(
  engine: ReturnType<typeof buildEngine>['engine'],
  symbol: string,
  amount: number,
  ask: number,
) {
  const outcome = await engine.open({
    accountId: 1,
    now: 1_000,
    symbol,
    direction: 'buy',
    amount,
    leverage: 3,
    price: ask * 1.00025,
  });
  expect(outcome.ok).toBe(true);
}

describe('account stop-out', () => {
  it('closes the position with the largest loss first — not necessarily the one whose price moved', async () => {
    const { engine, closes } = buildEngine([account]);
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    engine.onQuote(quote('ETHUSD', 3_000, 3_000, 1_000));
    await openBuy(engine, 'BTCUSD', 450, 60_000);
    await openBuy(engine, 'ETHUSD', 450, 3_000);

    engine.onQuote(quote('ETHUSD', 2_220, 2_220, 2_000)); // ETH −26 %: loss ≈ 351, equity ≈ 649 > 450
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('BTCUSD', 48_000, 48_000, 3_000)); // BTC −20 %: loss ≈ 270, equity ≈ 379 ≤ 450

    expect(closes().map((c) => [c.position.symbol, c.position.cause, c.position.reason])).toEqual([
      ['ETHUSD', 'stop_out', CLOSING_REASON.lowMargin],
    ]);
    // closed at ETH's current price; the account is back above the level with its BTC position
    const summary = engine.summary(1);
    expect(summary.equity).toBeGreaterThan(STOP_OUT_LEVEL_DEFAULT * (summary.balance - summary.freeMargin));
    expect(engine.positions(1).open.map((p) => p.symbol)).toEqual(['BTCUSD']);
  });

  it('repeats while the account is below the level, then stops', async () => {
    const { engine, closes } = buildEngine([account]);
    for (const s of ['BTCUSD', 'ETHUSD', 'GOLD']) engine.onQuote(quote(s, 100, 100, 1_000));
    await openBuy(engine, 'BTCUSD', 320, 100);
    await openBuy(engine, 'ETHUSD', 300, 100);
    await openBuy(engine, 'GOLD', 280, 100);

    engine.onQuote(quote('GOLD', 70, 70, 2_000)); // −30 % each: losses ≈ 252, 270, 288
    engine.onQuote(quote('ETHUSD', 70, 70, 3_000));
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('BTCUSD', 70, 70, 4_000));

    // equity ≈ 190: close BTC (largest loss) → still ≤ 290 → close ETH → 190 > 140: stop
    expect(closes().map((c) => c.position.symbol)).toEqual(['BTCUSD', 'ETHUSD']);
    const open = engine.positions(1).open;
    expect(open.map((p) => p.symbol)).toEqual(['GOLD']);
    const summary = engine.summary(1);
    // valued at the brand quote (no tick in these instruments: the spec's pricing)
    const gold = brandQuote({ buy: 70, sell: 70 }, SPEC_QUOTE_TERMS);
    const profit = positionProfitAt({ direction: 'buy', amount: 280, leverage: 3, open_rate: 100.025 }, gold);
    expect(summary).toEqual(accountSummary(summary.balance, [{ amount: 280, profit }]));
    expect(isStopOut(summary.equity, 280)).toBe(false);
  });

  it('an account left at the level with a stale quote is closed out at that instrument’s next quote, up or down', async () => {
    const { engine, closes } = buildEngine([{ ...account, balance: 200 }]);
    engine.onQuote(quote('BTCUSD', 100, 100, 1_000));
    engine.onQuote(quote('GOLD', 100, 100, 1_000));
    await openBuy(engine, 'BTCUSD', 100, 100);
    await openBuy(engine, 'GOLD', 100, 100);
    engine.onQuote(quote('GOLD', 80, 80, 2_000)); // GOLD −20 %: loss ≈ 60, equity ≈ 140 > 100
    expect(closes()).toHaveLength(0);

    // a minute later GOLD's quote is stale; BTC falls 32 %: equity ≈ 44 ≤ 100
    engine.onQuote(quote('BTCUSD', 68, 68, 61_000));
    // BTC is closed (the only position it can close); equity ≈ 44 is still ≤ 50 with GOLD stale
    expect(closes().map((c) => [c.position.symbol, c.position.cause])).toEqual([['BTCUSD', 'stop_out']]);
    const stuck = engine.summary(1);
    expect(isStopOut(stuck.equity, stuck.balance - stuck.freeMargin)).toBe(true);
    expect(engine.isAvailable('GOLD', 61_000)).toBe(false);

    // GOLD's next quote is a hair higher — not an adverse move — and still closes it out
    engine.onQuote(quote('GOLD', 80.0001, 80.0001, 62_000));
    expect(closes().map((c) => [c.position.symbol, c.position.cause])).toEqual([
      ['BTCUSD', 'stop_out'],
      ['GOLD', 'stop_out'],
    ]);
    expect(engine.positions(1).open).toEqual([]);
  });
});
