import { describe, expect, it } from 'vitest';
import { brandQuote, SPEC_QUOTE_TERMS } from '../brand-quote.js';
import { triggersValid, validateStopLossTakeProfit } from '../triggers.js';
import { autoAmount, autoLeverage, autoStops, decide, evaluateStrategy } from './decide.js';
import { analyse } from './strategies.js';
import { account, candlesFrom, HOUR, MEAN_REVERSION, settings, T0, TREND } from './test-factories.js';
import type { AutoPosition, EvaluateInput, StrategySignal } from './types.js';

// the hand-worked series of strategies.test.ts: the trend follower buys on candle 8 (close 101, ATR 1.6) and sells
// on candle 11 (close 96, ATR 2.2)
const TREND_CLOSES = [100, 100, 100, 100, 100, 99, 98, 99, 101, 101, 98, 96];
const BUY_CANDLES = candlesFrom(TREND_CLOSES).slice(0, 9);
const SELL_CANDLES = candlesFrom(TREND_CLOSES);
const buySignal = analyse(TREND, BUY_CANDLES);
const sellSignal = analyse(TREND, SELL_CANDLES);

const position = (id: number, symbol: string, direction: 'buy' | 'sell'): AutoPosition => ({
  id,
  symbol,
  direction,
  amount: 100,
  leverage: 10,
  openRate: 100,
  profit: 0,
});

function input(overrides: Partial<EvaluateInput> = {}): EvaluateInput {
  return {
    symbol: 'XYZ',
    precision: 2,
    settings: settings(TREND),
    candles: BUY_CANDLES,
    account: account(),
    // the feed quote at the close: 101 ± 0.01
    quote: { buy: 101.01, sell: 100.99 },
    ...overrides,
  };
}

describe('decide: opening on a trend crossover', () => {
  it('buys 10 % of the free margin at the highest allowed leverage with ATR stops rounded to the price decimals', () => {
    /*
     * amount: 10 % of € 1000.00 = € 100.00; leverage: the highest of 1, 5, 10, 20 not above 10 = 10.
     * No `dealing` given: the buy opens at the brand quote of the spec's terms on the tick 0.01, the buy
     * 101.01 × 1.00025 = 101.0352525 rounded up to 101.04.
     * stop loss = 101.04 − 1 × 1.6 = 99.44; take profit = 101.04 + 2 × 1.6 = 104.24
     */
    const decisions = decide(buySignal, input());
    expect(decisions).toEqual([
      {
        kind: 'open',
        symbol: 'XYZ',
        direction: 'buy',
        amount: 100,
        leverage: 10,
        stopLoss: 99.44,
        takeProfit: 104.24,
        reason: buySignal.reason,
        levels: {
          key: 'auto.levels.buy',
          params: {
            stopLoss: '99.4400',
            takeProfit: '104.24',
            price: '101.04',
            atr: '1.600000',
            stopAtr: 1,
            takeProfitAtr: 2,
          },
        },
        indicators: buySignal.indicators,
        candleTime: T0 + 8 * HOUR,
      },
    ]);
  });

  it('closes the buy and sells on the opposite crossover, closes first', () => {
    /*
     * The sell opens at the brand sell price 95.99 × 0.99975 = 95.9660025 rounded down to the tick, 95.96.
     * stop loss = 95.96 + 1 × 2.2 = 98.16; take profit = 95.96 − 2 × 2.2 = 91.56
     * Two auto positions are open, the close frees one place: 2 − 1 + 1 = 2 ≤ maxPositions 2.
     * amount: 10 % of the free margin € 812.34 = € 81.234 → € 81.23 (rounded down)
     */
    const decisions = decide(
      sellSignal,
      input({
        candles: SELL_CANDLES,
        quote: { buy: 96.01, sell: 95.99 },
        account: account({
          freeMargin: 812.34,
          openAuto: [position(7, 'XYZ', 'buy'), position(3, 'ABC', 'buy')],
        }),
      }),
    );
    expect(decisions.map((d) => d.kind)).toEqual(['close', 'open']);
    expect(decisions[0]).toEqual({
      kind: 'close',
      symbol: 'XYZ',
      positionId: 7,
      direction: 'buy',
      reason: { key: 'auto.close.trend.crossDown', params: sellSignal.reason.params },
      indicators: sellSignal.indicators,
      candleTime: T0 + 11 * HOUR,
    });
    expect(decisions[1]).toMatchObject({
      kind: 'open',
      direction: 'sell',
      amount: 81.23,
      leverage: 10,
      stopLoss: 98.16,
      takeProfit: 91.56,
      reason: { key: 'auto.reason.trend.crossDown' },
    });
  });

  it('runs the same through evaluateStrategy, and gives the same decisions every time', () => {
    const first = evaluateStrategy(input());
    expect(first).toEqual(decide(buySignal, input()));
    expect(evaluateStrategy(input())).toEqual(first);
  });

  it('holds with the signal’s own reason when there is no signal', () => {
    const quiet = analyse(TREND, candlesFrom(TREND_CLOSES).slice(0, 10));
    expect(decide(quiet, input())).toEqual([
      {
        kind: 'hold',
        symbol: 'XYZ',
        reason: quiet.reason,
        indicators: quiet.indicators,
        candleTime: T0 + 9 * HOUR,
      },
    ]);
  });
});

