// Scenario: every automatic close records what it happened at, so the client can be told why.
import { buyPrice, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';

describe('close context', () => {
  it('a stop loss close keeps the dealing quote and the level that fired', async () => {
    const { engine, closes } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const opened = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1,
      stop_lost: 1.09,
    });
    expect(opened.ok).toBe(true);
    engine.onQuote(quote('EURUSD', 1.089, 1.0892, 2_000));
    const [closed] = closes();
    expect(closed?.position.cause).toBe('stop_loss');
    expect(closed?.position.context).toEqual({
      quote: { buy: buyPrice(1.0892), sell: sellPrice(1.089) },
      level: 1.09,
    });
  });

  it('a manual close keeps the quote only', async () => {
    const { engine, closes } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 50,
      leverage: 5,
      price: 1.1,
    });
    const id = engine.positions(1).open[0]?.id as number;
    await engine.close({ accountId: 1, now: 1_500, positionId: id });
    expect(closes()[0]?.position.context).toEqual({ quote: { buy: buyPrice(1.1), sell: sellPrice(1.1) } });
    expect(engine.positions(1).history[0]?.closingCause).toBe('manual');
  });

  it('a stop-out records equity, used margin and margin level just before it', async () => {
    const { engine, closes } = buildEngine([buildAccount({ balance: 1_000 })]);
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    // all of the balance at 1:30: stop-out at 50 % after a ~1.67 % move (the walkthrough)
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 1_000,
      leverage: 30,
      price: 1.1,
    });
    engine.onQuote(quote('EURUSD', 1.08, 1.08, 2_000));
    const [closed] = closes();
    expect(closed?.position.cause).toBe('stop_out');
    const context = closed?.position.context;
    expect(context?.usedMargin).toBe(1_000);
    expect(context?.equity).toBeCloseTo(1_000 + (closed?.position.profit as number), 2);
    expect(context?.marginLevel).toBeCloseTo(((context?.equity as number) / 1_000) * 100, 2);
    expect(context?.marginLevel).toBeLessThanOrEqual(50);
    expect(context?.level).toBeUndefined();
  });
});
