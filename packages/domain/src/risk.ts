/**
 * Risk, explained: margin level, the account's risk state, pip value, spread in pips and the
 * liquidation price — the one rule the ticket, the positions list and the engine agree on.
 */
import type Decimal from 'decimal.js';
import type { TradingProfile } from './costs.js';
import { positionProfitFast } from './fast-valuation.js';
import {
  Dec,
  type Money,
  type Numeric,
  type Percent,
  type Price,
  percent,
  price,
  toDecimal,
} from './money.js';
import { equity, isStopOut, lossTerminationPrice, settleProfit } from './position.js';
import { type Direction, directionSign } from './pricing.js';

/**
 * Margin level in percent: equity ÷ used margin × 100 (e.g. 53.9 for 53.9 %); null when no margin is in use.
 */
export function marginLevel(equityValue: Numeric, usedMargin: Numeric): Percent | null {
  const margin = toDecimal(usedMargin);
  if (!margin.greaterThan(0)) return null;
  return percent(toDecimal(equityValue).dividedBy(margin).times(100));
}

/** 'none' without margin in use, 'stopOut' at or below the stop-out level, 'marginCall' below the margin-call level. */
export type RiskState = 'none' | 'ok' | 'marginCall' | 'stopOut';

/** The account's risk state from its margin level (percent, `marginLevel`) and the profile's levels (fractions). */
export function riskState(
  level: number | null,
  profile: Pick<TradingProfile, 'marginCallLevel' | 'stopOutLevel'>,
): RiskState {
  if (level === null) return 'none';
  const l = toDecimal(level);
  // architecture §5: stop-out when equity ≤ level × margin in use, so at the level exactly too
  if (l.lessThanOrEqualTo(toDecimal(profile.stopOutLevel).times(100))) return 'stopOut';
  if (l.lessThan(toDecimal(profile.marginCallLevel).times(100))) return 'marginCall';
  return 'ok';
}

/**
 * Value in EUR of a one-pip move for a position: pipSize × amount × leverage ÷ price (profit is
 * Δprice × amount × leverage ÷ open rate), rounded to 4 decimals (below a cent for small positions).
 */
export function pipValue(args: {
  amount: Numeric;
  leverage: Numeric;
  price: Numeric;
  pipSize: number;
}): number {
  const p = toDecimal(args.price);
  if (!p.greaterThan(0)) return 0;
  return toDecimal(args.pipSize)
    .times(toDecimal(args.amount))
    .times(toDecimal(args.leverage))
    .dividedBy(p)
    .toDecimalPlaces(4)
    .toNumber();
}

/** Spread of dealing prices in pips: (buy − sell) ÷ pipSize, rounded to 1 decimal. */
export function spreadInPips(dealing: { buy: number; sell: number }, pip: number): number {
  if (!(pip > 0)) return 0;
  return (
    toDecimal(dealing.buy).minus(toDecimal(dealing.sell)).dividedBy(pip).toDecimalPlaces(1).toNumber() + 0
  );
}

/** Required margin of a new position: its amount (the model's margin is the amount itself, in EUR). */
export function requiredMargin(amount: Numeric): Money {
  return toDecimal(amount).toDecimalPlaces(2).toNumber() as Money;
}

/**
 * Whether the free margin (EUR) carries a new position: its amount plus the commission charged at its open
 * (`commissionAtOpen`, EUR) at most the free margin. The engine refuses an open that does not fit.
 */
export function fitsFreeMargin(amount: Numeric, commission: Numeric, freeMargin: Numeric): boolean {
  return toDecimal(amount).plus(toDecimal(commission)).lessThanOrEqualTo(toDecimal(freeMargin));
}

// ------------------------------------------------------------------------------------------- liquidation

/** What the liquidation price needs of a position. */
export interface RiskPosition {
  id: number | string;
  symbol: string;
  direction: Direction;
  /** Margin in EUR. */
  amount: number;
  leverage: number;
  open_rate: number;
}

/** A position to be opened (no id yet): it is added to the account for the computation. */
export type HypotheticalPosition = Omit<RiskPosition, 'id'> & { id?: undefined };

export interface LiquidationResult {
  /** The target's closing price at which it is closed; null when no adverse move closes it. */
  price: Price | null;
  /** |price − current closing price| ÷ current closing price × 100, 2 decimals; null with `price`. */
  adverseMovePercent: Percent | null;
  cause: 'stop_out' | 'loss_termination' | null;
}

