/**
 * Exact fast variants of the money helpers of `money.ts` / `position.ts`, for the trading engine's hot path.
 * For Money inputs (whole cents) integer-cent arithmetic gives the very same numbers as the decimal helpers, at a
 * fraction of the cost; beyond `FAST_MONEY_LIMIT` they fall back to the decimal helpers. Equality with the
 * originals is property-tested in `fast-money.test.ts`.
 */
import { addMoney, type Money, subMoney } from './money.js';
import { settleProfit } from './position.js';

/**
 * Largest |amount| the integer-cent path takes: cents × 100 stays exact in a double (< 2^53 with room for the
 * float rounding of value × 100). Larger amounts use the decimal helpers.
 */
export const FAST_MONEY_LIMIT = 1e13;

const fits = (value: number) => value < FAST_MONEY_LIMIT && value > -FAST_MONEY_LIMIT;
const cents = (value: Money) => Math.round(value * 100);
// an integer count of cents ÷ 100 is the double nearest to the decimal, exactly what roundMoney returns
const fromCents = (count: number) => (count / 100 + 0) as Money;

/** `addMoney(a, b)` for Money inputs. */
export function addMoneyFast(a: Money, b: Money): Money {
  return fits(a) && fits(b) ? fromCents(cents(a) + cents(b)) : addMoney(a, b);
}

/** `subMoney(a, b)` for Money inputs. */
export function subMoneyFast(a: Money, b: Money): Money {
  return fits(a) && fits(b) ? fromCents(cents(a) - cents(b)) : subMoney(a, b);
}

/** `settleProfit(balance, profit)` for Money inputs: the balance never below zero, the rest is the shortfall. */
export function settleProfitFast(balance: Money, profit: Money): { balance: Money; shortfall: Money } {
  if (!fits(balance) || !fits(profit)) return settleProfit(balance, profit);
  const after = cents(balance) + cents(profit);
  return after < 0
    ? { balance: fromCents(0), shortfall: fromCents(-after) }
    : { balance: fromCents(after), shortfall: fromCents(0) };
}
