import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderLevelError, orderTriggered, trailedStop } from './orders.js';
import type { Direction } from './pricing.js';

const directionArb = fc.constantFrom<Direction>('buy', 'sell');
const priceArb = fc.double({ min: 0.001, max: 100_000, noNaN: true });

describe('trailing stop (property)', () => {
  it('moves only in the client’s favour and stays within the distance of the best price', () => {
    fc.assert(
      fc.property(
        directionArb,
        priceArb,
        fc.double({ min: 0.0001, max: 0.2, noNaN: true }),
        fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (direction, start, fraction, moves) => {
          const distance = start * fraction;
          let p = start;
          let stop = trailedStop(direction, p, distance, null);
          let best = p;
          for (const m of moves) {
            p *= 1 + m;
            best = direction === 'buy' ? Math.max(best, p) : Math.min(best, p);
            const next = trailedStop(direction, p, distance, stop);
            if (stop !== null && next !== null) {
              if (direction === 'buy') expect(next).toBeGreaterThanOrEqual(stop);
              else expect(next).toBeLessThanOrEqual(stop);
            }
            stop = next;
          }
          if (stop !== null) {
            const expected = direction === 'buy' ? best - distance : best + distance;
            expect(Math.abs(stop - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-12);
          }
        },
      ),
    );
  });
});

describe('pending order levels (property)', () => {
  it('a level accepted at placement does not fire at the same prices; a refused one would fire at once', () => {
    fc.assert(
      fc.property(
        directionArb,
        fc.constantFrom<'limit' | 'stop'>('limit', 'stop'),
        priceArb,
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        (direction, type, sell, spread, offset) => {
          const dealing = { buy: sell * (1 + spread), sell };
          const reference = direction === 'buy' ? dealing.buy : dealing.sell;
          const level = reference * (1 + offset);
          const error = orderLevelError({ direction, type, price: level }, dealing);
          const fires = orderTriggered({ direction, type, price: level }, dealing);
          if (error === null) expect(fires).toBe(false);
          else expect(fires).toBe(true);
        },
      ),
    );
  });
});
