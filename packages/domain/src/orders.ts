/**
 * Pending orders, trailing stops and partial closes: when an order fires, how it is validated when
 * placed, when it expires, how a trailing stop moves, and how much of a position may be closed in part.
 */
import { checkPriceBounds, PRICE_MAX_DECIMALS } from './bounds.js';
import { AMOUNT_MIN, AMOUNT_STEP } from './constants.js';
import { type Millis, ROLLOVER_HOUR_UTC } from './costs.js';
import { formatPrice, formatPriceOnTick } from './format.js';
import type { Message } from './messages.js';
import {
  formatMoney,
  isWholeCents,
  type Money,
  type Numeric,
  type Price,
  parseNumberInput,
  price,
  roundMoney,
  toDecimal,
} from './money.js';
import { DIRECTIONS, type Direction } from './pricing.js';
import { titleFor } from './titles.js';
import { type NewTradeCheck, validateNewTrade } from './trade.js';
import { parseTriggerLevel, type TriggerInput } from './triggers.js';
import { type FieldMessage, fieldMessage, type ValidationResult } from './validation.js';

export const ORDER_TYPES = ['limit', 'stop'] as const;
/** A limit order fills at a better price than now, a stop order at a worse one. */
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_EXPIRY_KINDS = ['gtc', 'eod', 'date'] as const;
/** Good till cancelled, end of day (the next 22:00 UTC rollover) or a date (ISO 8601). */
export type OrderExpiry = { kind: 'gtc' } | { kind: 'eod' } | { kind: 'date'; at: string };

/** Latest expiry date accepted: one year after placing (365 days). */
export const ORDER_EXPIRY_MAX_MS = 365 * 24 * 60 * 60 * 1000;

/** Dealing prices: `buy` is what a buy opens at, `sell` what a sell opens at. */
export interface DealingPrices {
  buy: number;
  sell: number;
}

/**
 * Whether an order fires at these dealing prices: buy limit when buy ≤ price, buy stop when buy ≥ price, sell limit
 * when sell ≥ price, sell stop when sell ≤ price.
 */
export function orderTriggered(
  o: { direction: Direction; type: OrderType; price: number },
  dealing: DealingPrices,
): boolean {
  if (o.direction === 'buy') return o.type === 'limit' ? dealing.buy <= o.price : dealing.buy >= o.price;
  return o.type === 'limit' ? dealing.sell >= o.price : dealing.sell <= o.price;
}

/** The dealing price an order's level is compared with: the buy price for a buy, the sell price for a sell. */
export function orderReferencePrice(direction: Direction, dealing: DealingPrices): number {
  return direction === 'buy' ? dealing.buy : dealing.sell;
}

/**
 * The gap rule: where an order opens once a quote crossed its level — always at that quote's dealing
 * price on the order's side (a buy at the buy price, a sell at the sell price), never at the level itself.
 * - A limit order fills at that price or better: when the market jumps past the level (a buy limit at 100 and the
 *   market opens at 95) it fills at the better price (95: price improvement).
 * - A stop order fills at that price even when it is worse than the level: a buy stop at 100 with the market
 *   opening at 105 fills at 105 (gap slippage), as a stop loss closes at the price that crossed it.
 * In a steady market the crossing quote is at or one tick beyond the level, so the two agree.
 */
export function orderFillPrice<P extends number>(direction: Direction, crossing: { buy: P; sell: P }): P {
  return direction === 'buy' ? crossing.buy : crossing.sell;
}

/**
 * How a fill price compares with the order's level, in the client's terms: 'improvement' (a better price than the
 * level: a buy below it, a sell above it), 'slippage' (worse) or 'at' the level.
 */
export function orderFillGap(
  o: { direction: Direction; price: number },
  fillPrice: number,
): 'improvement' | 'slippage' | 'at' {
  if (fillPrice === o.price) return 'at';
  const better = o.direction === 'buy' ? fillPrice < o.price : fillPrice > o.price;
  return better ? 'improvement' : 'slippage';
}

/**
 * Why an order's level is on the wrong side of the current dealing price (null when fine): a buy limit must be
 * below the buy price, a buy stop above it; a sell limit above the sell price, a sell stop below it. Equal is
 * refused (it would fire at once).
 */