describe('decide: the client’s limits', () => {
  const holdReason = (overrides: Partial<EvaluateInput>) => {
    const decisions = decide(buySignal, input(overrides));
    const last = decisions.at(-1);
    expect(decisions.some((d) => d.kind === 'open')).toBe(false);
    expect(last).toMatchObject({ kind: 'hold', direction: 'buy', signalReason: buySignal.reason });
    return last?.reason;
  };

  it('never opens on an instrument the client did not choose', () => {
    expect(holdReason({ settings: settings(TREND, { symbols: ['ABC'] }) })).toEqual({
      key: 'auto.hold.symbolNotChosen',
      params: { symbol: 'XYZ' },
    });
  });

  it('never opens once the daily loss limit is reached', () => {
    expect(holdReason({ account: account({ dailyResult: -100 }) })).toEqual({
      key: 'auto.hold.dailyLimit',
      params: { result: '€ -100.00', limit: '€ 100.00' },
    });
  });

  it('never opens once the drawdown limit is reached', () => {
    expect(holdReason({ account: account({ totalResult: -300.01, dailyResult: -20 }) })).toEqual({
      key: 'auto.hold.drawdownLimit',
      params: { result: '€ -300.01', limit: '€ 300.00' },
    });
  });

  it('opens just above a limit', () => {
    const decisions = decide(
      buySignal,
      input({ account: account({ dailyResult: -99.99, totalResult: -299.99 }) }),
    );
    expect(decisions[0]?.kind).toBe('open');
  });

  it('holds one position per instrument and direction', () => {
    expect(holdReason({ account: account({ openAuto: [position(1, 'XYZ', 'buy')] }) })).toEqual({
      key: 'auto.hold.alreadyOpenBuy',
      params: { symbol: 'XYZ' },
    });
  });

  it('keeps to the maximum of open auto positions over all instruments', () => {
    const openAuto = [position(1, 'ABC', 'buy'), position(2, 'DEF', 'sell')];
    expect(holdReason({ account: account({ openAuto }) })).toEqual({
      key: 'auto.hold.maxPositions',
      params: { count: 2, max: 2 },
    });
  });

  it('holds when no allowed leverage is within the client’s maximum', () => {
    expect(holdReason({ account: account({ leverages: [20, 50] }) })).toEqual({
      key: 'auto.hold.noLeverage',
      params: { symbol: 'XYZ', max: 10 },
    });
  });

  it('holds when the amount would be below € 1.00', () => {
    expect(holdReason({ account: account({ freeMargin: 9.99 }) })).toEqual({
      key: 'auto.hold.amountTooSmall',
      params: { amount: '€ 0.99', min: '€ 1.00' },
    });
  });

  it('holds when a fixed amount is more than the free margin', () => {
    const own = settings(TREND, { amount: { mode: 'fixed', value: 200 } });
    expect(holdReason({ settings: own, account: account({ freeMargin: 150 }) })).toEqual({
      key: 'auto.hold.notEnoughMargin',
      params: { amount: '€ 200.00', freeMargin: '€ 150.00' },
    });
  });

  it('holds without a price', () => {
    expect(holdReason({ quote: { buy: 0, sell: 0 } })).toEqual({
      key: 'auto.hold.noPrice',
      params: { symbol: 'XYZ' },
    });
  });

  it('holds when the prices did not move (no ATR for a stop)', () => {
    const flat: StrategySignal = { ...buySignal, atr: 0 };
    expect(decide(flat, input()).at(-1)?.reason).toEqual({ key: 'auto.hold.noVolatility' });
  });

  it('still closes the other side when the open is held back', () => {
    const decisions = decide(
      sellSignal,
      input({
        candles: SELL_CANDLES,
        quote: { buy: 96.01, sell: 95.99 },
        account: account({ dailyResult: -150, openAuto: [position(4, 'XYZ', 'buy')] }),
      }),
    );
    expect(decisions.map((d) => d.kind)).toEqual(['close', 'hold']);
    expect(decisions[1]?.reason.key).toBe('auto.hold.dailyLimit');
  });
});

