/**
 * Float variants of the dealing-price and profit rules, for the trading engine's hot path (architecture §5).
 * The exact rules (`pricing.ts`, `position.ts`) use decimal.js and cost microseconds per call; these cost
 * nanoseconds and come with an error bound, so the engine can answer "certainly not crossed / certainly safe"
 * cheaply and fall back to the exact rule only near a boundary. Booked figures always come from the exact rules.
 * Agreement is property-tested in `fast-valuation.test.ts`.
 */
import { SLIPPAGE } from './constants.js';
import { MAX_MONEY_CENTS, type Money, moneyFromCents } from './money.js';
import { type PositionTerms, positionProfit } from './position.js';
import { type Direction, directionSign, type Quote } from './pricing.js';

/**
 * Upper bound of |approx − exact| ÷ exact for `approxBuyPrice` / `approxSellPrice` against `buyPrice` /
 * `sellPrice`. The true error is a few ulps (≈ 5e-16); the bound is kept loose on purpose.
 */
export const APPROX_PRICE_RELATIVE_ERROR = 1e-12;

const BUY_FACTOR = 1 + SLIPPAGE;
const SELL_FACTOR = 1 - SLIPPAGE;

/** Float estimate of `buyPrice(ask)` = ask × 1.00025, within `APPROX_PRICE_RELATIVE_ERROR`. */
export function approxBuyPrice(ask: number): number {
  return ask * BUY_FACTOR;
}

/** Float estimate of `sellPrice(bid)` = bid × 0.99975, within `APPROX_PRICE_RELATIVE_ERROR`. */
export function approxSellPrice(bid: number): number {
  return bid * SELL_FACTOR;
}

/** Float estimate of `valuationPrice(direction, quote)`: a buy at the sell price, a sell at the buy price. */
export function approxValuationPrice(direction: Direction, quote: Quote): number {
  return direction === 'buy' ? approxSellPrice(quote.sell) : approxBuyPrice(quote.buy);
}

/** Float estimate of `positionProfit(position, price)`, unrounded: sign × (price − open_rate) × amount × leverage ÷ open_rate. */
export function approxProfit(position: PositionTerms, valuation: number): number {
  return (
    (directionSign(position.direction) *
      (valuation - position.open_rate) *
      position.amount *
      position.leverage) /
    position.open_rate
  );
}

/**
 * Bound on |approxProfit(position, approx) − positionProfit(position, exact)| (money) when the price estimate is
 * within `APPROX_PRICE_RELATIVE_ERROR` of the exact price: half a cent for the rounding of the booked profit, plus
 * 1e-9 of the exposure amount × leverage × (1 + price ÷ open_rate) for float and price-estimate error.
 */
export function approxProfitError(position: PositionTerms, valuation: number): number {
  return 0.005 + 1e-9 * position.amount * position.leverage * (1 + Math.abs(valuation / position.open_rate));
}

/**
 * `positionProfit(position, price)` (exact, rounded half-up to cents) computed in floats when the result is
 * certain: the float profit is within 1e-9 of the exposure of the exact one (see `approxProfitError`), so unless a
 * half-cent boundary lies that close, both round to the same cent. Near a boundary it calls `positionProfit`.
 */
export function positionProfitFast(position: PositionTerms, valuation: number): Money {
  const inCents = approxProfit(position, valuation) * 100;
  const error = 1e-7 * position.amount * position.leverage * (1 + Math.abs(valuation / position.open_rate));
  const distanceToTie = Math.abs(inCents - Math.floor(inCents) - 0.5);
  if (
    !(distanceToTie > error) ||
    !(position.open_rate > 0 && position.leverage > 0) ||
    !(Math.abs(inCents) < MAX_MONEY_CENTS)
  ) {
    return positionProfit(position, valuation);
  }
  return moneyFromCents(Math.round(inCents));
}