export interface LiquidationInput {
  balance: Numeric;
  /** The account's open positions. */
  positions: readonly RiskPosition[];
  /** Dealing prices per symbol (what positions close at: a buy at `sell`, a sell at `buy`). */
  quotes: Readonly<Record<string, { buy: number; sell: number } | undefined>>;
  /** An open position (matched by id) or a hypothetical new one, which is added. */
  target: RiskPosition | HypotheticalPosition;
  stopOutLevel: number;
  /**
   * Commission (EUR) charged when a hypothetical target opens (`commissionAtOpen`): the engine takes it off the
   * balance in the same step, so the account after the trade has that much less. Ignored for an open position,
   * whose commission is in `balance` already. @defaultValue 0
   */
  commission?: Numeric;
}

const NONE: LiquidationResult = { price: null, adverseMovePercent: null, cause: null };

interface Moving {
  position: RiskPosition;
  /** Its closing price now. */
  closing: number;
  /** Its loss termination price (rule a). */
  termination: number;
  isTarget: boolean;
}

/**
 * The target's closing price at which the engine closes it: the account's stop-out (equity ≤ stopOutLevel × used
 * margin, architecture §5 rule b) or the target's own loss termination (rule a), whichever a move of the target's
 * symbol against it reaches first. All positions of that symbol move with it (its quote scales multiplicatively),
 * other symbols are held at their quotes; other positions of the symbol that reach their own loss termination on
 * the way close there and release their margin. Profits are valued as the engine books them (cents, half-up),
 * so equity at the returned price is at the stop-out level and a hair before it is not.
 */