export function orderLevelError(
  o: { direction: Direction; type: OrderType; price: number },
  dealing: DealingPrices,
  tick?: number | null,
): Message | null {
  const reference = orderReferencePrice(o.direction, dealing);
  const params = { value: formatPriceOnTick(reference, tick) };
  if (o.direction === 'buy') {
    if (o.type === 'limit' && !(o.price < reference)) return { key: 'order.buyLimitBelow', params };
    if (o.type === 'stop' && !(o.price > reference)) return { key: 'order.buyStopAbove', params };
  } else {
    if (o.type === 'limit' && !(o.price > reference)) return { key: 'order.sellLimitAbove', params };
    if (o.type === 'stop' && !(o.price < reference)) return { key: 'order.sellStopBelow', params };
  }
  return null;
}

/**
 * SL/TP of a pending order, checked against the order's level (the price it will open at), with the messages of
 * `validateStopLossTakeProfit`: a buy's TP above the level and SL below it; a sell's the other way round.
 */
export function orderTriggerErrors(input: {
  direction: Direction;
  level: number;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
  /** The instrument's tick: the message names the level with its decimals. */
  tick?: number | null;
}): { stop_lost?: Message; take_profit?: Message } {
  const errors: { stop_lost?: Message; take_profit?: Message } = {};
  const params = { value: formatPriceOnTick(input.level, input.tick) };
  const lower: Message = { key: 'trigger.cantBeLower', params };
  const higher: Message = { key: 'trigger.cantBeHigher', params };
  const check = (field: 'stop_lost' | 'take_profit', raw: TriggerInput) => {
    const level = parseTriggerLevel(raw);
    if (level === null) return null;
    const bounds = checkPriceBounds(level, titleFor(field), { maxDecimals: PRICE_MAX_DECIMALS });
    if (bounds) {
      errors[field] = bounds;
      return null;
    }
    return level;
  };
  const stopLoss = check('stop_lost', input.stop_lost);
  const takeProfit = check('take_profit', input.take_profit);
  if (input.direction === 'buy') {
    if (takeProfit !== null && takeProfit <= input.level) errors.take_profit = lower;
    if (stopLoss !== null && stopLoss >= input.level) errors.stop_lost = higher;
  } else {
    if (takeProfit !== null && takeProfit >= input.level) errors.take_profit = higher;
    if (stopLoss !== null && stopLoss <= input.level) errors.stop_lost = lower;
  }
  return errors;
}

/** The next daily rollover strictly after `now`: 22:00 UTC today, or tomorrow when it has passed. */
export function nextRollover(now: Millis): Millis {
  const d = new Date(now);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), ROLLOVER_HOUR_UTC);
  return today > now ? today : today + 24 * 60 * 60 * 1000;
}

