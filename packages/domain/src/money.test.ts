import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  divMoney,
  formatMoney,
  isWholeCents,
  MAX_MONEY_CENTS,
  money,
  moneyFromCents,
  moneyToCents,
  moneyToDecimalString,
  mulMoney,
  negateMoney,
  parseMoney,
  parseNumberInput,
  percent,
  price,
  roundMoney,
  subMoney,
  sumMoney,
  toDecimal,
  toMoneyString,
} from './money.js';

const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((c) => c / 100);

describe('money arithmetic', () => {
  it('rounds half-up to cents, ties away from zero, even where floats would round down', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney('0.004999')).toBe(0);
    expect(roundMoney(-0.001)).toBe(0);
    expect(Object.is(roundMoney(-0.001), -0)).toBe(false);
  });

  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(subMoney(0.3, 0.1)).toBe(0.2);
    expect(mulMoney(19.99, 3)).toBe(59.97);
    expect(divMoney(100, 3)).toBe(33.33);
    expect(sumMoney([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumMoney([])).toBe(0);
  });

  it('refuses to divide by zero and to book NaN or infinity', () => {
    expect(() => divMoney(1, 0)).toThrow(RangeError);
    expect(() => money(Number.NaN)).toThrow(RangeError);
    expect(() => money(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toDecimal('12abc')).toThrow(RangeError);
  });

  it('writes NUMERIC strings with two decimals', () => {
    expect(toMoneyString(1234.5)).toBe('1234.50');
    expect(toMoneyString('7')).toBe('7.00');
    expect(toMoneyString(-0.001)).toBe('0.00');
    expect(toMoneyString(-12.345)).toBe('-12.35');
  });

  it('shows money symbol first, like the minimum deposit message', () => {
    expect(formatMoney(1234.5)).toBe('€ 1234.50');
    expect(formatMoney(250, '$')).toBe('$ 250.00');
  });

  it('builds prices and percents only from finite values, prices never negative', () => {
    expect(price('65000.123456789')).toBe(65000.123456789);
    expect(price(0)).toBe(0);
    expect(() => price(-1)).toThrow(RangeError);
    expect(percent(6.7)).toBe(6.7);
  });

  it('knows whole cents', () => {
    expect(isWholeCents(10.01)).toBe(true);
    expect(isWholeCents(10)).toBe(true);
    expect(isWholeCents(10.001)).toBe(false);
    expect(isWholeCents(0.1 + 0.2)).toBe(false);
  });

  it('reads form numbers: blank is empty, garbage is NaN', () => {
    expect(parseNumberInput(' 12.50 ')).toBe(12.5);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput(7)).toBe(7);
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput(null)).toBeNull();
    expect(parseNumberInput(undefined)).toBeNull();
    expect(parseNumberInput('1e3')).toBeNaN();
    expect(parseNumberInput('12,5')).toBeNaN();
    expect(parseNumberInput(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(parseNumberInput(true)).toBeNaN();
  });
});

describe('money properties', () => {
  it('adding and subtracting cent amounts is exact', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(subMoney(addMoney(a, b), b)).toBe(a);
        expect(addMoney(a, b)).toBe(addMoney(b, a));
        expect(Math.round(addMoney(a, b) * 100)).toBe(Math.round(a * 100) + Math.round(b * 100));
      }),
    );
  });

  it('a sum is the same in any order', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (values) => {
        expect(sumMoney([...values].reverse())).toBe(sumMoney(values));
      }),
    );
  });

  it('rounding is within half a cent, idempotent and symmetric', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const r = roundMoney(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-6);
        expect(roundMoney(r)).toBe(r);
        expect(roundMoney(-x)).toBe(r === 0 ? 0 : -r);
        expect(isWholeCents(r)).toBe(true);
      }),
    );
  });

  it('the NUMERIC string reads back as the same amount', () => {
    fc.assert(
      fc.property(cents, (a) => {
        expect(Number(toMoneyString(a))).toBe(a);
        expect(toMoneyString(a)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('booked amounts: Money ↔ NUMERIC text, exactly', () => {
  it('formats from integer cents, never through float formatting', () => {
    expect(moneyToDecimalString(money(1234.5))).toBe('1234.50');
    expect(moneyToDecimalString(money(-0.05))).toBe('-0.05');
    expect(moneyToDecimalString(money(0))).toBe('0.00');
    expect(moneyToDecimalString(money(0.1 + 0.2))).toBe('0.30');
    expect(moneyToDecimalString(money('9999999999999.99'))).toBe('9999999999999.99');
  });

  it('reads two-decimal NUMERIC text exactly and refuses any other shape', () => {
    expect(parseMoney('10000.00')).toBe(10_000);
    expect(parseMoney('-250.05')).toBe(-250.05);
    expect(parseMoney('0.30')).toBe(money(0.3));
    for (const bad of ['1', '1.5', '1.505', '', ' 1.00', '1e3', '1,00', 'NaN', '--1.00', '+1.00'])
      expect(() => parseMoney(bad), bad).toThrow(RangeError);
    // beyond 10 trillion a double no longer carries every cent
    expect(() => parseMoney('10000000000000.01')).toThrow(RangeError);
  });

  it('round-trips every amount of cents: text → Money → text and Money → cents → Money', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }), (count) => {
        const m = moneyFromCents(count);
        expect(moneyToCents(m)).toBe(count);
        expect(parseMoney(moneyToDecimalString(m))).toBe(m);
        expect(moneyToDecimalString(m)).toBe(toMoneyString(m));
        expect(m).toBe(roundMoney(m));
      }),
    );
  });

  it('refuses a float that is not a whole number of cents, so a computed number cannot be booked', () => {
    const notMoney = 0.1 + 0.2; // 0.30000000000000004
    expect(() => moneyToCents(notMoney as never)).toThrow(RangeError);
    expect(() => moneyFromCents(1.5)).toThrow(RangeError);
  });

  it('negates exactly, without a negative zero', () => {
    expect(negateMoney(money(12.34))).toBe(-12.34);
    expect(Object.is(negateMoney(money(0)), -0)).toBe(false);
  });
});
