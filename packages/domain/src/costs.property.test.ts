import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandQuote } from './brand-quote.js';
import { commissionFor, DEFAULT_MARKUP, type Swap, swapCharge, swapNights } from './costs.js';
import { Dec, isWholeCents } from './money.js';
import { buyPrice, sellPrice } from './pricing.js';

const DAY = 24 * 60 * 60 * 1000;
// a 22:00 UTC rollover between 2000 and 2100
const rolloverArb = fc.integer({ min: 10_957, max: 47_482 }).map((day) => day * DAY + 22 * 60 * 60 * 1000);
const swapArb: fc.Arbitrary<Swap> = fc.record({
  long: fc.double({ min: -100, max: 100, noNaN: true }),
  short: fc.double({ min: -100, max: 100, noNaN: true }),
  tripleDay: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, null),
  weekends: fc.boolean(),
});
const moneyArb = fc.integer({ min: 100, max: 100_000_000 }).map((c) => c / 100);

describe('swap nights (property)', () => {
  it('a forex week (triple Wednesday, no weekends) charges 7 nights, whichever day it starts', () => {
    const forex: Swap = { long: -1, short: -1, tripleDay: 3, weekends: false };
    fc.assert(
      fc.property(rolloverArb, (start) => {
        let nights = 0;
        for (let i = 0; i < 7; i++) nights += swapNights(forex, start + i * DAY);
        expect(nights).toBe(7);
      }),
    );
  });

  it('0 on Saturday and Sunday without weekends, 3 on the triple day, else 1; 0 when the calendar is closed', () => {
    fc.assert(
      fc.property(swapArb, rolloverArb, fc.boolean(), (swap, at, open) => {
        const weekday = new Date(at).getUTCDay();
        const nights = swapNights(swap, at, () => open);
        if (!open || (!swap.weekends && (weekday === 0 || weekday === 6))) expect(nights).toBe(0);
        else expect(nights).toBe(weekday === swap.tripleDay ? 3 : 1);
      }),
    );
  });
});

describe('swap charge (property)', () => {
  it('is notional × rate ÷ 100 ÷ 360 × nights in cents, half-up, with the rate’s sign', () => {
    fc.assert(
      fc.property(
        swapArb,
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        moneyArb,
        fc.constantFrom(1, 2, 5, 10, 30, 100),
        fc.constantFrom(0, 1, 3),
        (swap, direction, amount, leverage, nights) => {
          const charge = swapCharge({ direction, amount, leverage, swap, nights });
          const rate = direction === 'buy' ? swap.long : swap.short;
          const exact = new Dec(amount).times(leverage).times(rate).dividedBy(36_000).times(nights);
          expect(isWholeCents(charge)).toBe(true);
          expect(new Dec(charge).minus(exact).abs().toNumber()).toBeLessThanOrEqual(0.005);
          if (charge !== 0) expect(Math.sign(charge)).toBe(Math.sign(rate));
        },
      ),
    );
  });
});

describe('commission (property)', () => {
  it('is ≥ 0, whole cents, within half a cent of the exact charge, and grows with the notional', () => {
    fc.assert(
      fc.property(
        fc.record({
          unit: fc.constantFrom('perLot', 'percent') as fc.Arbitrary<'perLot' | 'percent'>,
          value: fc.double({ min: 0, max: 50, noNaN: true }),
        }),
        moneyArb,
        moneyArb,
        (c, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const fee = commissionFor(c, small);
          const exact =
            c.unit === 'perLot'
              ? new Dec(c.value).times(small).dividedBy(100_000)
              : new Dec(small).times(c.value).dividedBy(100);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(isWholeCents(fee)).toBe(true);
          expect(new Dec(fee).minus(exact).abs().toNumber()).toBeLessThanOrEqual(0.005);
          // a half cent rounds up
          if (exact.times(1000).mod(10).equals(5) && exact.decimalPlaces() === 3)
            expect(new Dec(fee).greaterThan(exact)).toBe(true);
          expect(commissionFor(c, large)).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });
});

describe('dealing prices with a markup (property)', () => {
  const feedArb = fc
    .tuple(
      fc.double({ min: 0.0001, max: 100_000, noNaN: true }),
      fc.double({ min: 0, max: 0.01, noNaN: true }),
    )
    .map(([bid, spread]) => ({ buy: bid * (1 + spread), sell: bid }));

  it('the default markup is the spec’s dealing quote for any feed', () => {
    fc.assert(
      fc.property(feedArb, (feed) => {
        expect(brandQuote(feed, { markup: DEFAULT_MARKUP, pipSize: 0.0001, tick: null })).toEqual({
          buy: buyPrice(feed.buy),
          sell: sellPrice(feed.sell),
        });
      }),
    );
  });

  it('buy is never below the ask, sell never above the bid', () => {
    fc.assert(
      fc.property(
        feedArb,
        fc.record({
          unit: fc.constantFrom('percent', 'pips') as fc.Arbitrary<'percent' | 'pips'>,
          value: fc.double({ min: 0, max: 5, noNaN: true }),
        }),
        (feed, markup) => {
          const dealing = brandQuote(feed, { markup, pipSize: 0.0001, tick: null });
          expect(dealing.buy).toBeGreaterThanOrEqual(feed.buy);
          expect(dealing.sell).toBeLessThanOrEqual(feed.sell);
          expect(dealing.sell).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
