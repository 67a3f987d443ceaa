/** Stop loss and take profit: validation when set (spec §5) and firing on a quote (architecture §5). */
import { checkPriceBounds, PRICE_MAX_DECIMALS } from './bounds.js';
import { type BrandQuote, closeSide, roundToTick } from './brand-quote.js';
import { formatPriceOnTick } from './format.js';
import type { Message } from './messages.js';
import { parseNumberInput } from './money.js';
import type { Direction } from './pricing.js';
import { titleFor } from './titles.js';

export type TriggerKind = 'stop_loss' | 'take_profit';

/** A stop loss or take profit as forms and the API send it: empty is null, undefined or ''. */
export type TriggerInput = number | string | null | undefined;

/** Field errors of `validateStopLossTakeProfit`, keyed like the API fields. */
export interface TriggerErrors {
  stop_lost?: Message;
  take_profit?: Message;
}

/** Parses a trigger level: null when unset (empty or 0, which legacy data uses for "none"), NaN when invalid. */
export function parseTriggerLevel(raw: TriggerInput): number | null {
  const n = parseNumberInput(raw);
  if (n === null || n === 0) return null;
  return n > 0 ? n : Number.NaN;
}

const lower = (value: number, tick?: number | null): Message => ({
  key: 'trigger.cantBeLower',
  params: { value: formatPriceOnTick(value, tick) },
});
const higher = (value: number, tick?: number | null): Message => ({
  key: 'trigger.cantBeHigher',
  params: { value: formatPriceOnTick(value, tick) },
});

/**
 * A level as sent, on the instrument's tick (nearest step): null when unset, NaN when invalid, unchanged
 * without a tick. What the engine stores and what the ticket shows after leaving the field.
 */
export function roundLevel(raw: TriggerInput, tick: number | null | undefined): number | null {
  const level = parseTriggerLevel(raw);
  if (level === null || Number.isNaN(level) || tick === null || tick === undefined) return level;
  const rounded = roundToTick(level, tick, 'nearest');
  return rounded > 0 ? rounded : Number.NaN;
}

/**
 * Checks SL/TP against the brand quote's price the position would close at (either may be empty): `quote` is the
 * brand quote the client sees and the engine triggers at (`brandQuote`), and the message names that price.
 * Buy: TP above the sell price, SL below it. Sell: TP below the buy price, SL above it. Equal is rejected too.
 * A level must also keep the price bounds (at most PRICE_MAX, at most PRICE_MAX_DECIMALS decimals), so
 * what is stored is exactly what was asked for.
 */
export function validateStopLossTakeProfit(input: {
  direction: Direction;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
  quote: BrandQuote;
  /** The instrument's tick: the message names the price with its decimals, as the ticket shows it. */
  tick?: number | null;
}): TriggerErrors {
  const errors: TriggerErrors = {};
  const reference = closeSide(input.direction, input.quote);
  let stopLoss = parseTriggerLevel(input.stop_lost);
  let takeProfit = parseTriggerLevel(input.take_profit);

  const slBounds = stopLoss === null ? null : levelBounds(stopLoss, 'stop_lost');
  const tpBounds = takeProfit === null ? null : levelBounds(takeProfit, 'take_profit');
  // a level out of bounds has its own message; the side rule is only checked for levels within them
  if (slBounds) [errors.stop_lost, stopLoss] = [slBounds, null];
  if (tpBounds) [errors.take_profit, takeProfit] = [tpBounds, null];

  if (input.direction === 'buy') {
    // spec §5: for buy, take profit must be above the sell price ('Can't be lower than X')
    if (takeProfit !== null && takeProfit <= reference) errors.take_profit = lower(reference, input.tick);
    // spec §5: and stop loss below it ('Can't be higher than X')
    if (stopLoss !== null && stopLoss >= reference) errors.stop_lost = higher(reference, input.tick);
  } else {
    // spec §5: for sell, take profit must be below the buy price ('Can't be higher than X')
    if (takeProfit !== null && takeProfit >= reference) errors.take_profit = higher(reference, input.tick);
    // spec §5: and stop loss above it ('Can't be lower than X')
    if (stopLoss !== null && stopLoss <= reference) errors.stop_lost = lower(reference, input.tick);
  }
  return errors;
}

const levelBounds = (level: number, field: 'stop_lost' | 'take_profit'): Message | null =>
  checkPriceBounds(level, titleFor(field), { maxDecimals: PRICE_MAX_DECIMALS });

/** Whether `validateStopLossTakeProfit` found nothing. */
export function triggersValid(errors: TriggerErrors): boolean {
  return errors.stop_lost === undefined && errors.take_profit === undefined;
}

/**
 * Which trigger a brand quote fires, at the position's valuation price: a buy's SL when sell ≤ SL, TP when sell ≥ TP;
 * a sell's SL when buy ≥ SL, TP when buy ≤ TP. Stop loss wins if both would fire. null when none.
 */
export function triggerFires(
  position: { direction: Direction; stop_lost?: TriggerInput; take_profit?: TriggerInput },
  quote: BrandQuote,
): TriggerKind | null {
  const p = closeSide(position.direction, quote);
  const stopLoss = parseTriggerLevel(position.stop_lost);
  const takeProfit = parseTriggerLevel(position.take_profit);
  const sl = stopLoss !== null && !Number.isNaN(stopLoss) ? stopLoss : null;
  const tp = takeProfit !== null && !Number.isNaN(takeProfit) ? takeProfit : null;
  if (position.direction === 'buy') {
    if (sl !== null && p <= sl) return 'stop_loss';
    if (tp !== null && p >= tp) return 'take_profit';
  } else {
    if (sl !== null && p >= sl) return 'stop_loss';
    if (tp !== null && p <= tp) return 'take_profit';
  }
  return null;
}
