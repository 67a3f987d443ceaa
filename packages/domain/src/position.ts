/** Position valuation and account figures (spec §9, architecture §5). */
import type Decimal from 'decimal.js';
import { type BrandQuote, closeSide } from './brand-quote.js';
import { STOP_OUT_LEVEL_DEFAULT } from './constants.js';
import { Dec, type Money, type Numeric, type Price, price, roundMoney, toDecimal } from './money.js';
import { type Direction, directionSign } from './pricing.js';

/** What profit depends on: the position's direction, margin amount, leverage and opening price. */
export interface PositionTerms {
  direction: Direction;
  amount: number;
  leverage: number;
  open_rate: number;
}

/** Balance summary shown on the platform (spec §3). */
export interface BalanceSummary {
  balance: Money;
  equity: Money;
  freeMargin: Money;
  profit: Money;
}

function checkTerms(position: PositionTerms): void {
  if (!(position.open_rate > 0)) throw new RangeError('open_rate must be positive');
  if (!(position.leverage > 0)) throw new RangeError('leverage must be positive');
}

/** Exact profit as a Decimal (for booking): sign × (price − open_rate) × amount × leverage ÷ open_rate. */
export function positionProfitDecimal(position: PositionTerms, currentPrice: Numeric): Decimal {
  checkTerms(position);
  // spec §9: Position profit = price difference × amount × leverage ÷ open rate (signed by direction, architecture §5)
  return toDecimal(currentPrice)
    .minus(position.open_rate)
    .times(position.amount)
    .times(position.leverage)
    .dividedBy(position.open_rate)
    .times(directionSign(position.direction));
}

/** Profit in money at `currentPrice`, rounded half-up to cents. */
export function positionProfit(position: PositionTerms, currentPrice: Numeric): Money {
  return roundMoney(positionProfitDecimal(position, currentPrice));
}

/** Price a position is valued at on its brand quote: a buy at the sell price, a sell at the buy price — its closing price. */
export function valuationPrice(direction: Direction, quote: BrandQuote): Price {
  // architecture §5: a buy is valued at the bid, a sell at the ask (the opposite price, spec §4)
  return closeSide(direction, quote);
}

/** Profit in money of a position valued at its brand quote. */
export function positionProfitAt(position: PositionTerms, quote: BrandQuote): Money {
  return positionProfit(position, valuationPrice(position.direction, quote));
}

/** Σ open profits, in cents. */
export function totalProfit(openProfits: readonly Numeric[]): Money {
  return roundMoney(openProfits.reduce<Decimal>((sum, p) => sum.plus(toDecimal(p)), new Dec(0)));
}

/** Equity = balance + Σ open profit (spec §9), in cents. */
export function equity(balance: Numeric, openProfits: readonly Numeric[]): Money {
  return roundMoney(openProfits.reduce<Decimal>((sum, p) => sum.plus(toDecimal(p)), toDecimal(balance)));
}

/** Free margin = balance − Σ open amounts (spec §9), in cents. */
export function freeMargin(balance: Numeric, openAmounts: readonly Numeric[]): Money {
  return roundMoney(openAmounts.reduce<Decimal>((sum, a) => sum.minus(toDecimal(a)), toDecimal(balance)));
}

/** Balance, equity, free margin and total profit of an account from its open positions' amounts and profits. */
export function accountSummary(
  balance: Numeric,
  open: readonly { amount: Numeric; profit: Numeric }[],
): BalanceSummary {
  return {
    balance: roundMoney(balance),
    equity: equity(
      balance,
      open.map((p) => p.profit),
    ),
    freeMargin: freeMargin(
      balance,
      open.map((p) => p.amount),
    ),
    profit: totalProfit(open.map((p) => p.profit)),
  };
}

/**
 * Price at which the loss equals the amount (the margin) and the position is terminated with reason Low Margin:
 * an adverse move of 100 / leverage % from open_rate (architecture §5). A buy at leverage 1 terminates at 0.
 */
export function lossTerminationPrice(position: PositionTerms): Price {
  checkTerms(position);
  // profit = −amount  ⇔  sign × (P − open) × leverage ÷ open = −1  ⇔  P = open × (1 − sign ÷ leverage)
  const move = new Dec(directionSign(position.direction)).dividedBy(position.leverage);
  const p = new Dec(1).minus(move).times(position.open_rate);
  return price(p.isNegative() ? 0 : p);
}

/** Whether a position at `currentPrice` has reached its loss termination price (buy: at or below, sell: at or above). */
export function isLossTerminated(position: PositionTerms, currentPrice: number): boolean {
  const limit = lossTerminationPrice(position);
  return position.direction === 'buy' ? currentPrice <= limit : currentPrice >= limit;
}

/**
 * Account stop-out (architecture §5): true when margin is in use and equity ≤ level × margin in use
 * (level defaults to STOP_OUT_LEVEL_DEFAULT = 0.5).
 */
export function isStopOut(
  equityValue: Numeric,
  marginInUse: Numeric,
  level: number = STOP_OUT_LEVEL_DEFAULT,
): boolean {
  const margin = toDecimal(marginInUse);
  if (!margin.greaterThan(0)) return false;
  return toDecimal(equityValue).lessThanOrEqualTo(margin.times(level));
}

/**
 * Books a realised profit with negative balance protection (architecture §5): the balance never goes below
 * zero; the part of a loss beyond it is the broker's `shortfall` (≥ 0). Both in cents.
 */
export function settleProfit(balance: Numeric, profit: Numeric): { balance: Money; shortfall: Money } {
  const after = toDecimal(balance).plus(roundMoney(profit));
  if (after.isNegative()) return { balance: roundMoney(0), shortfall: roundMoney(after.negated()) };
  return { balance: roundMoney(after), shortfall: roundMoney(0) };
}
