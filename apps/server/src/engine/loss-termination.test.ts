// Scenario: spec §9 calculator — a sell of EURUSD at leverage 30 is terminated after an adverse move of 3.3 %.
import {
  buyPrice,
  CLOSING_REASON,
  lossTerminationPrice,
  sellPrice,
  terminationPercent,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('loss termination (low margin)', () => {
  it('a position is closed for Low Margin when its loss reaches its amount, at the tick that crossed', async () => {
    const { engine, closes } = buildEngine([
      { id: 1, verified: true, assetsGroupPermission: [2], customLeverage: {}, balance: 10_000 },
    ]);
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 100,
      leverage: 30,
      price: 1.0797,
    });
    const limit = lossTerminationPrice({
      direction: 'sell',
      amount: 100,
      leverage: 30,
      open_rate: sellPrice(1.08),
    });
    expect(terminationPercent(30)).toBe(3.3);

    engine.onQuote(quote('EURUSD', 1.1149, 1.1151, 2_000)); // buy price below the limit
    expect(closes()).toHaveLength(0);
    engine.onQuote(quote('EURUSD', 1.1158, 1.116, 3_000)); // buy price 1.116279 ≥ 1.115721

    const [close] = closes();
    expect(close?.position).toMatchObject({
      cause: 'loss_termination',
      reason: CLOSING_REASON.lowMargin,
      closedRate: buyPrice(1.116),
    });
    expect(close?.position.closedRate).toBeGreaterThanOrEqual(limit);
    expect(close?.position.profit).toBeLessThanOrEqual(-100);
  });

  it('a stop loss set beyond the termination price never fires first: the position is terminated (Low Margin)', async () => {
    const { engine, closes } = buildEngine([
      { id: 1, verified: true, assetsGroupPermission: [1], customLeverage: {}, balance: 10_000 },
    ]);
    engine.onQuote(quote('BTCUSD', 60_000, 60_010, 1_000));
    // leverage 10: terminated at −10 %; the client's stop loss sits at −15 %
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 1_000,
      leverage: 10,
      price: 60_025,
      stop_lost: 51_000,
    });
    engine.onQuote(quote('BTCUSD', 45_000, 45_010, 2_000)); // one gap through both levels
    expect(closes()[0]?.position).toMatchObject({
      cause: 'loss_termination',
      reason: CLOSING_REASON.lowMargin,
    });
  });
});
