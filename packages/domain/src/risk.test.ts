import { describe, expect, it } from 'vitest';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { DEFAULT_TRADING_PROFILE } from './costs.js';
import { equity, lossTerminationPrice, positionProfit } from './position.js';
import {
  fitsFreeMargin,
  liquidationPrice,
  marginLevel,
  pipValue,
  type RiskPosition,
  riskState,
  spreadInPips,
} from './risk.js';

describe('margin level', () => {
  it('is equity ÷ used margin in percent', () => {
    expect(marginLevel(5390, 10_000)).toBe(53.9);
    expect(marginLevel(10_000, 10_000)).toBe(100);
    expect(marginLevel(-200, 1000)).toBe(-20);
  });

  it('is null without margin in use', () => {
    expect(marginLevel(10_000, 0)).toBeNull();
  });
});

describe('risk state at the profile levels (margin call 100 %, stop-out 50 %)', () => {
  const profile = DEFAULT_TRADING_PROFILE;
  it.each([
    [null, 'none'],
    [250, 'ok'],
    [100, 'ok'],
    [99.99, 'marginCall'],
    [50.01, 'marginCall'],
    [50, 'stopOut'],
    [-10, 'stopOut'],
  ] as const)('level %s → %s', (level, state) => {
    expect(riskState(level, profile)).toBe(state);
  });

  it('follows a brand with a margin call at 120 % and stop-out at 80 %', () => {
    const brand = { marginCallLevel: 1.2, stopOutLevel: 0.8 };
    expect(riskState(119, brand)).toBe('marginCall');
    expect(riskState(80, brand)).toBe('stopOut');
    expect(riskState(120, brand)).toBe('ok');
  });
});

describe('pip value and spread', () => {
  it('a €1,000 EURUSD position at 1:30 moves €27.78 per pip at 1.08', () => {
    expect(pipValue({ amount: 1000, leverage: 30, price: 1.08, pipSize: 0.0001 })).toBe(2.7778);
  });

  it('today’s markup puts about 5.4 pips on a 0.2-pip EURUSD feed spread', () => {
    const dealing = brandQuote({ buy: 1.08002, sell: 1.08 }, SPEC_QUOTE_TERMS);
    expect(spreadInPips(dealing, 0.0001)).toBe(5.6);
    expect(spreadInPips({ buy: 1.08006, sell: 1.08 }, 0.0001)).toBe(0.6);
  });
});

describe('liquidation price: €10,000 at 1:30 on EURUSD', () => {
  const target = {
    symbol: 'EURUSD',
    direction: 'buy' as const,
    amount: 10_000,
    leverage: 30,
    open_rate: 1.08,
  };

  it('the account stop-out at 50 % comes after a 1.67 % move, not the 3.33 % of the position rule alone', () => {
    const result = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes: { EURUSD: { buy: 1.08, sell: 1.08 } },
      target,
      stopOutLevel: 0.5,
    });
    expect(result.cause).toBe('stop_out');
    expect(result.adverseMovePercent).toBe(1.67);
    expect(result.price).toBeCloseTo(1.062, 6);
    // rule (a) alone: the position's own loss termination, 3.33 % away
    expect(lossTerminationPrice(target)).toBeCloseTo(1.044, 9);
    // at the price: equity is at half the margin (€5,000), a hair before it is above
    expect(positionProfit(target, result.price as number)).toBeLessThanOrEqual(-5000);
    expect(positionProfit(target, (result.price as number) * (1 + 1e-6))).toBeGreaterThan(-5000);
  });

  it('with today’s dealing prices the move is 1.62 % from the sell price (1.67 % from the entry)', () => {
    const dealing = brandQuote({ buy: 1.08, sell: 1.08 }, SPEC_QUOTE_TERMS);
    const result = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes: { EURUSD: dealing },
      target: { ...target, open_rate: dealing.buy },
      stopOutLevel: 0.5,
    });
    expect(result.cause).toBe('stop_out');
    expect(result.adverseMovePercent).toBe(1.62);
    expect(((dealing.buy - (result.price as number)) / dealing.buy) * 100).toBeCloseTo(1.6667, 3);
  });

  it('the same position once open: found by id, same price', () => {
    const open: RiskPosition = { id: 7, ...target };
    const result = liquidationPrice({
      balance: 10_000,
      positions: [open],
      quotes: { EURUSD: { buy: 1.08, sell: 1.08 } },
      target: open,
      stopOutLevel: 0.5,
    });
    expect(result.price).toBeCloseTo(1.062, 6);
  });
});

describe('liquidation price: the commission charged at open', () => {
  const target = {
    symbol: 'EURUSD',
    direction: 'buy' as const,
    amount: 10_000,
    leverage: 30,
    open_rate: 1.08,
  };
  const quotes = { EURUSD: { buy: 1.08, sell: 1.08 } };

  it('a new trade is liquidated as the account after its commission: €21 of commission on €10,000 at 1:30', () => {
    const withCommission = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes,
      target,
      stopOutLevel: 0.5,
      commission: 21,
    });
    const afterCharge = liquidationPrice({
      balance: 9_979,
      positions: [],
      quotes,
      target,
      stopOutLevel: 0.5,
    });
    const without = liquidationPrice({ balance: 10_000, positions: [], quotes, target, stopOutLevel: 0.5 });
    expect(withCommission).toEqual(afterCharge);
    // €21 less equity is a 21 ÷ 300,000 × 1.08 ≈ 0.0000756 higher stop-out for the buy
    expect((withCommission.price as number) - (without.price as number)).toBeCloseTo(0.0000756, 6);
    expect(positionProfit(target, withCommission.price as number)).toBeLessThanOrEqual(-4_979);
  });

  it('an open position has paid its commission already: the balance stands as given', () => {
    const open: RiskPosition = { id: 7, ...target };
    const input = { balance: 9_979, positions: [open], quotes, target: open, stopOutLevel: 0.5 };
    expect(liquidationPrice({ ...input, commission: 21 })).toEqual(liquidationPrice(input));
  });

  it('the free margin must carry the amount and the commission together', () => {
    expect(fitsFreeMargin(1_000, 0, 1_000)).toBe(true);
    expect(fitsFreeMargin(990, 10, 1_000)).toBe(true);
    expect(fitsFreeMargin(1_000, 0.01, 1_000)).toBe(false);
  });
});

