/**
 * Trade sizes in units and lots. The spec's contract stays the `amount`, the margin the client commits
 * ("Position profit = price difference × amount × leverage ÷ open rate", spec §9): a position of `amount` at
 * `leverage` opened at `price` moves like `units = amount × leverage ÷ price` of the instrument, and one lot is
 * `contractSize` units (100,000 for a currency pair, 100 oz of gold, ...). The ticket lets a client type the size in
 * any of the three; what is sent and checked is always the amount worked out here.
 *
 * Rounding rules (exact decimal arithmetic, decision 0011):
 * - an amount worked out from units or lots is rounded half-up to the amount step (0.01, spec §9): the trade is
 *   then slightly bigger or smaller than typed, by less than half a cent of margin;
 * - the units and lots a (rounded) amount buys are shown to `SIZE_SIGNIFICANT_DIGITS` significant digits,
 *   half-up; going back from those to an amount gives the same amount for any amount up to 10,000,000.
 */
import Decimal from 'decimal.js';
import { AMOUNT_STEP } from './constants.js';
import { Dec, type Numeric, toDecimal } from './money.js';

/** How a ticket's size is typed: the margin amount (the spec's), units of the instrument, or lots. */
export const SIZE_MODES = ['amount', 'units', 'lots'] as const;
export type SizeMode = (typeof SIZE_MODES)[number];

/** Significant digits units and lots are shown with (enough that going back gives the same amount). */
export const SIZE_SIGNIFICANT_DIGITS = 10;

/** Decimals of the amount step (0.01 → 2). */
const AMOUNT_DECIMALS = new Dec(AMOUNT_STEP).decimalPlaces();

function positive(value: Numeric, what: string): Decimal {
  const d = toDecimal(value);
  if (!d.isPositive() || d.isZero()) throw new RangeError(`${what} must be positive: ${String(value)}`);
  return d;
}

/** Exact units of a trade: amount × leverage ÷ price (unrounded). */
export function unitsFromAmountExact(amount: Numeric, leverage: Numeric, price: Numeric): Decimal {
  return toDecimal(amount).times(positive(leverage, 'leverage')).dividedBy(positive(price, 'price'));
}

/** Units of a trade as shown: amount × leverage ÷ price to 10 significant digits, half-up. */
export function unitsFromAmount(amount: Numeric, leverage: Numeric, price: Numeric): number {
  return shown(unitsFromAmountExact(amount, leverage, price));
}

/** Lots of a trade as shown: units ÷ contract size to 10 significant digits, half-up. */
export function lotsFromAmount(
  amount: Numeric,
  leverage: Numeric,
  price: Numeric,
  contractSize: Numeric,
): number {
  return shown(
    unitsFromAmountExact(amount, leverage, price).dividedBy(positive(contractSize, 'contract size')),
  );
}

/** The amount (margin) that trades `units` at this leverage and price: units × price ÷ leverage, on the 0.01 step. */
export function amountFromUnits(units: Numeric, leverage: Numeric, price: Numeric): number {
  return onStep(toDecimal(units).times(positive(price, 'price')).dividedBy(positive(leverage, 'leverage')));
}

/** The amount (margin) that trades `lots` lots: lots × contract size units, then as `amountFromUnits`. */
export function amountFromLots(
  lots: Numeric,
  leverage: Numeric,
  price: Numeric,
  contractSize: Numeric,
): number {
  return amountFromUnits(toDecimal(lots).times(positive(contractSize, 'contract size')), leverage, price);
}

/** One size in the three ways, from what a client typed in `mode`; null when the typed value is not a number. */
export interface TradeSize {
  /** What is sent: the margin amount on the 0.01 step. */
  amount: number;
  /** The units that amount buys, as shown. */
  units: number;
  /** The lots that amount buys, as shown. */
  lots: number;
}

/**
 * The trade size a typed value means at this leverage and price: the amount (what is sent, on its step) and the
 * units and lots that amount really buys. Null for an empty, non-numeric or negative entry.
 */
export function tradeSize(
  mode: SizeMode,
  typed: Numeric,
  terms: { leverage: Numeric; price: Numeric; contractSize: Numeric },
): TradeSize | null {
  let value: Decimal;
  try {
    value = toDecimal(typed);
  } catch {
    return null;
  }
  if (value.isNegative()) return null;
  const { leverage, price, contractSize } = terms;
  const amount =
    mode === 'amount'
      ? onStep(value)
      : mode === 'units'
        ? amountFromUnits(value, leverage, price)
        : amountFromLots(value, leverage, price, contractSize);
  return {
    amount,
    units: unitsFromAmount(amount, leverage, price),
    lots: lotsFromAmount(amount, leverage, price, contractSize),
  };
}

const onStep = (d: Decimal): number =>
  d.toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_HALF_UP).toNumber() + 0;
const shown = (d: Decimal): number =>
  d.toSignificantDigits(SIZE_SIGNIFICANT_DIGITS, Decimal.ROUND_HALF_UP).toNumber() + 0;