/** When an order expires: null for gtc, the next 22:00 UTC for eod, the date's instant for a date (NaN if unreadable). */
export function expiryAt(expiry: OrderExpiry, now: Millis): Millis | null {
  if (expiry.kind === 'gtc') return null;
  if (expiry.kind === 'eod') return nextRollover(now);
  return Date.parse(expiry.at);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Parses an expiry as forms and the socket send it; a date must be ISO 8601 (a bare date means 00:00 UTC). */
export function parseOrderExpiry(raw: unknown): OrderExpiry | null {
  if (raw === undefined || raw === null || raw === '') return { kind: 'gtc' };
  if (typeof raw !== 'object') return null;
  const kind = (raw as { kind?: unknown }).kind;
  if (kind === 'gtc' || kind === 'eod') return { kind };
  if (kind !== 'date') return null;
  const at = (raw as { at?: unknown }).at;
  if (typeof at !== 'string' || !ISO_DATE_TIME.test(at.trim()) || Number.isNaN(Date.parse(at))) return null;
  return { kind: 'date', at: at.trim() };
}

/** Checks an expiry at `now`: a date must be in the future and at most one year ahead. null when fine. */
export function orderExpiryError(expiry: OrderExpiry, now: Millis): Message | null {
  const at = expiryAt(expiry, now);
  if (at === null) return null;
  if (Number.isNaN(at)) return { key: 'field.invalid', params: { title: 'Expiry' } };
  if (at <= now) return { key: 'order.expiryInPast' };
  if (at - now > ORDER_EXPIRY_MAX_MS) return { key: 'order.expiryTooFar' };
  return null;
}

/** Dealing prices that can be compared with (both sides finite numbers). */
function usableDealing(dealing: DealingPrices | null): dealing is DealingPrices {
  return dealing !== null && Number.isFinite(dealing.buy) && Number.isFinite(dealing.sell);
}

/**
 * Input of `validatePendingOrder`: the order as sent plus what `validateNewTrade` needs, except a live price — a
 * pending order does not trade now, so it may be placed or changed while the market is closed or its quote is stale
 * and waits for the next quote that crosses its level.
 */
export interface PendingOrderCheck extends Omit<NewTradeCheck, 'priceAvailable'> {
  direction: unknown;
  type: unknown;
  price: unknown;
  stop_lost?: TriggerInput;
  take_profit?: TriggerInput;
  expiry?: unknown;
  now: Millis;
  /** The profile's leverage cap for the instrument (`leverageCapFor`); none when undefined. */
  leverageCap?: number;
  /** The instrument's tick: messages name prices with its decimals. */
  tick?: number | null;
}

/** A valid pending order. */
export interface PendingOrder {
  direction: Direction;
  type: OrderType;
  price: Price;
  amount: number;
  leverage: number;
  stopLoss: number | null;
  takeProfit: number | null;
  expiry: OrderExpiry;
  expiresAt: Millis | null;
}

/**
 * Validates a pending order: amount and leverage as for a new trade (verified, permission, the free margin and the
 * leverage cap — but no live price needed), the level on the right side of `dealing` (the latest dealing prices,
 * live or the last ones before the market closed; null when there were none: only the level's bounds are checked),
 * SL/TP relative to the level and the expiry. Errors carry the API field names (amount, leverage, direction, type,
 * price, stop_lost, take_profit, expiry; '' for the whole form).
 */
export function validatePendingOrder(
  input: PendingOrderCheck,
  dealing: DealingPrices | null,
): ValidationResult<PendingOrder> {
  const trade = validateNewTrade({ ...input, priceAvailable: true });
  if (!trade.ok && trade.errors.some((e) => e.path === '')) return trade;
  const errors: FieldMessage[] = trade.ok ? [] : [...trade.errors];
  if (
    trade.ok &&
    input.leverageCap !== undefined &&
    trade.value.leverage > input.leverageCap &&
    !errors.some((e) => e.path === 'leverage')
  )
    errors.push(fieldMessage('leverage', 'risk.leverageAboveCap', { max: input.leverageCap }));

  const direction = DIRECTIONS.find((d) => d === input.direction);
  if (!direction) errors.push(fieldMessage('direction', 'field.invalid', { title: 'Direction' }));
  const type = ORDER_TYPES.find((t) => t === input.type);
  if (!type) errors.push(fieldMessage('type', 'field.invalid', { title: 'Order type' }));

  const title = 'Price';
  const level = parseNumberInput(input.price);
  let levelOk = false;
  if (level === null) errors.push(fieldMessage('price', 'field.required', { title }));
  else {
    const bounds = checkPriceBounds(level, title, { maxDecimals: PRICE_MAX_DECIMALS });
    if (bounds) errors.push({ path: 'price', ...bounds });
    else if (direction && type) {
      const side = usableDealing(dealing)
        ? orderLevelError({ direction, type, price: level }, dealing, input.tick)
        : null;
      if (side) errors.push({ path: 'price', ...side });
      else levelOk = true;
    }
  }

  if (direction && level !== null && levelOk) {
    const triggers = orderTriggerErrors({
      direction,
      level,
      stop_lost: input.stop_lost,
      take_profit: input.take_profit,
      tick: input.tick,
    });
    if (triggers.stop_lost) errors.push({ path: 'stop_lost', ...triggers.stop_lost });
    if (triggers.take_profit) errors.push({ path: 'take_profit', ...triggers.take_profit });
  }

  const expiry = parseOrderExpiry(input.expiry);
  if (!expiry) errors.push(fieldMessage('expiry', 'field.invalid', { title: 'Expiry' }));
  else {
    const expiryError = orderExpiryError(expiry, input.now);
    if (expiryError) errors.push({ path: 'expiry', ...expiryError });
  }

  if (errors.length > 0 || !trade.ok || !direction || !type || level === null || !expiry)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      direction,
      type,
      price: price(level),
      amount: trade.value.amount,
      leverage: trade.value.leverage,
      stopLoss: parseTriggerLevel(input.stop_lost),
      takeProfit: parseTriggerLevel(input.take_profit),
      expiry,
      expiresAt: expiryAt(expiry, input.now),
    },
  };
}

// ------------------------------------------------------------------------------------------- trailing stops

/**
 * A trailing stop after a closing price: `distance` behind the price (a buy's stop below its sell price, a sell's
 * above its buy price), moved only in the client's favour — a buy's stop only up, a sell's only down. Returns the
 * current stop when the price has not moved far enough (and null when there is none and none can be set).
 */
