// Scenario: spec §3 Balance summary and Position, spec §9 formulas (getBalance).
import {
  accountSummary,
  brandQuote,
  CLOSING_REASON,
  positionProfitAt,
  SPEC_QUOTE_TERMS,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

describe('balance summary and position lists', () => {
  it('equity = balance + Σ open profit, free margin = balance − Σ open amounts, with live profit', async () => {
    const { engine } = buildEngine([
      { id: 1, verified: true, assetsGroupPermission: [1, 2], customLeverage: {}, balance: 2_000 },
    ]);
    engine.onQuote(quote('BTCUSD', 60_000, 60_010, 1_000));
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 300,
      leverage: 5,
      price: 60_025,
    });
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 450.5,
      leverage: 20,
      price: 1.0797,
      stop_lost: 1.1,
    });
    engine.onQuote(quote('BTCUSD', 61_000, 61_010, 2_000));
    engine.onQuote(quote('EURUSD', 1.075, 1.0752, 2_000));

    const btc = positionProfitAt(
      { direction: 'buy', amount: 300, leverage: 5, open_rate: 60_025.0025 },
      // valued at the brand quote (these instruments have no tick: the spec's pricing)
      brandQuote({ buy: 61_010, sell: 61_000 }, SPEC_QUOTE_TERMS),
    );
    const eur = positionProfitAt(
      { direction: 'sell', amount: 450.5, leverage: 20, open_rate: 1.07973 },
      brandQuote({ buy: 1.0752, sell: 1.075 }, SPEC_QUOTE_TERMS),
    );
    expect(engine.summary(1)).toEqual(
      accountSummary(2_000, [
        { amount: 300, profit: btc },
        { amount: 450.5, profit: eur },
      ]),
    );
    expect(engine.summary(1).freeMargin).toBe(1_249.5);
    expect(engine.summary(1).equity).toBe(Math.round((2_000 + btc + eur) * 100) / 100);

    const { open } = engine.positions(1);
    expect(open.map((p) => p.profit)).toEqual([btc, eur]);
    expect(open[1]).toEqual({
      id: 2,
      symbol: 'EURUSD',
      symbolName: 'Euro / US Dollar',
      direction: 'sell',
      amount: 450.5,
      leverage: 20,
      open_rate: 1.07973,
      open_date: '1970-01-01T00:00:01.000Z',
      closed_rate: null,
      close_date: null,
      take_profit: null,
      stop_lost: 1.1,
      profit: eur,
      protected: 1,
      closingReason: null,
    });
  });

  it('history lists closed positions newest first with their closing reason and realised profit', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    for (const amount of [10, 20]) {
      await engine.open({
        accountId: 1,
        now: 1_000,
        symbol: 'EURUSD',
        direction: 'buy',
        amount,
        leverage: 1,
        price: 1.0805,
      });
    }
    await engine.close({ accountId: 1, now: 2_000, positionId: 1 });
    await engine.close({ accountId: 1, now: 3_000, positionId: 2 });
    const { open, history } = engine.positions(1);
    expect(open).toEqual([]);
    expect(history.map((p) => [p.id, p.closingReason, p.close_date, p.protected])).toEqual([
      [2, CLOSING_REASON.manual, '1970-01-01T00:00:03.000Z', 0],
      [1, CLOSING_REASON.manual, '1970-01-01T00:00:02.000Z', 0],
    ]);
    expect(engine.summary(1).balance).toBe(1_000 + (history[0]?.profit ?? 0) + (history[1]?.profit ?? 0));
  });

  it('before an instrument’s first quote its position shows no profit and counts 0 in the summary', () => {
    const { engine } = buildEngine(
      [{ id: 1, verified: true, assetsGroupPermission: [4], customLeverage: {}, balance: 500 }],
      {},
      {
        positions: [
          {
            id: 3,
            accountId: 1,
            symbol: 'GOLD',
            direction: 'buy',
            amount: 100 as never,
            leverage: 2,
            openRate: 2_300 as never,
            openedAt: 0,
            stopLoss: null,
            takeProfit: null,
          },
        ],
      },
    );
    expect(engine.positions(1).open[0]?.profit).toBeNull();
    expect(engine.summary(1)).toEqual({ balance: 500, equity: 500, freeMargin: 400, profit: 0 });
  });
});