export function liquidationPrice(input: LiquidationInput): LiquidationResult {
  const { target, stopOutLevel } = input;
  const symbol = target.symbol;
  const quote = input.quotes[symbol];
  if (!quote || !(quote.buy > 0) || !(quote.sell > 0)) return NONE;

  const existing = target.id === undefined ? undefined : input.positions.find((p) => p.id === target.id);
  const all: RiskPosition[] = existing
    ? [...input.positions]
    : [...input.positions, { ...target, id: target.id ?? Symbol('new') } as unknown as RiskPosition];
  const targetPosition = existing ?? (all[all.length - 1] as RiskPosition);

  const closingOf = (p: RiskPosition) => (p.direction === 'buy' ? quote.sell : quote.buy);
  const c0 = closingOf(targetPosition);
  // +1 when an adverse move raises the price (a sell), −1 when it lowers it (a buy)
  const adverse = -directionSign(targetPosition.direction);

  // the account after the trade: a new position's commission is already off the balance (as the engine books it)
  let balance = toDecimal(input.balance).minus(existing ? 0 : toDecimal(input.commission ?? 0));
  let margin = new Dec(0);
  let fixedProfit = new Dec(0);
  let moving: Moving[] = [];
  for (const p of all) {
    margin = margin.plus(p.amount);
    if (p.symbol === symbol) {
      moving.push({
        position: p,
        closing: closingOf(p),
        termination: lossTerminationPrice(p),
        isTarget: p === targetPosition,
      });
    } else {
      const q = input.quotes[p.symbol];
      // engine: an unquoted position counts 0
      if (q && q.buy > 0 && q.sell > 0)
        fixedProfit = fixedProfit.plus(positionProfitFast(p, p.direction === 'buy' ? q.sell : q.buy));
    }
  }

  // profits of the moving positions when the target closes at P (each at its own closing price × P ÷ c0)
  const movingProfits = (P: number, list: readonly Moving[]) =>
    list.map((m) => positionProfitFast(m.position, m.position === targetPosition ? P : (m.closing * P) / c0));
  const stoppedAt = (P: number, list: readonly Moving[], bal: Decimal, mar: Decimal) =>
    isStopOut(equity(bal.plus(fixedProfit), movingProfits(P, list)), mar, stopOutLevel);
  const result = (P: number, cause: LiquidationResult['cause']): LiquidationResult => {
    if (!(P > 0)) return NONE;
    return {
      price: price(P),
      adverseMovePercent: percent(toDecimal(P).minus(c0).abs().dividedBy(c0).times(100).toDecimalPlaces(2)),
      cause,
    };
  };
  // P1 is at or beyond P0 in the adverse direction
  const beyond = (P1: number, P0: number) => (adverse > 0 ? P1 >= P0 : P1 <= P0);

  if (stoppedAt(c0, moving, balance, margin)) return result(c0, 'stop_out');

  let current = c0;
  for (;;) {
    // equity(P) = A + S × P exactly (before cent rounding) for the target's closing price P
    let A = balance.plus(fixedProfit);
    let S = new Dec(0);
    for (const m of moving) {
      const p = m.position;
      const notional = toDecimal(p.amount).times(p.leverage);
      const sign = directionSign(p.direction);
      A = A.minus(notional.times(sign));
      S = S.plus(notional.times(sign).times(m.closing).dividedBy(p.open_rate).dividedBy(c0));
    }
    const threshold = margin.times(stopOutLevel);
    let stopPrice: number | null = null;
    // equity falls along the adverse direction only when S × adverse < 0
    if (!S.isZero() && S.times(adverse).isNegative()) {
      const exact = threshold.minus(A).dividedBy(S).toNumber();
      stopPrice = beyond(exact, current) ? exact : current;
    }

    // the next loss termination on the way (a position's closing price reaching its termination price)
    let next: Moving | null = null;
    let nextPrice = 0;
    for (const m of moving) {
      // only positions of the target's direction lose on its adverse move; a buy at leverage 1 terminates at 0
      if (m.position.direction !== targetPosition.direction || !(m.termination > 0)) continue;
      const P = m.isTarget ? m.termination : reachPrice(m, c0, adverse);
      const at = beyond(P, current) ? P : current;
      // the nearest wins; on a tie the target (the engine closes fired positions before checking stop-out)
      if (next === null || (beyond(nextPrice, at) && nextPrice !== at) || (nextPrice === at && m.isTarget))
        [next, nextPrice] = [m, at];
    }

    if (stopPrice !== null && (next === null || (beyond(nextPrice, stopPrice) && nextPrice !== stopPrice))) {
      // cent rounding moves the boundary by at most half a cent per position: search that band from its safe edge
      const band = ((moving.length + 1) * 0.005) / S.abs().toNumber();
      const edge = stopPrice - adverse * band;
      const safe = beyond(edge, current) ? edge : current;
      return result(
        firstStopOut(safe, stopPrice + adverse * band, (P) => stoppedAt(P, moving, balance, margin)),
        'stop_out',
      );
    }
    if (next === null) return NONE;
    if (next.isTarget) return result(nextPrice, 'loss_termination');
    // another position of the symbol terminates first: book it (negative balance protection) and go on
    // booked at its termination price (the engine books the tick's price, at most one tick further)
    balance = toDecimal(settleProfit(balance, positionProfitFast(next.position, next.termination)).balance);
    margin = margin.minus(next.position.amount);
    const done = next;
    moving = moving.filter((m) => m !== done);
    current = nextPrice;
    if (stoppedAt(current, moving, balance, margin)) return result(current, 'stop_out');
  }
}

/**
 * The target's price at which another position of its symbol (closing at its own price × P ÷ c0) has reached its
 * loss termination: termination × c0 ÷ closing, nudged by float ulps until the mapped price is really there.
 */
function reachPrice(m: Moving, c0: number, adverse: number): number {
  let P = (m.termination * c0) / m.closing;
  const reached = (at: number) => {
    const mapped = (m.closing * at) / c0;
    return m.position.direction === 'buy' ? mapped <= m.termination : mapped >= m.termination;
  };
  for (let i = 0; i < 8 && !reached(P); i++) P = adverse > 0 ? P * (1 + 2 ** -52) : P * (1 - 2 ** -52);
  return P;
}

/**
 * The first price from `safe` towards `far` at which `stopped` holds (it holds at `far`): a scan in 500 steps, as the
 * cent-rounded equity need not fall monotonically when positions of both directions are held, then bisection.
 */
function firstStopOut(safe: number, far: number, stopped: (P: number) => boolean): number {
  if (stopped(safe)) return safe;
  const steps = 500;
  let lo = safe;
  let hi = far;
  for (let i = 1; i <= steps; i++) {
    const P = safe + ((far - safe) * i) / steps;
    if (stopped(P)) {
      hi = P;
      break;
    }
    lo = P;
  }
  if (!stopped(hi)) return hi > 0 ? hi : 0;
  for (let i = 0; i < 200; i++) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) break;
    if (stopped(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