describe('decide: mean reversion exits', () => {
  const mrCloses = [100, 101, 102, 101, 99, 98, 98.5, 99.5];
  const exit = analyse(MEAN_REVERSION, candlesFrom(mrCloses));
  const mrInput = (openAuto: AutoPosition[]) =>
    input({
      settings: settings(MEAN_REVERSION),
      candles: candlesFrom(mrCloses),
      account: account({ openAuto }),
    });

  it('closes every buy of the instrument at the exit level, by id, and nothing else', () => {
    const openAuto = [position(9, 'XYZ', 'buy'), position(2, 'XYZ', 'buy'), position(5, 'XYZ', 'sell')];
    const decisions = decide(exit, mrInput(openAuto));
    expect(decisions.map((d) => (d.kind === 'close' ? d.positionId : d.kind))).toEqual([2, 9]);
    expect(decisions[0]?.reason).toEqual({ key: 'auto.close.mr.exitLong', params: exit.reason.params });
  });

  it('says so when there is nothing to close', () => {
    expect(decide(exit, mrInput([position(5, 'XYZ', 'sell')]))).toEqual([
      {
        kind: 'hold',
        symbol: 'XYZ',
        reason: { key: 'auto.hold.noLongToClose', params: { symbol: 'XYZ' } },
        signalReason: exit.reason,
        indicators: exit.indicators,
        candleTime: exit.candleTime,
      },
    ]);
  });
});

