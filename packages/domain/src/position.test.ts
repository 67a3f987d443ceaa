import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import { toDecimal } from './money.js';
import {
  accountSummary,
  equity,
  freeMargin,
  isLossTerminated,
  isStopOut,
  lossTerminationPrice,
  type PositionTerms,
  positionProfit,
  positionProfitAt,
  positionProfitDecimal,
  settleProfit,
  totalProfit,
  valuationPrice,
} from './position.js';
import { buyPrice, type Direction, sellPrice } from './pricing.js';

const directionArb = fc.constantFrom<Direction>('buy', 'sell');
const amountArb = fc.integer({ min: 100, max: 10_000_000 }).map((c) => c / 100);
const leverageArb = fc.constantFrom(1, 3, 5, 10, 15, 20, 30);
const rateArb = fc.double({ min: 0.0001, max: 100_000, noNaN: true, noDefaultInfinity: true });
const positionArb = fc.record({
  direction: directionArb,
  amount: amountArb,
  leverage: leverageArb,
  open_rate: rateArb,
});
// a position with a current price within ±90 % of its opening rate
const positionAndPriceArb = fc
  .tuple(positionArb, fc.double({ min: -0.9, max: 0.9, noNaN: true }))
  .map(([p, move]) => [p, p.open_rate * (1 + move)] as const);

describe('spec §9 position profit', () => {
  it('a buy of 100 at leverage 10 gains 10 when the price rises 1 %', () => {
    const position: PositionTerms = { direction: 'buy', amount: 100, leverage: 10, open_rate: 50 };
    expect(positionProfit(position, 50.5)).toBe(10);
    expect(positionProfit(position, 49.5)).toBe(-10);
  });

  it('a sell gains when the price falls', () => {
    const position: PositionTerms = { direction: 'sell', amount: 250, leverage: 20, open_rate: 1.25 };
    expect(positionProfit(position, 1.2375)).toBe(50);
    expect(positionProfit(position, 1.2625)).toBe(-50);
  });

  it('rounds profit to cents, half-up', () => {
    const position: PositionTerms = { direction: 'buy', amount: 1, leverage: 1, open_rate: 3 };
    expect(positionProfit(position, 3.01)).toBe(0);
    expect(positionProfit(position, 3.015)).toBe(0.01);
    expect(positionProfitDecimal(position, 3.015).toString()).toBe('0.005');
  });

  it('refuses a zero opening rate or leverage', () => {
    expect(() => positionProfit({ direction: 'buy', amount: 1, leverage: 1, open_rate: 0 }, 1)).toThrow(
      RangeError,
    );
    expect(() => positionProfit({ direction: 'buy', amount: 1, leverage: 0, open_rate: 1 }, 1)).toThrow(
      RangeError,
    );
  });

  it('values a buy at the sell price and a sell at the buy price', () => {
    // valued on the brand quote, here the spec's pricing of the feed quote
    const quote = brandQuote({ buy: 101, sell: 100 }, SPEC_QUOTE_TERMS);
    expect(valuationPrice('buy', quote)).toBe(sellPrice(100));
    expect(valuationPrice('sell', quote)).toBe(buyPrice(101));
    const buy: PositionTerms = { direction: 'buy', amount: 100, leverage: 10, open_rate: 99 };
    expect(positionProfitAt(buy, quote)).toBe(positionProfit(buy, sellPrice(100)));
  });
});

describe('spec §9 account figures', () => {
  it('equity is balance plus open profit, free margin is balance minus open amounts', () => {
    expect(equity(1000, [12.5, -2.25])).toBe(1010.25);
    expect(freeMargin(1000, [100, 250.5])).toBe(649.5);
    expect(equity(1000, [])).toBe(1000);
    expect(freeMargin(1000, [])).toBe(1000);
    expect(totalProfit([0.1, 0.2])).toBe(0.3);
  });

  it('summarises an account from its open positions', () => {
    expect(
      accountSummary('1000.00', [
        { amount: 100, profit: 10 },
        { amount: 200, profit: -35.5 },
      ]),
    ).toEqual({ balance: 1000, equity: 974.5, freeMargin: 700, profit: -25.5 });
  });

  it('stops an account out when equity falls to half the margin in use', () => {
    expect(isStopOut(50, 100)).toBe(true);
    expect(isStopOut(50.01, 100)).toBe(false);
    expect(isStopOut(-1, 0)).toBe(false);
    expect(isStopOut(80, 100, 0.8)).toBe(true);
  });

  it('never leaves a negative balance: the broker takes the shortfall', () => {
    expect(settleProfit(100, -150.25)).toEqual({ balance: 0, shortfall: 50.25 });
    expect(settleProfit(100, -40)).toEqual({ balance: 60, shortfall: 0 });
    expect(settleProfit(100, 40.005)).toEqual({ balance: 140.01, shortfall: 0 });
  });
});

