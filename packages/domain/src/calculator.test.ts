import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALCULATOR_LEVERAGES, CALCULATOR_ROWS, exposure, terminationPercent } from './calculator.js';
import { lossTerminationPrice } from './position.js';

describe('spec §9 calculator', () => {
  it('offers leverages 1, 3, 5, 10, 15, 20 and 30', () => {
    expect(CALCULATOR_LEVERAGES).toEqual([1, 3, 5, 10, 15, 20, 30]);
    expect(CALCULATOR_ROWS.map((row) => row.leverage)).toEqual([...CALCULATOR_LEVERAGES]);
  });

  // docs/decisions/0001: the spec prints 7.5 for leverage 15; the engine terminates at 100 / 15 = 6.7 %
  it('shows 6.7 % for leverage 15, the move at which the engine terminates the position', () => {
    expect(terminationPercent(15)).toBe(6.7);
    expect(terminationPercent(15)).not.toBe(7.5);
  });

  it('shows 100, 33.3, 20, 10, 6.7, 5 and 3.3', () => {
    expect(CALCULATOR_ROWS.map((row) => row.terminationPercent)).toEqual([100, 33.3, 20, 10, 6.7, 5, 3.3]);
  });

  it.each(CALCULATOR_ROWS.map((row) => [row.leverage, row.terminationPercent] as const))(
    'leverage %d: the row matches the engine’s loss termination price (%d %)',
    (leverage, shown) => {
      for (const direction of ['buy', 'sell'] as const) {
        const open_rate = 1234.5678;
        const limit = lossTerminationPrice({ direction, amount: 100, leverage, open_rate });
        const move = (Math.abs(limit - open_rate) / open_rate) * 100;
        expect(Math.round(move * 10) / 10).toBe(shown);
      }
    },
  );

  it('rejects a leverage of zero or less', () => {
    expect(() => terminationPercent(0)).toThrow(RangeError);
    expect(() => terminationPercent(-5)).toThrow(RangeError);
  });

  it('computes the exposure of a position as amount × leverage', () => {
    expect(exposure(250, 30)).toBe(7500);
    expect(exposure(0.01, 3)).toBe(0.03);
  });

  it('for any leverage, the shown percentage is the engine’s adverse move rounded to 1 dp', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.double({ min: 0.01, max: 100_000, noNaN: true }),
        (lev, rate) => {
          const limit = lossTerminationPrice({
            direction: 'sell',
            amount: 1,
            leverage: lev,
            open_rate: rate,
          });
          const move = ((limit - rate) / rate) * 100;
          expect(Math.abs(terminationPercent(lev) - move)).toBeLessThanOrEqual(0.05 + 1e-9);
        },
      ),
    );
  });
});
