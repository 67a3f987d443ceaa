import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote, SPEC_QUOTE_TERMS } from './brand-quote.js';
import {
  APPROX_PRICE_RELATIVE_ERROR,
  approxBuyPrice,
  approxProfit,
  approxProfitError,
  approxSellPrice,
  approxValuationPrice,
  positionProfitFast,
} from './fast-valuation.js';
import { type PositionTerms, positionProfit, positionProfitAt, valuationPrice } from './position.js';
import { buyPrice, type Direction, type Quote, sellPrice } from './pricing.js';

// valuationPrice takes a brand quote; the spec's pricing of a feed quote is its brand quote under SPEC_QUOTE_TERMS
const spec = (feed: Quote) => brandQuote(feed, SPEC_QUOTE_TERMS);

const priceArb = fc.double({ min: 0.00001, max: 1_000_000, noNaN: true, noDefaultInfinity: true });
const positionArb = fc.record({
  direction: fc.constantFrom<Direction>('buy', 'sell'),
  amount: fc.integer({ min: 100, max: 100_000_000 }).map((c) => c / 100),
  leverage: fc.integer({ min: 1, max: 500 }),
  open_rate: priceArb,
});

describe('float dealing prices for the engine hot path', () => {
  it('stay within APPROX_PRICE_RELATIVE_ERROR of the exact buy and sell prices', () => {
    fc.assert(
      fc.property(priceArb, (quote) => {
        const exactBuy = buyPrice(quote);
        const exactSell = sellPrice(quote);
        expect(Math.abs(approxBuyPrice(quote) - exactBuy)).toBeLessThanOrEqual(
          exactBuy * APPROX_PRICE_RELATIVE_ERROR,
        );
        expect(Math.abs(approxSellPrice(quote) - exactSell)).toBeLessThanOrEqual(
          exactSell * APPROX_PRICE_RELATIVE_ERROR,
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('value a buy at the sell price and a sell at the buy price, like valuationPrice', () => {
    const quote = { buy: 1.102, sell: 1.1 };
    expect(approxValuationPrice('buy', quote)).toBeCloseTo(valuationPrice('buy', spec(quote)), 14);
    expect(approxValuationPrice('sell', quote)).toBeCloseTo(valuationPrice('sell', spec(quote)), 14);
  });
});

describe('float profit for the engine hot path', () => {
  it('a buy of 100 at leverage 10 gains about 10 when its valuation price rises 1 %', () => {
    const position: PositionTerms = { direction: 'buy', amount: 100, leverage: 10, open_rate: 50 };
    expect(approxProfit(position, 50.5)).toBeCloseTo(10, 10);
    expect(approxProfit({ ...position, direction: 'sell' }, 50.5)).toBeCloseTo(-10, 10);
  });

  it('is within approxProfitError of the booked (exact, rounded) profit at any quote', () => {
    const caseArb = fc
      .tuple(
        positionArb,
        fc.double({ min: -0.95, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
      )
      .map(([position, move, spread]) => {
        const sell = position.open_rate * (1 + move);
        return { position, quote: { sell, buy: sell * (1 + spread) } };
      });
    fc.assert(
      fc.property(caseArb, ({ position, quote }) => {
        const approx = approxValuationPrice(position.direction, quote);
        const booked = positionProfitAt(position, spec(quote));
        expect(Math.abs(approxProfit(position, approx) - booked)).toBeLessThanOrEqual(
          approxProfitError(position, approx),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('the error bound is half a cent plus a billionth of the exposure', () => {
    const position: PositionTerms = { direction: 'sell', amount: 1_000, leverage: 10, open_rate: 2 };
    expect(approxProfitError(position, 2)).toBeCloseTo(0.005 + 1e-9 * 10_000 * 2, 15);
  });
});

describe('exact profit in floats when the cent is certain', () => {
  it('rounds a profit of exactly half a cent up, like positionProfit', () => {
    const position: PositionTerms = { direction: 'buy', amount: 1, leverage: 1, open_rate: 3 };
    expect(positionProfitFast(position, 3.015)).toBe(0.01);
    expect(positionProfitFast({ ...position, direction: 'sell' }, 3.015)).toBe(
      positionProfit({ ...position, direction: 'sell' }, 3.015),
    );
  });

  it('equals positionProfit at any price', () => {
    fc.assert(
      fc.property(positionArb, fc.double({ min: 0.05, max: 20, noNaN: true }), (position, ratio) => {
        const at = position.open_rate * ratio;
        expect(positionProfitFast(position, at)).toBe(positionProfit(position, at));
      }),
      { numRuns: 5_000 },
    );
  });

  it('equals positionProfit on short decimal prices, where exact half cents are common', () => {
    const tieArb = fc.record({
      direction: fc.constantFrom<Direction>('buy', 'sell'),
      amount: fc.integer({ min: 100, max: 100_000 }).map((c) => c / 100),
      leverage: fc.constantFrom(1, 2, 3, 5, 10, 20, 30),
      open: fc.integer({ min: 1, max: 2_000 }),
      moveInThousandths: fc.integer({ min: -900, max: 900 }),
    });
    fc.assert(
      fc.property(tieArb, ({ direction, amount, leverage, open, moveInThousandths }) => {
        const position: PositionTerms = { direction, amount, leverage, open_rate: open / 8 };
        const at = Number(((open / 8) * (1 + moveInThousandths / 1000)).toPrecision(6));
        expect(positionProfitFast(position, at)).toBe(positionProfit(position, at));
      }),
      { numRuns: 5_000 },
    );
  });
});
