/**
 * Which of a position's own levels closes it at a price (architecture §5): its stop loss, its take profit, or
 * its loss termination price (the low-margin rule (a): the loss has reached the amount). `triggerFires` and
 * `isLossTerminated` answer each question alone; this combines them with one precedence rule so that the
 * engine and its reference implementation name the same reason. Property-tested against both.
 */
import { CLOSING_REASON, type ClosingReason } from './closing.js';
import type { Direction } from './pricing.js';

/** A position's trigger levels; `stopLoss` / `takeProfit` are null when unset. */
export interface TriggerLevels {
  direction: Direction;
  stopLoss: number | null;
  takeProfit: number | null;
  /** `lossTerminationPrice(position)`. */
  terminationPrice: number;
}

/** What fired: the position's stop loss, its take profit, or the loss reaching its amount. */
export type TriggerCause = 'stop_loss' | 'take_profit' | 'loss_termination';

/** Closing reason of each cause (spec §3 closingReason): 1 Stop Loss, 2 Take Profit, 3 Low Margin. */
export const TRIGGER_CLOSING_REASON: Readonly<Record<TriggerCause, ClosingReason>> = Object.freeze({
  stop_loss: CLOSING_REASON.stopLoss,
  take_profit: CLOSING_REASON.takeProfit,
  loss_termination: CLOSING_REASON.lowMargin,
});

/**
 * The cause that closes a position valued at `price` (its valuation price, `valuationPrice`), or null.
 * Adverse levels win over take profit, as in `triggerFires`. Of the two adverse levels, the one a falling (buy)
 * or rising (sell) price reaches first names the reason: a buy's stop loss at or above its termination price is
 * a Stop Loss, below it the position is terminated first (Low Margin) — also when a gap crosses both at once.
 */
export function closingTriggerAt(levels: TriggerLevels, price: number): TriggerCause | null {
  const { stopLoss, takeProfit, terminationPrice } = levels;
  if (levels.direction === 'buy') {
    if (stopLoss !== null && stopLoss >= terminationPrice) {
      if (price <= stopLoss) return 'stop_loss';
    } else if (price <= terminationPrice) return 'loss_termination';
    if (takeProfit !== null && price >= takeProfit) return 'take_profit';
    return null;
  }
  if (stopLoss !== null && stopLoss <= terminationPrice) {
    if (price >= stopLoss) return 'stop_loss';
  } else if (price >= terminationPrice) return 'loss_termination';
  if (takeProfit !== null && price <= takeProfit) return 'take_profit';
  return null;
}
