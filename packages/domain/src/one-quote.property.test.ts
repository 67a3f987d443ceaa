/**
 * One quote per brand. A stop loss or take profit that `validateStopLossTakeProfit` accepts
 * against the brand quote (`brandQuote(feed, terms)`, what the client sees) never fires (`triggerFires`) at that same
 * quote, whatever the brand's markup, the instrument's tick, the feed and the direction; and a level one tick beyond
 * the price the position would close at is refused, naming that price. (Checking levels against
 * the spec's markup of the feed while the engine triggers at the brand's lets a stop loss the ticket accepted close
 * the position at once.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approxBrandQuote, brandQuote, closeSide, type QuoteTerms, tickSizeOf } from './brand-quote.js';
import { formatPrice } from './format.js';
import { Dec } from './money.js';
import type { Direction, Quote } from './pricing.js';
import { roundLevel, triggerFires, validateStopLossTakeProfit } from './triggers.js';

const markupArb = fc.oneof(
  fc.double({ min: 0, max: 5, noNaN: true }).map((value) => ({ unit: 'percent', value }) as const),
  fc.double({ min: 0, max: 500, noNaN: true }).map((value) => ({ unit: 'pips', value }) as const),
);
const pipArb = fc.constantFrom(0.0001, 0.01, 1);
const tickArb = fc.integer({ min: 0, max: 10 }).map((precision) => tickSizeOf(precision) as number);
const directionArb = fc.constantFrom<Direction>('buy', 'sell');

/** A brand (markup), an instrument (pip, tick: none sometimes) and a feed quote whose brand quote is tradable. */
const marketArb = (withTick: fc.Arbitrary<number | null>) =>
  fc
    .record({
      markup: markupArb,
      pipSize: pipArb,
      tick: withTick,
      bid: fc.double({ min: 0.01, max: 1_000_000, noNaN: true }),
      spread: fc.double({ min: 0, max: 0.01, noNaN: true }),
    })
    .map(({ markup, pipSize, tick, bid, spread }) => {
      const terms: QuoteTerms = { markup, pipSize, tick };
      const feed: Quote = { buy: bid * (1 + spread), sell: bid };
      return { terms, feed, quote: brandQuote(feed, terms) };
    })
    // a sell price above zero (a pips markup larger than the price leaves nothing to trade), and a price a double
    // holds on its tick (at most 12 significant digits: 10 decimals on a price of 100, 2 on one of 10 billion)
    .filter(({ terms, quote }) => quote.sell > 0 && (terms.tick === null || quote.buy / terms.tick <= 1e12));

/**
 * A level as a client enters it: k ticks (or k millionths of the price without a tick) either side of the close
 * price, or a share of it; put on the tick as the server does (`roundLevel`), at most 10 decimals.
 */
const levelArb = fc.option(
  fc.oneof(
    fc.integer({ min: -1_000, max: 1_000 }).map((k) => ({ kind: 'steps' as const, k })),
    fc.double({ min: -0.5, max: 0.5, noNaN: true }).map((share) => ({ kind: 'share' as const, share })),
  ),
  { freq: 4 },
);

function levelOf(
  spec: { kind: 'steps'; k: number } | { kind: 'share'; share: number } | null,
  close: number,
  tick: number | null,
): number | null {
  if (spec === null) return null;
  const step = tick ?? close * 1e-6;
  const raw =
    spec.kind === 'steps'
      ? new Dec(close).plus(new Dec(step).times(spec.k)).toNumber()
      : close * (1 + spec.share);
  if (!(raw > 0)) return null;
  const level = roundLevel(Number(raw.toFixed(10)), tick);
  return level === null || Number.isNaN(level) || !(level > 0) ? null : level;
}

describe('one quote per brand (property)', () => {
  it('a stop loss or take profit validated against the brand quote never fires at that quote', () => {
    fc.assert(
      fc.property(
        marketArb(fc.oneof({ arbitrary: tickArb, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })),
        directionArb,
        levelArb,
        levelArb,
        ({ terms, feed, quote }, direction, sl, tp) => {
          const close = closeSide(direction, quote);
          const levels = {
            stop_lost: levelOf(sl, close, terms.tick),
            take_profit: levelOf(tp, close, terms.tick),
          };
          const errors = validateStopLossTakeProfit({ direction, ...levels, quote });
          const accepted = {
            direction,
            stop_lost: errors.stop_lost ? null : levels.stop_lost,
            take_profit: errors.take_profit ? null : levels.take_profit,
          };
          expect(triggerFires(accepted, quote)).toBeNull();
          // the quote is one: computed again from the same feed and terms, it is the same and fires nothing either
          const again = brandQuote(feed, terms);
          expect(again).toEqual(quote);
          expect(triggerFires(accepted, again)).toBeNull();
          // nor does the engine's float estimate of it, which is on the same tick step
          if (terms.tick !== null) {
            const approx = approxBrandQuote(feed, terms);
            expect(triggerFires(accepted, { buy: approx.buy, sell: approx.sell } as typeof quote)).toBeNull();
          }
        },
      ),
      { numRuns: 3_000 },
    );
  }, 60_000);

  it('a level one tick beyond the close price is refused naming that price; one tick inside is kept and does not fire', () => {
    fc.assert(
      fc.property(marketArb(tickArb), directionArb, ({ terms, quote }, direction) => {
        const tick = terms.tick as number;
        const close = closeSide(direction, quote);
        const up = new Dec(close).plus(tick).toNumber();
        const down = new Dec(close).minus(tick).toNumber();
        const named = { value: formatPrice(close) };
        // a buy closes at the sell price: its stop loss must be below it, its take profit above it; a sell the reverse
        const [slBeyond, tpBeyond, slInside, tpInside] =
          direction === 'buy' ? [up, down, down, up] : [down, up, up, down];
        const slKey = direction === 'buy' ? 'trigger.cantBeHigher' : 'trigger.cantBeLower';
        const tpKey = direction === 'buy' ? 'trigger.cantBeLower' : 'trigger.cantBeHigher';

        if (slBeyond > 0) {
          const beyond = validateStopLossTakeProfit({ direction, stop_lost: slBeyond, quote });
          expect(beyond.stop_lost).toEqual({ key: slKey, params: named });
        }
        // and exactly at the close price too (equal is refused)
        const at = validateStopLossTakeProfit({ direction, stop_lost: close, take_profit: close, quote });
        expect(at.stop_lost).toEqual({ key: slKey, params: named });
        expect(at.take_profit).toEqual({ key: tpKey, params: named });
        if (tpBeyond > 0) {
          const errors = validateStopLossTakeProfit({ direction, take_profit: tpBeyond, quote });
          expect(errors.take_profit).toEqual({ key: tpKey, params: named });
        }

        const inside = {
          direction,
          stop_lost: slInside > 0 ? slInside : null,
          take_profit: tpInside > 0 ? tpInside : null,
        };
        expect(validateStopLossTakeProfit({ ...inside, quote })).toEqual({});
        expect(triggerFires(inside, quote)).toBeNull();
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);
});
