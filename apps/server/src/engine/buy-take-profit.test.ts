// Scenario: a client buys BTCUSD with a take profit; the bid rises through it.
import { buyPrice, CLOSING_REASON, positionProfit, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('buy take profit', () => {
  it('a buy closes on take profit at the first sell price at or above it, at that tick’s price', async () => {
    const { engine, closes, events } = buildEngine();
    engine.onQuote(quote('BTCUSD', 64_000, 64_010, 1_000));
    const opened = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 500,
      leverage: 5,
      price: 64_026,
      take_profit: 65_000,
    });
    expect(opened.ok).toBe(true);

    // sell price 64,983.75 < 65,000: nothing happens
    engine.onQuote(quote('BTCUSD', 65_000, 65_010, 2_000));
    expect(closes()).toHaveLength(0);
    // sell price 65,008.75 ≥ 65,000: closes at 65,008.75, not at the level
    engine.onQuote(quote('BTCUSD', 65_025, 65_035, 3_000));
    engine.onQuote(quote('BTCUSD', 65_500, 65_510, 4_000));

    const [close] = closes();
    expect(closes()).toHaveLength(1);
    const closedRate = sellPrice(65_025);
    expect(close?.position).toMatchObject({
      cause: 'take_profit',
      reason: CLOSING_REASON.takeProfit,
      closedRate,
      closedAt: 3_000,
      profit: positionProfit(
        { direction: 'buy', amount: 500, leverage: 5, open_rate: buyPrice(64_010) },
        closedRate,
      ),
      shortfall: 0,
    });
    expect(engine.summary(1).balance).toBe(1_000 + (close?.position.profit ?? 0));
    expect(events.at(-1)).toMatchObject({ type: 'balance.changed', balance: engine.summary(1).balance });
    expect(engine.positions(1).history[0]?.closingReason).toBe(CLOSING_REASON.takeProfit);
  });
});
