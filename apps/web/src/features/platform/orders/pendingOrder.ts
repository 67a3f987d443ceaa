import {
  type Direction,
  type Message,
  type OrderExpiry,
  type OrderType,
  orderExpiryError,
  orderLevelError,
  orderTriggerErrors,
  parseNumberInput,
} from '@openbroker/domain';
import type { TextMessage } from '../../../ui/forms.js';

/** What the ticket's order-type fields hold: market (trade now) or a pending limit/stop at a level. */
export interface PendingOrderValue {
  type: 'market' | OrderType;
  /** The level as typed. */
  level: string;
  expiry: OrderExpiry['kind'];
  /** The expiry date and time as a `datetime-local` value (the client's time zone), for `expiry: 'date'`. */
  expiryDate: string;
}

export const MARKET_ORDER: PendingOrderValue = Object.freeze({
  type: 'market',
  level: '',
  expiry: 'gtc',
  expiryDate: '',
});

/**
 * Which side of the current dealing price a level goes (domain `orderLevelError`): buy limit and sell stop
 * below it, buy stop and sell limit above it.
 */
export function levelSide(direction: Direction, type: OrderType): 'below' | 'above' {
  return (direction === 'buy') === (type === 'limit') ? 'below' : 'above';
}

export type PendingOrderErrors = Partial<Record<'level' | 'expiry', TextMessage>>;

export type PendingOrderCheck =
  | { ok: true; price: number; expiry: OrderExpiry }
  | { ok: false; errors: PendingOrderErrors };

/** The expiry the fields describe: a date from the `datetime-local` value (the client's zone), as ISO. */
export function expiryOf(value: PendingOrderValue): OrderExpiry | null {
  if (value.expiry !== 'date') return { kind: value.expiry };
  const at = value.expiryDate ? new Date(value.expiryDate).getTime() : Number.NaN;
  return Number.isNaN(at) ? null : { kind: 'date', at: new Date(at).toISOString() };
}

/**
 * Checks a pending order's level against the dealing price it fills at (null while there is no price: only
 * the number is checked) and its expiry at `now`, with the domain's order rules.
 */
export function checkPendingOrder(
  value: PendingOrderValue,
  direction: Direction,
  dealing: { buy: number; sell: number } | null,
  now: number,
): PendingOrderCheck {
  if (value.type === 'market') return { ok: false, errors: {} };
  const errors: PendingOrderErrors = {};
  const level = parseNumberInput(value.level);
  if (level === null) errors.level = { key: 'field.required', params: { title: 'Level' } };
  else if (Number.isNaN(level) || level <= 0)
    errors.level = { key: 'field.invalid', params: { title: 'Level' } };
  else if (dealing) {
    const error = orderLevelError({ direction, type: value.type, price: level }, dealing);
    if (error) errors.level = error;
  }
  const expiry = expiryOf(value);
  if (!expiry)
    errors.expiry = value.expiryDate
      ? { key: 'field.invalid', params: { title: 'Expiry' } }
      : { key: 'field.required', params: { title: 'Expiry' } };
  else {
    const error = orderExpiryError(expiry, now);
    if (error) errors.expiry = error;
  }
  if (errors.level || errors.expiry || level === null || !expiry) return { ok: false, errors };
  return { ok: true, price: level, expiry };
}

/** SL/TP of a pending order, against its level (domain `orderTriggerErrors`); nothing to say without a level. */
export function checkOrderTriggers(
  direction: Direction,
  level: number | null,
  stopLoss: string,
  takeProfit: string,
): { stop_lost?: Message; take_profit?: Message } {
  if (level === null || Number.isNaN(level)) return {};
  return orderTriggerErrors({ direction, level, stop_lost: stopLoss, take_profit: takeProfit });
}

/** A typed SL/TP as the command sends it: null when empty or 0. */
export const levelOrNull = (raw: string): number | null => {
  const n = parseNumberInput(raw);
  return n === null || n === 0 || Number.isNaN(n) ? null : n;
};

/** The `datetime-local` value of an instant, in the client's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
