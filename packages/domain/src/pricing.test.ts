import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote, closeSide, openSide, SPEC_QUOTE_TERMS } from './brand-quote.js';
import {
  buyPrice,
  type Direction,
  directionSign,
  isQuoteAvailable,
  isRequote,
  oppositeDirection,
  type Quote,
  sellPrice,
} from './pricing.js';

// the spec's pricing of a feed quote is its brand quote under SPEC_QUOTE_TERMS
const specQuote = (feed: Quote) => brandQuote(feed, SPEC_QUOTE_TERMS);
const openingPrice = (direction: Direction, feed: Quote) => openSide(direction, specQuote(feed));
const closingPrice = (direction: Direction, feed: Quote) => closeSide(direction, specQuote(feed));

const positivePrice = fc.double({ min: 1e-6, max: 1e7, noNaN: true, noDefaultInfinity: true });
const quoteArb = fc
  .tuple(positivePrice, fc.double({ min: 0, max: 0.05, noNaN: true }))
  .map(([bid, spread]): Quote => ({ sell: bid, buy: bid * (1 + spread) }));

describe('spec §5 price sent', () => {
  it('sends a buy at the quote plus 0.025 %', () => {
    expect(buyPrice(100)).toBe(100.025);
    expect(buyPrice(65000)).toBe(65016.25);
  });

  it('sends a sell at the quote minus 0.025 %', () => {
    expect(sellPrice(100)).toBe(99.975);
    expect(sellPrice(1.2)).toBe(1.1997);
  });

  it('opens a buy at the ask plus slippage and a sell at the bid minus slippage', () => {
    const quote = { buy: 101, sell: 100 };
    expect(openingPrice('buy', quote)).toBe(101.02525);
    expect(openingPrice('sell', quote)).toBe(99.975);
    expect(specQuote(quote)).toEqual({ buy: 101.02525, sell: 99.975 });
  });

  it('closes at the current opposite price: a buy at the sell price, a sell at the buy price', () => {
    const quote = { buy: 101, sell: 100 };
    expect(closingPrice('buy', quote)).toBe(sellPrice(100));
    expect(closingPrice('sell', quote)).toBe(buyPrice(101));
  });

  it('knows the direction sign and the opposite direction', () => {
    expect(directionSign('buy')).toBe(1);
    expect(directionSign('sell')).toBe(-1);
    expect(oppositeDirection('buy')).toBe('sell');
    expect(oppositeDirection('sell')).toBe('buy');
  });

  it('treats a missing, zero or broken quote as unavailable', () => {
    expect(isQuoteAvailable({ buy: 1.1, sell: 1.09 })).toBe(true);
    expect(isQuoteAvailable(undefined)).toBe(false);
    expect(isQuoteAvailable(null)).toBe(false);
    expect(isQuoteAvailable({ buy: 0, sell: 1 })).toBe(false);
    expect(isQuoteAvailable({ buy: Number.NaN, sell: 1 })).toBe(false);
  });

  it('requotes when the client price drifted beyond the tolerance', () => {
    expect(isRequote(100.05, 100, 0.001)).toBe(false);
    expect(isRequote(100.2, 100, 0.001)).toBe(true);
    expect(isRequote(99.8, 100, 0.001)).toBe(true);
    expect(isRequote(Number.NaN, 100, 0.001)).toBe(true);
  });
});

describe('pricing properties', () => {
  it('the buy price is above the sell price for every positive quote', () => {
    fc.assert(
      fc.property(positivePrice, (q) => {
        expect(buyPrice(q)).toBeGreaterThan(sellPrice(q));
      }),
    );
    fc.assert(
      fc.property(quoteArb, (quote) => {
        expect(openingPrice('buy', quote)).toBeGreaterThan(openingPrice('sell', quote));
      }),
    );
  });

  it('buy ÷ quote = 1.00025 and sell ÷ quote = 0.99975', () => {
    fc.assert(
      fc.property(positivePrice, (q) => {
        expect(buyPrice(q) / q).toBeCloseTo(1.00025, 12);
        expect(sellPrice(q) / q).toBeCloseTo(0.99975, 12);
        expect((buyPrice(q) - q) / (q - sellPrice(q))).toBeCloseTo(1, 6);
      }),
    );
  });

  it('opening and immediately closing always costs the spread plus twice the slippage', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        expect(closingPrice('buy', quote)).toBeLessThan(openingPrice('buy', quote));
        expect(closingPrice('sell', quote)).toBeGreaterThan(openingPrice('sell', quote));
      }),
    );
  });

  it('the closing price of one direction is the opening price of the other', () => {
    fc.assert(
      fc.property(quoteArb, fc.constantFrom('buy' as const, 'sell' as const), (quote, direction) => {
        expect(closingPrice(direction, quote)).toBe(openingPrice(oppositeDirection(direction), quote));
      }),
    );
  });
});
