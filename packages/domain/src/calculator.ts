/**
 * The platform calculator (spec §9): for each leverage, the adverse move that terminates a position.
 * We show 100 / leverage, the rule the engine applies (architecture §5), not the spec's printed 7.5 for
 * leverage 15 — see docs/decisions/0001-termination-percentage.md.
 */
import { Dec, type Money, mulMoney, type Numeric, type Percent, percent } from './money.js';

// spec §9: Calculator leverages 1, 3, 5, 10, 15, 20, 30
export const CALCULATOR_LEVERAGES = [1, 3, 5, 10, 15, 20, 30] as const;

/** Adverse move in percent that makes the loss equal the margin: 100 / leverage, rounded to 1 dp (15 → 6.7). */
export function terminationPercent(leverage: number): Percent {
  if (!(leverage > 0) || !Number.isFinite(leverage)) throw new RangeError('leverage must be positive');
  return percent(new Dec(100).dividedBy(leverage).toDecimalPlaces(1));
}

export interface CalculatorRow {
  leverage: number;
  terminationPercent: Percent;
}

/** The calculator table: 1 → 100, 3 → 33.3, 5 → 20, 10 → 10, 15 → 6.7, 20 → 5, 30 → 3.3. */
export const CALCULATOR_ROWS: readonly CalculatorRow[] = Object.freeze(
  CALCULATOR_LEVERAGES.map((leverage) =>
    Object.freeze({ leverage, terminationPercent: terminationPercent(leverage) }),
  ),
);

/** Market exposure of a position: amount × leverage, in cents. */
export function exposure(amount: Numeric, leverage: Numeric): Money {
  return mulMoney(amount, leverage);
}
