import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalsFor, formatPrice } from './format.js';

describe('spec §9 number decimals', () => {
  it.each([
    [0, 6],
    [9.999999, 6],
    [-9.999999, 6],
    [10, 4],
    [-10, 4],
    [99.99, 4],
    [-99.99, 4],
    [100, 2],
    [-100, 2],
    [65000.5, 2],
  ])('shows %d with %d decimals', (value, decimals) => {
    expect(decimalsFor(value)).toBe(decimals);
  });

  it('formats prices with those decimals, rounding half-up', () => {
    expect(formatPrice(1.0845)).toBe('1.084500');
    expect(formatPrice(1.2345675)).toBe('1.234568');
    expect(formatPrice(12.34565)).toBe('12.3457');
    expect(formatPrice(123.455)).toBe('123.46');
    expect(formatPrice(0)).toBe('0.000000');
    expect(formatPrice(-5.5)).toBe('-5.500000');
    expect(formatPrice(-50.5)).toBe('-50.5000');
    expect(formatPrice(-0.00000001)).toBe('0.000000');
  });

  it('does not crash on a missing price', () => {
    expect(decimalsFor(Number.NaN)).toBe(2);
    expect(formatPrice(Number.NaN)).toBe('NaN');
  });
});

describe('decimals properties', () => {
  it('the decimals depend only on the magnitude of the integer part', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (x) => {
        const d = decimalsFor(x);
        expect(decimalsFor(-x)).toBe(d);
        const whole = Math.trunc(Math.abs(x));
        expect(d).toBe(whole < 10 ? 6 : whole < 100 ? 4 : 2);
      }),
    );
  });

  it('a formatted price has exactly that many decimals and is within half a unit of the last digit', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (x) => {
        const s = formatPrice(x);
        const d = decimalsFor(x);
        expect(s.split('.')[1]).toHaveLength(d);
        expect(Math.abs(Number(s) - x)).toBeLessThanOrEqual(0.5 * 10 ** -d + 1e-9);
      }),
    );
  });
});