export function trailedStop(
  direction: Direction,
  closingPrice: Numeric,
  distance: Numeric,
  currentStop: Price | null,
): Price | null {
  const candidate =
    direction === 'buy'
      ? toDecimal(closingPrice).minus(toDecimal(distance))
      : toDecimal(closingPrice).plus(toDecimal(distance));
  if (!candidate.greaterThan(0)) return currentStop;
  if (currentStop === null) return price(candidate);
  if (direction === 'buy') return candidate.greaterThan(currentStop) ? price(candidate) : currentStop;
  return candidate.lessThan(currentStop) ? price(candidate) : currentStop;
}

/**
 * The closing price beyond which a trailing stop moves (for the engine's "next move" thresholds): a buy's when its
 * sell price rises above stop + distance, a sell's when its buy price falls below stop − distance.
 */
export function trailingMoveThreshold(direction: Direction, stop: Numeric, distance: Numeric): number {
  const d = toDecimal(distance);
  return (direction === 'buy' ? toDecimal(stop).plus(d) : toDecimal(stop).minus(d)).toNumber();
}

/** Largest trailing distance: half the current price (a stop further away protects nothing). */
export const TRAILING_MAX_FRACTION = 0.5;

export const TRAILING_UNITS = ['pips', 'price'] as const;
export type TrailingUnit = (typeof TRAILING_UNITS)[number];

/**
 * Validates a trailing distance as sent (`{distance, unit}`) into a price distance: pips × pipSize or a price
 * difference; at least one pip, at most half the current price, at most PRICE_MAX_DECIMALS decimals. Errors on the
 * path `trailing_stop`.
 */
export function validateTrailingDistance(
  input: { distance: unknown; unit: unknown },
  instrument: { pipSize: number; price: number },
): ValidationResult<{ distance: Price }> {
  const path = 'trailing_stop';
  const title = 'Trailing distance';
  const unit = TRAILING_UNITS.find((u) => u === input.unit);
  const raw = parseNumberInput(input.distance);
  if (raw === null) return { ok: false, errors: [fieldMessage(path, 'field.required', { title })] };
  if (!unit || Number.isNaN(raw) || !(raw > 0))
    return { ok: false, errors: [fieldMessage(path, 'field.invalid', { title })] };
  const distance = unit === 'pips' ? toDecimal(raw).times(instrument.pipSize) : toDecimal(raw);
  if (distance.decimalPlaces() > PRICE_MAX_DECIMALS)
    return {
      ok: false,
      errors: [fieldMessage(path, 'field.maxDecimals', { title, max: PRICE_MAX_DECIMALS })],
    };
  if (distance.lessThan(instrument.pipSize))
    return {
      ok: false,
      errors: [fieldMessage(path, 'order.trailingTooClose', { min: formatPrice(instrument.pipSize) })],
    };
  const max = toDecimal(instrument.price).times(TRAILING_MAX_FRACTION);
  if (distance.greaterThan(max))
    return {
      ok: false,
      errors: [fieldMessage(path, 'order.trailingTooFar', { max: formatPrice(max.toNumber()) })],
    };
  return { ok: true, value: { distance: price(distance) } };
}

// ------------------------------------------------------------------------------------------- partial close

/**
 * Validates the amount of a partial close of a position with margin `positionAmount`: at least AMOUNT_MIN (1), a
 * multiple of 0.01, and leaving at least AMOUNT_MIN open — beyond that the way is to close the whole position.
 */
export function validatePartialClose(positionAmount: Numeric, amount: unknown): ValidationResult<Money> {
  const path = 'amount';
  const title = titleFor('amount');
  const total = toDecimal(positionAmount);
  const max = total.minus(AMOUNT_MIN);
  if (max.lessThan(AMOUNT_MIN))
    return { ok: false, errors: [fieldMessage(path, 'order.partialCloseTooSmall')] };
  const value = parseNumberInput(amount as number | string | null | undefined);
  if (value === null) return { ok: false, errors: [fieldMessage(path, 'field.required', { title })] };
  if (Number.isNaN(value)) return { ok: false, errors: [fieldMessage(path, 'field.invalid', { title })] };
  if (value < AMOUNT_MIN)
    return { ok: false, errors: [fieldMessage(path, 'field.min', { title, min: AMOUNT_MIN })] };
  if (!isWholeCents(value))
    return { ok: false, errors: [fieldMessage(path, 'field.step', { title, step: AMOUNT_STEP })] };
  if (toDecimal(value).greaterThan(max))
    return {
      ok: false,
      errors: [
        fieldMessage(path, 'order.partialCloseLeavesTooLittle', {
          max: formatMoney(max),
          min: formatMoney(AMOUNT_MIN),
        }),
      ],
    };
  return { ok: true, value: roundMoney(value) };
}