describe('loss termination (architecture §5)', () => {
  it('terminates a buy at leverage 10 after a 10 % fall and a sell after a 10 % rise', () => {
    expect(lossTerminationPrice({ direction: 'buy', amount: 100, leverage: 10, open_rate: 50 })).toBe(45);
    expect(lossTerminationPrice({ direction: 'sell', amount: 100, leverage: 10, open_rate: 50 })).toBe(55);
  });

  it('terminates an unleveraged buy only at zero', () => {
    expect(lossTerminationPrice({ direction: 'buy', amount: 100, leverage: 1, open_rate: 50 })).toBe(0);
  });

  it('flags a position at or beyond its termination price', () => {
    const buy: PositionTerms = { direction: 'buy', amount: 100, leverage: 10, open_rate: 50 };
    expect(isLossTerminated(buy, 45.01)).toBe(false);
    expect(isLossTerminated(buy, 45)).toBe(true);
    expect(isLossTerminated(buy, 40)).toBe(true);
    const sell: PositionTerms = { ...buy, direction: 'sell' };
    expect(isLossTerminated(sell, 54.99)).toBe(false);
    expect(isLossTerminated(sell, 55)).toBe(true);
  });
});

describe('profit, equity and free margin properties', () => {
  it('profit is zero at the opening rate', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        expect(positionProfit(p, p.open_rate)).toBe(0);
      }),
    );
  });

  it('a buy and a sell of the same terms have opposite profits', () => {
    fc.assert(
      fc.property(positionAndPriceArb, ([p, current]) => {
        const buy = positionProfit({ ...p, direction: 'buy' }, current);
        const sell = positionProfit({ ...p, direction: 'sell' }, current);
        expect(buy + sell).toBe(0);
      }),
    );
  });

  it('profit is linear in amount and in leverage', () => {
    fc.assert(
      fc.property(positionAndPriceArb, fc.integer({ min: 1, max: 50 }), ([p, current], k) => {
        const base = positionProfitDecimal(p, current);
        const moreAmount = positionProfitDecimal({ ...p, amount: p.amount * k }, current);
        const moreLeverage = positionProfitDecimal({ ...p, leverage: p.leverage * k }, current);
        const tolerance = base.abs().times(k).times(1e-15).plus(1e-12).toNumber();
        expect(moreAmount.minus(base.times(k)).abs().toNumber()).toBeLessThanOrEqual(tolerance);
        expect(moreLeverage.minus(base.times(k)).abs().toNumber()).toBeLessThanOrEqual(tolerance);
        // once rounded to cents the scaled profit is within k half-cents of k × profit
        const rounded = toDecimal(positionProfit({ ...p, amount: p.amount * k }, current));
        const scaled = toDecimal(positionProfit(p, current)).times(k);
        expect(rounded.minus(scaled).abs().toNumber()).toBeLessThanOrEqual(0.005 * (k + 1));
      }),
    );
  });

  it('a favourable move makes money and an adverse one loses it', () => {
    fc.assert(
      fc.property(positionArb, fc.double({ min: 0.001, max: 0.5, noNaN: true }), (p, move) => {
        const up = p.open_rate * (1 + move);
        const profitUp = positionProfitDecimal(p, up);
        expect(profitUp.isPositive() === (p.direction === 'buy')).toBe(true);
      }),
    );
  });

  it('the loss equals the amount exactly at the termination price', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const limit = lossTerminationPrice(p);
        expect(positionProfit(p, limit)).toBe(-p.amount);
        expect(isLossTerminated(p, limit)).toBe(true);
      }),
    );
  });

  it('the termination price is an adverse move of 100 / leverage %', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const move = (Math.abs(lossTerminationPrice(p) - p.open_rate) / p.open_rate) * 100;
        expect(move).toBeCloseTo(100 / p.leverage, 9);
      }),
    );
  });

  it('equity minus balance is the total profit; balance minus free margin is the total amount', () => {
    const centsArb = fc.integer({ min: -100_000_000, max: 100_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        centsArb,
        fc.array(fc.record({ amount: amountArb, profit: centsArb }), { maxLength: 30 }),
        (b, open) => {
          const summary = accountSummary(b, open);
          expect(Math.round((summary.equity - summary.balance) * 100)).toBe(Math.round(summary.profit * 100));
          const amounts = open.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
          expect(Math.round((summary.balance - summary.freeMargin) * 100)).toBe(amounts);
          // opening one more position of amount a lowers free margin by exactly a
          expect(freeMargin(b, [...open.map((p) => p.amount), 12.34])).toBe(
            Math.round((summary.freeMargin - 12.34) * 100) / 100,
          );
        },
      ),
    );
  });

  it('a settled close never leaves a negative balance and loses nothing', () => {
    const centsArb = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(centsArb.map(Math.abs), centsArb, (b, profit) => {
        const { balance, shortfall } = settleProfit(b, profit);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(shortfall).toBeGreaterThanOrEqual(0);
        expect(Math.round((balance - shortfall) * 100)).toBe(Math.round((b + profit) * 100));
      }),
    );
  });
});
