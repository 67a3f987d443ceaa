// Scenario: a client sells EURUSD with a take profit; the ask falls through it.
import { buyPrice, CLOSING_REASON, positionProfit, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('sell take profit', () => {
  it('a sell closes on take profit at the first buy price at or below it, at that tick’s price', async () => {
    const { engine, closes } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    const opened = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 200,
      leverage: 20,
      price: 1.0797,
      take_profit: 1.07,
    });
    expect(opened.ok).toBe(true);
    const open_rate = sellPrice(1.08);

    engine.onQuote(quote('EURUSD', 1.0701, 1.0703, 2_000)); // buy price 1.07056758 > 1.07
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.0695, 1.0697, 3_000)); // buy price 1.06996743 ≤ 1.07
    engine.onQuote(quote('EURUSD', 1.06, 1.0602, 4_000));

    expect(closes()).toHaveLength(1);
    const closedRate = buyPrice(1.0697);
    expect(closes()[0]?.position).toMatchObject({
      cause: 'take_profit',
      reason: CLOSING_REASON.takeProfit,
      closedRate,
      closedAt: 3_000,
      profit: positionProfit({ direction: 'sell', amount: 200, leverage: 20, open_rate }, closedRate),
    });
    expect(closes()[0]?.position.profit).toBeGreaterThan(0);
  });
});
