/**
 * The alert index fires exactly what a naive scan of every alert would: over random alerts (above, below, both
 * levels, several groups), removals, replacements and tick sequences, the alerts each tick fires are those whose
 * level the price reaches, each once, and none after it fired or was removed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceAlertIndex } from './price-alert-index.js';
import { type AlertLevels, firesAt } from './price-alerts.js';

const groupArb = fc.constantFrom('1|bid', '1|ask', '2|bid');
const priceArb = fc.integer({ min: 80, max: 120 }).map((n) => n / 4);
const levelArb = fc.option(priceArb, { nil: null });

type Step =
  | { op: 'add'; id: number; group: string; above: number | null; below: number | null }
  | { op: 'remove'; id: number }
  | { op: 'tick'; group: string; price: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      id: fc.integer({ min: 1, max: 30 }),
      group: groupArb,
      above: levelArb,
      below: levelArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('tick' as const), group: groupArb, price: priceArb }) },
);

describe('PriceAlertIndex against a naive scan', () => {
  it('fires the same alerts on every tick', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 200 }), (steps) => {
        const index = new PriceAlertIndex<number>();
        const naive = new Map<number, { group: string } & AlertLevels>();
        for (const step of steps) {
          if (step.op === 'add') {
            index.add({
              id: step.id,
              symbol: 'X',
              group: step.group,
              above: step.above,
              below: step.below,
              item: step.id,
            });
            if (step.above === null && step.below === null) naive.delete(step.id);
            else naive.set(step.id, { group: step.group, above: step.above, below: step.below });
          } else if (step.op === 'remove') {
            expect(index.remove(step.id)).toBe(naive.delete(step.id));
          } else {
            const expected = [...naive]
              .filter(([, a]) => a.group === step.group && firesAt(a, step.price))
              .map(([id]) => id)
              .sort((a, b) => a - b);
            for (const id of expected) naive.delete(id);
            const fired = index.fire('X', step.group, step.price).sort((a, b) => a - b);
            expect(fired).toEqual(expected);
          }
          expect(index.size).toBe(naive.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
