import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountFromLots,
  amountFromUnits,
  lotsFromAmount,
  tradeSize,
  unitsFromAmount,
  unitsFromAmountExact,
} from './sizing.js';

describe('trade sizes: units and lots (hand-worked)', () => {
  it('EURUSD: 1,000 € at 1:30 bought at 1.08 is 30,000 ÷ 1.08 = 27,777.77… units, 0.2777… lots', () => {
    expect(unitsFromAmountExact(1000, 30, 1.08).toFixed(6)).toBe('27777.777778');
    expect(unitsFromAmount(1000, 30, 1.08)).toBe(27777.77778);
    expect(lotsFromAmount(1000, 30, 1.08, 100_000)).toBe(0.2777777778);
  });

  it('one forex lot at 1:30 and 1.08 needs 100,000 × 1.08 ÷ 30 = 3,600.00 of margin', () => {
    expect(amountFromLots(1, 30, 1.08, 100_000)).toBe(3600);
  });

  it('10,000 units at 1.085 and 1:30 is 361.666… rounded half-up to the cent: 361.67', () => {
    expect(amountFromUnits(10_000, 30, 1.085)).toBe(361.67);
  });

  it('a half cent rounds up (1 unit at 1.005, 1:1 → 1.01)', () => {
    expect(amountFromUnits(1, 1, 1.005)).toBe(1.01);
    expect(amountFromUnits(1, 1, 1.0049)).toBe(1);
  });

  it('BTCUSD: 100 € at 1:2 and 95,000 is 0.002105263158 BTC; 0.01 BTC needs 475 €', () => {
    expect(unitsFromAmount(100, 2, 95_000)).toBe(0.002105263158);
    expect(lotsFromAmount(100, 2, 95_000, 1)).toBe(0.002105263158);
    expect(amountFromUnits(0.01, 2, 95_000)).toBe(475);
  });

  it('GOLD: one lot of 100 oz at 2,650.50 and 1:20 needs 13,252.50', () => {
    expect(amountFromLots(1, 20, 2650.5, 100)).toBe(13_252.5);
    expect(unitsFromAmount(13_252.5, 20, 2650.5)).toBe(100);
  });

  it('tradeSize: what the client typed, the amount sent and the units and lots that amount really buys', () => {
    const terms = { leverage: 30, price: 1.085, contractSize: 100_000 };
    // 10,000 units → 361.67 € → 10,000.09217 units (the cent rounding shows)
    expect(tradeSize('units', '10000', terms)).toEqual({
      amount: 361.67,
      units: 10_000.09217,
      lots: 0.1000009217,
    });
    expect(tradeSize('lots', '0.1', terms)).toEqual({
      amount: 361.67,
      units: 10_000.09217,
      lots: 0.1000009217,
    });
    expect(tradeSize('amount', '3617', terms)?.lots).toBe(1.000092166);
    expect(tradeSize('units', 'abc', terms)).toBeNull();
    expect(tradeSize('units', '-1', terms)).toBeNull();
  });

  it('refuses a zero or negative price, leverage or contract size', () => {
    expect(() => unitsFromAmount(100, 0, 1.08)).toThrow(RangeError);
    expect(() => amountFromUnits(100, 30, 0)).toThrow(RangeError);
    expect(() => amountFromLots(1, 30, 1.08, -1)).toThrow(RangeError);
  });
});

describe('trade sizes (property)', () => {
  const amountArb = fc.integer({ min: 100, max: 1_000_000_000 }).map((cents) => cents / 100);
  const leverageArb = fc.constantFrom(1, 2, 5, 10, 20, 30, 50, 100, 200, 500);
  const priceArb = fc.integer({ min: 1, max: 1_000_000_000 }).map((points) => points / 10_000);
  const contractArb = fc.constantFrom(1, 10, 100, 1000, 5000, 100_000);

  it('amount → units → amount gives the same amount (well within a step)', () => {
    fc.assert(
      fc.property(amountArb, leverageArb, priceArb, (amount, leverage, price) => {
        expect(amountFromUnits(unitsFromAmount(amount, leverage, price), leverage, price)).toBe(amount);
      }),
    );
  });

  it('amount → lots → amount gives the same amount', () => {
    fc.assert(
      fc.property(amountArb, leverageArb, priceArb, contractArb, (amount, leverage, price, contract) => {
        const lots = lotsFromAmount(amount, leverage, price, contract);
        expect(amountFromLots(lots, leverage, price, contract)).toBe(amount);
      }),
    );
  });

  it('units → amount is within half a step of the exact margin', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1e7, noNaN: true }),
        leverageArb,
        priceArb,
        (units, leverage, price) => {
          const exact = (units * price) / leverage;
          expect(Math.abs(amountFromUnits(units, leverage, price) - exact)).toBeLessThanOrEqual(
            0.005 + exact * 1e-12,
          );
        },
      ),
    );
  });
});
