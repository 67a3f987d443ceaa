import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoneyFast, FAST_MONEY_LIMIT, settleProfitFast, subMoneyFast } from './fast-money.js';
import { addMoney, roundMoney, subMoney } from './money.js';
import { settleProfit } from './position.js';

// whole cents, mostly everyday sizes, sometimes up to (and beyond) the fast path's limit
const moneyArb = fc
  .oneof(
    fc.integer({ min: -10_000_000, max: 10_000_000 }),
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  )
  .map((c) => roundMoney(c / 100));

describe('integer-cent money arithmetic for the engine hot path', () => {
  it('adds and subtracts exactly like the decimal helpers', () => {
    fc.assert(
      fc.property(moneyArb, moneyArb, (a, b) => {
        expect(addMoneyFast(a, b)).toBe(addMoney(a, b));
        expect(subMoneyFast(a, b)).toBe(subMoney(a, b));
      }),
      { numRuns: 5_000 },
    );
  });

  it('settles a profit exactly like settleProfit, negative balance protection included', () => {
    fc.assert(
      fc.property(moneyArb, moneyArb, (balance, profit) => {
        expect(settleProfitFast(balance, profit)).toEqual(settleProfit(balance, profit));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps the cents of classic float traps and never returns −0', () => {
    const m = (v: number) => roundMoney(v);
    expect(addMoneyFast(m(0.1), m(0.2))).toBe(0.3);
    expect(subMoneyFast(m(1.1), m(1.1))).toBe(0);
    expect(Object.is(subMoneyFast(m(-0.01), m(-0.01)), -0)).toBe(false);
    expect(settleProfitFast(m(100), m(-113.22))).toEqual({ balance: 0, shortfall: 13.22 });
  });

  it('falls back to the decimal helpers beyond FAST_MONEY_LIMIT', () => {
    const big = roundMoney(FAST_MONEY_LIMIT * 5 + 0.07);
    expect(addMoneyFast(big, roundMoney(0.01))).toBe(addMoney(big, 0.01));
  });
});
