import { describe, expect, it } from 'vitest';
import { brandQuote } from './brand-quote.js';
import { checkFill, fillSide, markupLabel } from './fill-audit.js';

const terms = { markup: { unit: 'percent' as const, value: 0.1 }, pipSize: 1, tick: 0.01 };
const feed = { bid: 50_000, ask: 50_010 };
const quote = brandQuote({ buy: feed.ask, sell: feed.bid }, terms); // buy 50060.01, sell 49950.00

describe('fill side', () => {
  it('opens a buy at the buy (ask) side and a sell at the sell (bid) side; a close takes the other', () => {
    expect(fillSide('open', 'buy')).toBe('buy');
    expect(fillSide('open', 'sell')).toBe('sell');
    expect(fillSide('close', 'buy')).toBe('sell');
    expect(fillSide('close', 'sell')).toBe('buy');
  });
});

describe('checkFill', () => {
  it('passes a buy opened at the brand buy price of the feed quote and the markup', () => {
    expect(quote.buy).toBe(50_060.01);
    const check = checkFill({ kind: 'open', direction: 'buy', fillPrice: quote.buy, feed, terms, quote });
    expect(check).toMatchObject({
      side: 'buy',
      pass: true,
      quoteMatches: true,
      difference: 0,
      expected: 50_060.01,
    });
  });

  it('passes a buy closed at the brand sell price', () => {
    const check = checkFill({ kind: 'close', direction: 'buy', fillPrice: quote.sell, feed, terms, quote });
    expect(check).toMatchObject({ side: 'sell', pass: true, expected: 49_950 });
  });

  it('fails a fill on the wrong side, with the exact difference', () => {
    const check = checkFill({ kind: 'open', direction: 'sell', fillPrice: quote.buy, feed, terms, quote });
    expect(check.pass).toBe(false);
    expect(check.difference).toBe(110.01);
  });

  it('fails a fill one tick off the quote', () => {
    const check = checkFill({ kind: 'open', direction: 'buy', fillPrice: 50_060.02, feed, terms, quote });
    expect(check.pass).toBe(false);
    expect(check.difference).toBe(0.01);
  });

  it('fails when the recorded brand quote is not the one the feed quote and the markup give', () => {
    const other = { buy: 50_070, sell: 49_950 };
    const check = checkFill({ kind: 'open', direction: 'buy', fillPrice: 50_070, feed, terms, quote: other });
    expect(check.quoteMatches).toBe(false);
    expect(check.pass).toBe(false);
    expect(check.difference).toBe(9.99);
  });

  it('applies a markup in pips', () => {
    const pips = { markup: { unit: 'pips' as const, value: 1.5 }, pipSize: 0.0001, tick: 0.00001 };
    const fx = { bid: 1.1, ask: 1.10002 };
    const q = brandQuote({ buy: fx.ask, sell: fx.bid }, pips);
    const check = checkFill({
      kind: 'open',
      direction: 'sell',
      fillPrice: 1.09985,
      feed: fx,
      terms: pips,
      quote: q,
    });
    expect(check).toMatchObject({ pass: true, expected: 1.09985 });
    expect(markupLabel(pips.markup)).toBe('1.5 pips');
  });
});