describe('amount, leverage and stops', () => {
  it('takes a percentage of the free margin rounded down to the cent', () => {
    // 3.33 % of 1234.56 = 41.110848 → 41.11; 10 % of 999.99 = 99.999 → 99.99
    expect(autoAmount({ mode: 'percent', value: 3.33 }, 1234.56)).toEqual({ ok: true, amount: 41.11 });
    expect(autoAmount({ mode: 'percent', value: 10 }, 999.99)).toEqual({ ok: true, amount: 99.99 });
    expect(autoAmount({ mode: 'percent', value: 100 }, 0.29 + 1)).toEqual({ ok: true, amount: 1.29 });
  });

  it('takes a fixed amount as it is, up to the free margin', () => {
    expect(autoAmount({ mode: 'fixed', value: 150 }, 150)).toEqual({ ok: true, amount: 150 });
    expect(autoAmount({ mode: 'fixed', value: 150.01 }, 150).ok).toBe(false);
  });

  it('picks the highest allowed leverage not above the maximum', () => {
    expect(autoLeverage([1, 5, 10, 20], 15)).toBe(10);
    expect(autoLeverage([30, 1, 5], 100)).toBe(30);
    expect(autoLeverage([20, 50], 10)).toBeNull();
    expect(autoLeverage([], 10)).toBeNull();
  });

  it('moves a stop inside the spread to one price step beyond the closing price', () => {
    /*
     * ATR 0.001: the buy opens at the brand buy 101.01 × 1.00025 = 101.0352525 → up to 101.04 (the spec's terms on
     * the tick 0.01); its raw stop 101.04 − 0.001 = 101.039 → 101.04 would be above the price the buy closes at, the
     * brand sell 100.99 × 0.99975 = 100.9647475 → down to 100.96; it becomes the last step under that, 100.95. The
     * take profit 101.04 + 0.002 = 101.042 → 101.04 is above the quote's sell side 100.99 already.
     */
    const quote = { buy: 101.01, sell: 100.99 };
    const stops = autoStops('buy', quote, 0.001, { stopAtr: 1, takeProfitAtr: 2 }, 2);
    expect(stops).toEqual({ stopLoss: 100.95, takeProfit: 101.04, entry: 101.04 });
    const levels = { stop_lost: stops?.stopLoss, take_profit: stops?.takeProfit };
    // validated against the brand quote the engine checks with (the spec's pricing of the feed on the
    // instrument's tick), and against the spec's pricing without a tick
    const brand = brandQuote(quote, { ...SPEC_QUOTE_TERMS, tick: 0.01 });
    expect(brand).toEqual({ buy: 101.04, sell: 100.96 });
    expect(triggersValid(validateStopLossTakeProfit({ direction: 'buy', ...levels, quote: brand }))).toBe(
      true,
    );
    const unticked = brandQuote(quote, SPEC_QUOTE_TERMS);
    expect(triggersValid(validateStopLossTakeProfit({ direction: 'buy', ...levels, quote: unticked }))).toBe(
      true,
    );
  });

  it("measures the stops from the account's dealing prices (its brand's markup) when they are given", () => {
    /*
     * Feed 60,000 / 60,020; a brand with a 0.3 % markup deals at buy 60,020 × 1.003 = 60,200.06 and sell
     * 60,000 × 0.997 = 59,820. ATR 500, stop 5 × ATR, take profit 10 × ATR: a buy opens at 60,200.06, so its stop is
     * 60,200.06 − 2,500 = 57,700.06 and its take profit 60,200.06 + 5,000 = 65,200.06 — not measured from the spec's
     * 0.025 % price of the feed on the tick (60,020 × 1.00025 = 60,035.005 → up to 60,035.01).
     */
    const quote = { buy: 60_020, sell: 60_000 };
    const dealing = { buy: 60_200.06, sell: 59_820 };
    const stops = autoStops('buy', quote, 500, { stopAtr: 5, takeProfitAtr: 10 }, 2, dealing);
    expect(stops).toEqual({ stopLoss: 57_700.06, takeProfit: 65_200.06, entry: 60_200.06 });
    const sell = autoStops('sell', quote, 500, { stopAtr: 5, takeProfitAtr: 10 }, 2, dealing);
    expect(sell).toEqual({ stopLoss: 62_320, takeProfit: 54_820, entry: 59_820 });
    expect(autoStops('buy', quote, 500, { stopAtr: 5, takeProfitAtr: 10 }, 2)?.entry).toBe(60_035.01);
  });

  it('gives no stops when the stop loss would be at or below zero', () => {
    expect(autoStops('buy', { buy: 1.01, sell: 0.99 }, 5, { stopAtr: 1, takeProfitAtr: 1 }, 2)).toBeNull();
    expect(autoStops('sell', { buy: 1.01, sell: 0.99 }, 5, { stopAtr: 1, takeProfitAtr: 1 }, 2)).toBeNull();
  });
});
