/**
 * Money, prices and percentages. Booked amounts are never floats internally: the server computes every
 * booked value (ledger entry, balance, realised profit) with these decimal helpers and writes
 * `toMoneyString(...)` into NUMERIC columns. Plain numbers only cross the API and the UI.
 */
import Decimal from 'decimal.js';
import { CURRENCY_SYMBOL } from './constants.js';

/** decimal.js constructor for all domain arithmetic: 40 significant digits, half-up rounding (ties away from zero). */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Anything the helpers accept: a number, a numeric string (e.g. a NUMERIC column) or a Decimal. */
export type Numeric = number | string | Decimal;

/** An amount of account currency, rounded to cents. */
export type Money = number & { readonly __brand: 'Money' };
/** A quoted or dealt price (unrounded; display it with `formatPrice`). */
export type Price = number & { readonly __brand: 'Price' };
/** A percentage, e.g. 6.7 for 6.7 %. */
export type Percent = number & { readonly __brand: 'Percent' };

/** Converts to a Decimal; throws RangeError for NaN, infinities and non-numeric strings. */
export function toDecimal(value: Numeric): Decimal {
  let d: Decimal;
  try {
    d = new Dec(value);
  } catch {
    throw new RangeError(`Not a number: ${String(value)}`);
  }
  if (!d.isFinite()) throw new RangeError(`Not a finite number: ${String(value)}`);
  return d;
}

// -0 would leak into JSON and tests as "-0"; money and prices are never negative zero.
const plain = (d: Decimal): number => d.toNumber() + 0;

/** Rounds to cents, half-up (ties away from zero): 1.005 → 1.01, -1.005 → -1.01. */
export function roundMoney(value: Numeric): Money {
  return plain(toDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)) as Money;
}

/** Money constructor: rounds to cents (same as `roundMoney`). */
export function money(value: Numeric): Money {
  return roundMoney(value);
}

/** Price constructor: a finite, non-negative number, kept unrounded. */
export function price(value: Numeric): Price {
  const d = toDecimal(value);
  if (d.isNegative() && !d.isZero()) throw new RangeError(`A price can't be negative: ${String(value)}`);
  return plain(d) as Price;
}

/** Percent constructor: a finite number (6.7 means 6.7 %). */
export function percent(value: Numeric): Percent {
  return plain(toDecimal(value)) as Percent;
}

/** a + b, in cents. */
export function addMoney(a: Numeric, b: Numeric): Money {
  return roundMoney(toDecimal(a).plus(toDecimal(b)));
}

/** a − b, in cents. */
export function subMoney(a: Numeric, b: Numeric): Money {
  return roundMoney(toDecimal(a).minus(toDecimal(b)));
}

/** a × factor, rounded to cents. */
export function mulMoney(a: Numeric, factor: Numeric): Money {
  return roundMoney(toDecimal(a).times(toDecimal(factor)));
}

/** a ÷ divisor, rounded to cents; throws RangeError on a zero divisor. */
export function divMoney(a: Numeric, divisor: Numeric): Money {
  const d = toDecimal(divisor);
  if (d.isZero()) throw new RangeError('Division by zero');
  return roundMoney(toDecimal(a).dividedBy(d));
}

/** Σ values, summed exactly and rounded once to cents (0 for an empty list). */
export function sumMoney(values: readonly Numeric[]): Money {
  return roundMoney(values.reduce<Decimal>((sum, v) => sum.plus(toDecimal(v)), new Dec(0)));
}

/**
 * Largest |amount| in cents a Money carries exactly (10 trillion in currency units, the same bound as
 * `FAST_MONEY_LIMIT`): below it k ÷ 100 is the double nearest to the decimal k/100, and × 100 lands within a
 * fraction of a cent of k, so the conversion back is exact. Larger amounts are refused on the booking path.
 */
export const MAX_MONEY_CENTS = 1e15;

const MONEY_TEXT = /^(-?)(\d+)\.(\d{2})$/;

/**
 * The whole number of cents of a Money, exactly (Money is k ÷ 100 for an integer k, so k × 100 lies within a
 * fraction of an ulp of k). Throws RangeError for a value that is not a whole number of cents or too large to
 * be exact — such a value was never produced by these helpers.
 */
export function moneyToCents(value: Money): number {
  const count = Math.round(value * 100);
  if (!(Math.abs(count) <= MAX_MONEY_CENTS) || count / 100 !== value + 0)
    throw new RangeError(`Not an exact amount of money: ${String(value)}`);
  return count + 0;
}

/** Money of a whole number of cents: 123456 → 1234.56. Throws RangeError beyond `MAX_MONEY_CENTS` or for a fraction. */
export function moneyFromCents(count: number): Money {
  if (!Number.isInteger(count) || !(Math.abs(count) <= MAX_MONEY_CENTS))
    throw new RangeError(`Not a whole number of cents: ${String(count)}`);
  // an integer ÷ 100 is correctly rounded: the double nearest to the decimal, exactly what roundMoney returns
  return (count / 100 + 0) as Money;
}

/**
 * The NUMERIC(…, 2) text of a Money, formatted from its integer cents (no float formatting): 1234.5 → '1234.50',
 * -0.05 → '-0.05'. The one way a booked amount is written to the database.
 */
export function moneyToDecimalString(value: Money): string {
  const count = moneyToCents(value);
  const digits = String(Math.abs(count)).padStart(3, '0');
  return `${count < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Reads a NUMERIC(…, 2) column's text ('1234.50', '-0.05') as Money, exactly. Refuses (RangeError) anything that
 * is not a plain decimal with exactly two decimals, so a column of another scale cannot slip onto the booking path.
 */
export function parseMoney(text: string): Money {
  const match = MONEY_TEXT.exec(text);
  if (!match) throw new RangeError(`Not a two-decimal amount: ${JSON.stringify(text)}`);
  const count = Number(`${match[2]}${match[3]}`);
  return moneyFromCents(match[1] === '-' ? -count : count);
}

/** −value, exactly (negating a double never rounds). */
export function negateMoney(value: Money): Money {
  return (0 - value) as Money;
}

/** Fixed two-decimal string for NUMERIC columns and payloads: 1234.5 → '1234.50'. */
export function toMoneyString(value: Numeric): string {
  const s = toDecimal(value).toFixed(2, Decimal.ROUND_HALF_UP);
  return s === '-0.00' ? '0.00' : s;
}

/** Money for messages, symbol first as in 'Minimum Deposit € 250': 1234.5 → '€ 1234.50' (default symbol €). */
export function formatMoney(value: Numeric, symbol: string = CURRENCY_SYMBOL): string {
  return `${symbol} ${toMoneyString(value)}`;
}

/** Whether a value has at most 2 decimals, i.e. is a whole number of cents (spec §9 step 0.01). */
export function isWholeCents(value: Numeric): boolean {
  return toDecimal(value).decimalPlaces() <= 2;
}

/**
 * Parses a form or API number: a finite number or a plain decimal string ('12', '12.50', ' .5 ').
 * Returns null for empty input (undefined, null, '' or blanks) and NaN for anything else.
 */
export function parseNumberInput(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : Number.NaN;
  if (typeof raw !== 'string') return Number.NaN;
  const s = raw.trim();
  if (s === '') return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}