describe('liquidation price: other cases', () => {
  const quotes = { EURUSD: { buy: 1.1, sell: 1.1 }, BTCUSD: { buy: 50_000, sell: 50_000 } };

  it('a small position in a large account ends by its own loss termination', () => {
    const result = liquidationPrice({
      balance: 100_000,
      positions: [],
      quotes,
      target: { symbol: 'EURUSD', direction: 'sell', amount: 100, leverage: 20, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    expect(result.cause).toBe('loss_termination');
    expect(result.price).toBeCloseTo(1.155, 9);
    expect(result.adverseMovePercent).toBe(5);
  });

  it('a sell liquidates on a rise', () => {
    const result = liquidationPrice({
      balance: 1000,
      positions: [],
      quotes,
      target: { symbol: 'EURUSD', direction: 'sell', amount: 1000, leverage: 10, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    expect(result.cause).toBe('stop_out');
    // the profit is booked in cents (half-up), so −499.995 already counts as −500.00
    expect(result.price).toBeCloseTo(1.155, 5);
    expect(result.price as number).toBeLessThan(1.155);
  });

  it('a fully hedged symbol never stops out; the buy at 1:1 never terminates', () => {
    const hedge: RiskPosition = {
      id: 1,
      symbol: 'EURUSD',
      direction: 'sell',
      amount: 500,
      leverage: 1,
      open_rate: 1.1,
    };
    const result = liquidationPrice({
      balance: 1000,
      positions: [hedge],
      quotes,
      target: { symbol: 'EURUSD', direction: 'buy', amount: 500, leverage: 1, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    expect(result).toEqual({ price: null, adverseMovePercent: null, cause: null });
  });

  it('a losing position on another symbol brings the stop-out closer', () => {
    const btc: RiskPosition = {
      id: 1,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 5000,
      leverage: 2,
      open_rate: 60_000,
    };
    const alone = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes,
      target: { symbol: 'EURUSD', direction: 'buy', amount: 4000, leverage: 30, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    const withBtc = liquidationPrice({
      balance: 10_000,
      positions: [btc],
      quotes,
      target: { symbol: 'EURUSD', direction: 'buy', amount: 4000, leverage: 30, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    expect(alone.cause).toBe('loss_termination');
    expect(withBtc.cause).toBe('stop_out');
    expect(withBtc.price as number).toBeGreaterThan(alone.price as number);
    // at the price: equity = 10,000 − 1,666.67 + EURUSD loss ≤ 0.5 × 9,000
    const p = withBtc.price as number;
    const eq = equity(10_000, [
      positionProfit(btc, 50_000),
      positionProfit({ direction: 'buy', amount: 4000, leverage: 30, open_rate: 1.1 }, p),
    ]);
    expect(eq).toBeLessThanOrEqual(4500);
    expect(withBtc.adverseMovePercent).toBe(3.19);
  });

  it('a position of the symbol with higher leverage terminates first and releases its margin', () => {
    const risky: RiskPosition = {
      id: 1,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 1000,
      leverage: 100,
      open_rate: 1.1,
    };
    const target = {
      symbol: 'EURUSD',
      direction: 'buy' as const,
      amount: 1000,
      leverage: 20,
      open_rate: 1.1,
    };
    const result = liquidationPrice({
      balance: 2400,
      positions: [risky],
      quotes,
      target,
      stopOutLevel: 0.5,
    });
    // risky ends at −1 % (loss 1,000, equity 1,200 still above 1,000); then balance 1,400, margin 1,000:
    // stop-out when the target's loss reaches 900, at −4.5 % (before its own termination at −5 %)
    expect(result.cause).toBe('stop_out');
    expect(result.adverseMovePercent).toBe(4.5);
  });

  it('an account already at its stop-out level is liquidated at the current price', () => {
    const result = liquidationPrice({
      balance: 100,
      positions: [],
      quotes: { EURUSD: { buy: 1.1, sell: 1.09 } },
      target: { symbol: 'EURUSD', direction: 'buy', amount: 100, leverage: 100, open_rate: 1.1 },
      stopOutLevel: 0.5,
    });
    expect(result).toEqual({ price: 1.09, adverseMovePercent: 0, cause: 'stop_out' });
  });

  it('no quote, no figure', () => {
    expect(
      liquidationPrice({
        balance: 100,
        positions: [],
        quotes: {},
        target: { symbol: 'EURUSD', direction: 'buy', amount: 10, leverage: 10, open_rate: 1.1 },
        stopOutLevel: 0.5,
      }).price,
    ).toBeNull();
  });
});
