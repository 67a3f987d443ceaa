import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approxBrandQuote,
  type BrandQuote,
  brandQuote,
  breakEvenStop,
  closeSide,
  openSide,
  priceUnitOf,
  type QuoteTerms,
  quoteTermsFor,
  quoteTermsKey,
  roundToTick,
  SPEC_QUOTE_TERMS,
  spreadInUnits,
  tickDecimals,
  tickSizeOf,
  unitValue,
} from './brand-quote.js';
import { APPROX_PRICE_RELATIVE_ERROR } from './fast-valuation.js';
import { Dec, type Price, price } from './money.js';
import { buyPrice, type Direction, type Quote, sellPrice } from './pricing.js';
import { triggerFires, validateStopLossTakeProfit } from './triggers.js';

const percent = (value: number) => ({ unit: 'percent', value }) as const;
const pips = (value: number) => ({ unit: 'pips', value }) as const;
const bq = (buy: number, sell: number): BrandQuote => ({ buy: price(buy), sell: price(sell) });
/** Whether `value` is a whole number of `tick`s (exactly, in decimals). */
const onTick = (value: number, tick: number) => new Dec(value).dividedBy(tick).isInteger();

describe('brandQuote: the one markup', () => {
  it('a percent markup widens the ask up and the bid down by the same share', () => {
    const q = brandQuote({ buy: 100, sell: 99 }, { markup: percent(0.3), pipSize: 0.01, tick: null });
    // 100 × 1.003 and 99 × 0.997
    expect(q).toEqual({ buy: 100.3, sell: 98.703 });
  });

  it('a markup in pips adds that many pips a side: 0.4 pips on a 1.2-pip EURUSD feed make 2.0 pips', () => {
    const q = brandQuote(
      { buy: 1.16506, sell: 1.16494 },
      { markup: pips(0.4), pipSize: 0.0001, tick: tickSizeOf(5) },
    );
    expect(q).toEqual({ buy: 1.1651, sell: 1.1649 });
    // pips count on the pip size given: on a JPY pair 1 pip is 0.01
    expect(brandQuote({ buy: 152.5, sell: 152.49 }, { markup: pips(1), pipSize: 0.01, tick: 0.001 })).toEqual(
      {
        buy: 152.51,
        sell: 152.48,
      },
    );
  });

  it('rounds the buy up and the sell down to the tick, so the spread is never narrower than the markup', () => {
    const terms: QuoteTerms = { ...SPEC_QUOTE_TERMS, tick: 0.01 };
    // 64,010 × 1.00025 = 64,026.0025 → 64,026.01; 64,001 × 0.99975 = 63,984.99975 → 63,984.99
    expect(brandQuote({ buy: 64_010, sell: 64_001 }, terms)).toEqual({ buy: 64_026.01, sell: 63_984.99 });
    // a price already on the tick stays: 64,000 × 0.99975 = 63,984 exactly
    expect(brandQuote({ buy: 64_010, sell: 64_000 }, terms).sell).toBe(63_984);
    // 0.3 % on BTCUSD's typical quote: 95,012.5 × 1.003 = 95,297.5375 and 94,987.5 × 0.997 = 94,702.5375
    expect(
      brandQuote({ buy: 95_012.5, sell: 94_987.5 }, { markup: percent(0.3), pipSize: 0.01, tick: 0.01 }),
    ).toEqual({ buy: 95_297.54, sell: 94_702.53 });
  });

  it('never quotes a sell below zero', () => {
    const q = brandQuote(
      { buy: 0.00002, sell: 0.00001 },
      { markup: pips(5), pipSize: 0.0001, tick: 0.00001 },
    );
    expect(q.sell).toBe(0);
    expect(q.buy).toBe(0.00052);
  });

  it('the spec terms give exactly buyPrice(ask) and sellPrice(bid)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        (bid, spread) => {
          const feed: Quote = { buy: bid * (1 + spread), sell: bid };
          expect(brandQuote(feed, SPEC_QUOTE_TERMS)).toEqual({
            buy: buyPrice(feed.buy),
            sell: sellPrice(feed.sell),
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a position opens on its own side and closes on the other', () => {
    const q = bq(101, 100);
    expect(openSide('buy', q)).toBe(101);
    expect(openSide('sell', q)).toBe(100);
    expect(closeSide('buy', q)).toBe(100);
    expect(closeSide('sell', q)).toBe(101);
  });

  it('takes the group markup of a profile, the default markup for a group it does not set, and keys equal terms equally', () => {
    const profile = {
      groups: { crypto: { markup: percent(0.3) } },
    } as unknown as Parameters<typeof quoteTermsFor>[0];
    expect(quoteTermsFor(profile, 'crypto', 0.01, 0.01)).toEqual({
      markup: percent(0.3),
      pipSize: 0.01,
      tick: 0.01,
    });
    expect(quoteTermsFor(profile, 'forex', 0.0001, null).markup).toEqual(SPEC_QUOTE_TERMS.markup);
    expect(quoteTermsKey({ markup: percent(0.3), pipSize: 0.01, tick: 0.01 })).toBe(
      quoteTermsKey(quoteTermsFor(profile, 'crypto', 0.01, 0.01)),
    );
    expect(quoteTermsKey({ markup: percent(0.3), pipSize: 0.01, tick: null })).not.toBe(
      quoteTermsKey({ markup: percent(0.3), pipSize: 0.01, tick: 0.01 }),
    );
  });
});

describe('ticks', () => {
  it('roundToTick rounds up, down or to the nearest step in decimals; without a tick it leaves the price', () => {
    expect(roundToTick(1.234, 0.01, 'up')).toBe(1.24);
    expect(roundToTick(1.239, 0.01, 'down')).toBe(1.23);
    expect(roundToTick(1.23, 0.01, 'up')).toBe(1.23);
    expect(roundToTick(1.23, 0.01, 'down')).toBe(1.23);
    // half up in decimals: 1.005 is 1.00499999999999989… as a double, which Math.round would take to 1.00
    expect(roundToTick(1.005, 0.01, 'nearest')).toBe(1.01);
    expect(roundToTick(1.0049, 0.01, 'nearest')).toBe(1);
    expect(roundToTick(63_000.0000000001, 0.01, 'nearest')).toBe(63_000);
    expect(roundToTick(7, 5, 'up')).toBe(10);
    expect(roundToTick(1.23456789, null, 'up')).toBe(1.23456789);
    expect(roundToTick(1.23456789, 0, 'down')).toBe(1.23456789);
  });

  it('tickSizeOf is 10^−precision for 0..10 decimals, null otherwise', () => {
    expect(tickSizeOf(0)).toBe(1);
    expect(tickSizeOf(2)).toBe(0.01);
    expect(tickSizeOf(5)).toBe(0.00001);
    expect(tickSizeOf(10)).toBe(1e-10);
    for (const bad of [null, undefined, -1, 11, 1.5, Number.NaN]) expect(tickSizeOf(bad)).toBeNull();
  });

  it('tickDecimals is the decimals of a tick, 10 without one', () => {
    expect(tickDecimals(1)).toBe(0);
    expect(tickDecimals(0.01)).toBe(2);
    expect(tickDecimals(0.00001)).toBe(5);
    expect(tickDecimals(1e-10)).toBe(10);
    expect(tickDecimals(null)).toBe(10);
    for (let p = 0; p <= 10; p++) expect(tickDecimals(tickSizeOf(p))).toBe(p);
  });
});

describe('price units: pips for forex, points for the rest', () => {
  it('forex counts in its pip, crypto, indices, stocks and commodities in points of one price unit', () => {
    expect(priceUnitOf('forex', 0.0001)).toEqual({ unit: 'pip', size: 0.0001 });
    expect(priceUnitOf('forex', 0.01)).toEqual({ unit: 'pip', size: 0.01 });
    for (const group of ['crypto', 'index', 'stocks', 'commodities'] as const)
      expect(priceUnitOf(group, 0.01)).toEqual({ unit: 'point', size: 1 });
  });

  it('a crypto spread is in points to the tick, a forex spread in pips to 0.1', () => {
    // BTCUSD under a 0.3 % markup: 95,297.54 − 94,702.53 = 595.01 points (not 59,501 "pips" of 0.01)
    expect(spreadInUnits(bq(95_297.54, 94_702.53), priceUnitOf('crypto', 0.01), 0.01)).toBe(595.01);
    expect(spreadInUnits(bq(1.1651, 1.1649), priceUnitOf('forex', 0.0001), 0.00001)).toBe(2);
    expect(spreadInUnits(bq(1.16513, 1.1649), priceUnitOf('forex', 0.0001), 0.00001)).toBe(2.3);
    // USDJPY on its 0.01 tick: 152.52 − 152.48 = 4.0 pips of 0.01
    expect(spreadInUnits(bq(152.52, 152.48), priceUnitOf('forex', 0.01), 0.01)).toBe(4);
    // an index in points, to its tick
    expect(spreadInUnits(bq(25_501.3, 25_499.1), priceUnitOf('index', 1), 0.1)).toBe(2.2);
  });

  it('unitValue is amount × leverage × unit ÷ price, and 0 without a price', () => {
    // €1,000 at 1:30 on EURUSD at 1.08: 30,000 × 0.0001 ÷ 1.08 ≈ €2.78 a pip
    expect(unitValue(1000, 30, priceUnitOf('forex', 0.0001), 1.08)).toBeCloseTo(2.7778, 4);
    // €500 at 1:10 on BTCUSD at 65,000: 5,000 ÷ 65,000 ≈ €0.077 a point
    expect(unitValue(500, 10, priceUnitOf('crypto', 0.01), 65_000)).toBeCloseTo(5_000 / 65_000, 12);
    expect(unitValue(500, 10, priceUnitOf('crypto', 0.01), 0)).toBe(0);
  });
});

describe('break-even stop', () => {
  it('is null until the position is in profit by at least the spread', () => {
    // buy at 100.003; the spread is 0.1
    expect(breakEvenStop({ direction: 'buy', open_rate: 100.003 }, bq(100.2, 100.1), 0.01)).toBeNull();
    expect(breakEvenStop({ direction: 'buy', open_rate: 100.003 }, bq(99.9, 99.8), 0.01)).toBeNull();
    // sell at 100.007; the spread is 0.2, the gain 100.007 − 99.9 = 0.107
    expect(breakEvenStop({ direction: 'sell', open_rate: 100.007 }, bq(99.9, 99.7), 0.01)).toBeNull();
  });

  it('is the opening price on the tick on the client side: a buy’s rounded up, a sell’s down', () => {
    const buy = breakEvenStop({ direction: 'buy', open_rate: 100.003 }, bq(100.5, 100.3), 0.01);
    expect(buy).toBe(100.01);
    const sell = breakEvenStop({ direction: 'sell', open_rate: 100.007 }, bq(99.8, 99.6), 0.01);
    expect(sell).toBe(100);
    // no tick: the opening price itself
    expect(breakEvenStop({ direction: 'buy', open_rate: 100.003 }, bq(100.5, 100.3), null)).toBe(100.003);
  });

  it('is null when the level on the tick would not be a valid stop at the quote', () => {
    // a buy at 100.001 on a tick of 1 would need a stop of 101, above the close price 100.7
    expect(breakEvenStop({ direction: 'buy', open_rate: 100.001 }, bq(100.9, 100.7), 1)).toBeNull();
  });

  it('when given, is on the tick, never locks in a loss, is accepted as a stop loss and does not fire (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Direction>('buy', 'sell'),
        fc.double({ min: 0.01, max: 100_000, noNaN: true }),
        fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (direction, open, move, spread, precision) => {
          const tick = tickSizeOf(precision) as number;
          const sell = open * (1 + move);
          const quote = brandQuote({ buy: sell * (1 + spread), sell }, { ...SPEC_QUOTE_TERMS, tick });
          const level = breakEvenStop({ direction, open_rate: open }, quote, tick);
          if (level === null) return;
          expect(onTick(level, tick)).toBe(true);
          if (direction === 'buy') expect(level).toBeGreaterThanOrEqual(open);
          else expect(level).toBeLessThanOrEqual(open);
          expect(validateStopLossTakeProfit({ direction, stop_lost: level, quote })).toEqual({});
          expect(triggerFires({ direction, stop_lost: level }, quote)).toBeNull();
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('approxBrandQuote: the engine’s float estimate (property)', () => {
  const markupArb = fc.oneof(
    fc.constant(SPEC_QUOTE_TERMS.markup),
    fc.double({ min: 0, max: 5, noNaN: true }).map(percent),
    fc.double({ min: 0, max: 500, noNaN: true }).map(pips),
  );
  const pipArb = fc.constantFrom(0.0001, 0.01, 1);
  const tickArb = fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: 10 }).map((p) => tickSizeOf(p) as number),
  );
  /** How far from a tick step the unrounded price is put, in steps: on it, next to it, or anywhere. */
  const nudgeArb = fc.oneof(
    fc.constantFrom(
      0,
      1e-12,
      -1e-12,
      1e-9,
      -1e-9,
      1e-7,
      -1e-7,
      1e-6,
      -1e-6,
      2e-6,
      -2e-6,
      1e-5,
      -1e-5,
      1e-3,
      -1e-3,
    ),
    fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  );

  /** The feed side whose marked-up price is `steps` + `nudge` ticks (as near as a double gets), else `plain`. */
  function nearStep(plain: number, side: 'buy' | 'sell', terms: QuoteTerms, nudge: number | null): number {
    if (nudge === null || terms.tick === null) return plain;
    const steps = Math.max(1, Math.round(plain / terms.tick));
    const target = (steps + nudge) * terms.tick;
    const m = terms.markup;
    if (m.unit === 'percent') return target / (side === 'buy' ? 1 + m.value / 100 : 1 - m.value / 100);
    return side === 'buy' ? target - m.value * terms.pipSize : target + m.value * terms.pipSize;
  }

  const caseArb = fc
    .record({
      bid: fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
      spread: fc.double({ min: 0, max: 0.01, noNaN: true }),
      markup: markupArb,
      pipSize: pipArb,
      tick: tickArb,
      nudgeBuy: fc.option(nudgeArb, { freq: 3 }),
      nudgeSell: fc.option(nudgeArb, { freq: 3 }),
    })
    .map((c) => {
      const terms: QuoteTerms = { markup: c.markup, pipSize: c.pipSize, tick: c.tick };
      const feed: Quote = {
        buy: nearStep(c.bid * (1 + c.spread), 'buy', terms, c.nudgeBuy),
        sell: nearStep(c.bid, 'sell', terms, c.nudgeSell),
      };
      return { terms, feed };
    })
    // a pips markup no larger than half the price (a sell of a real quote), and a feed the engine accepts
    .filter(
      ({ terms, feed }) =>
        feed.buy > 0 &&
        feed.sell > 0 &&
        Number.isFinite(feed.buy) &&
        (terms.markup.unit === 'percent' || terms.markup.value * terms.pipSize <= feed.sell / 2),
    );

  const within = (approx: number, exact: Price) => {
    expect(Math.abs(approx - exact)).toBeLessThanOrEqual(Math.abs(exact) * APPROX_PRICE_RELATIVE_ERROR);
  };

  it('is within 1e-12 relative of brandQuote, also on and next to tick steps', () => {
    expect(APPROX_PRICE_RELATIVE_ERROR).toBe(1e-12);
    fc.assert(
      fc.property(caseArb, ({ terms, feed }) => {
        const exact = brandQuote(feed, terms);
        const approx = approxBrandQuote(feed, terms);
        within(approx.buy, exact.buy);
        within(approx.sell, exact.sell);
      }),
      { numRuns: 8_000 },
    );
  }, 60_000);

  it('is on the same tick step as brandQuote (never a whole tick away)', () => {
    fc.assert(
      fc.property(
        // steps a double counts exactly (the relative bound above covers the rest)
        caseArb.filter(({ terms, feed }) => terms.tick !== null && feed.buy / terms.tick < 1e12),
        ({ terms, feed }) => {
          const exact = brandQuote(feed, terms);
          const approx = approxBrandQuote(feed, terms);
          const tick = terms.tick as number;
          expect(Math.round(approx.buy / tick)).toBe(new Dec(exact.buy).dividedBy(tick).toNumber());
          expect(Math.round(approx.sell / tick)).toBe(new Dec(exact.sell).dividedBy(tick).toNumber());
        },
      ),
      { numRuns: 3_000 },
    );
  }, 60_000);

  it('writes into the object it is given', () => {
    const out = { buy: 0, sell: 0 };
    const result = approxBrandQuote({ buy: 64_010, sell: 64_000 }, { ...SPEC_QUOTE_TERMS, tick: 0.01 }, out);
    expect(result).toBe(out);
    expect(out.buy).toBeCloseTo(64_026.01, 9);
    expect(out.sell).toBeCloseTo(63_984, 9);
  });
});
