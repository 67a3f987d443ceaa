// Scenario: the market gaps through a buy's stop loss.
import { CLOSING_REASON, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('stop loss through a gap', () => {
  it('a stop loss fills at the price of the tick that crossed it, not at the level', async () => {
    const { engine, closes } = buildEngine([
      { id: 1, verified: true, assetsGroupPermission: [4], customLeverage: {}, balance: 5_000 },
    ]);
    engine.onQuote(quote('GOLD', 2_350, 2_351, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'GOLD',
      direction: 'buy',
      amount: 1_000,
      leverage: 5,
      price: 2_351.59,
      stop_lost: 2_300,
    });

    engine.onQuote(quote('GOLD', 2_302, 2_303, 2_000)); // sell price 2,301.42 > 2,300
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('GOLD', 2_250, 2_251, 3_000)); // gap: sell price 2,249.44

    const [close] = closes();
    expect(close?.position).toMatchObject({
      cause: 'stop_loss',
      reason: CLOSING_REASON.stopLoss,
      closedRate: sellPrice(2_250),
    });
    expect(close?.position.closedRate).toBeLessThan(2_300);
    expect(engine.positions(1).open).toEqual([]);
  });

  it('a stop loss exactly at the sell price fires (at or below)', async () => {
    const { engine, closes } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1002, 1_000));
    const level = sellPrice(1.09); // 1.0897275
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1005,
      stop_lost: level,
    });
    engine.onQuote(quote('EURUSD', 1.0900001, 1.0902, 2_000));
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.09, 1.0902, 3_000));
    expect(closes()[0]?.position).toMatchObject({ cause: 'stop_loss', closedRate: level });
  });
});
