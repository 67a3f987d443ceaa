/**
 * Price alerts of the terminal: a client asks to be told when a market's price (the brand's bid or ask, the quote
 * the client trades at) reaches a level, or moves by a percentage from the price when the alert was set. The
 * rules here are shared by the server (which enforces them) and the terminal's form (which explains them).
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { decimalPlaces, hasForbiddenCharacters, PRICE_MAX } from './bounds.js';
import type { Message } from './messages.js';
import { parseNumberInput } from './money.js';
import { choiceField, formObject, idField } from './schemas/fields.js';
import { SymbolField } from './schemas/trading.js';

/** Price above a level, price below a level, or a move of N % either way from the price when set. */
export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];
/** Which side of the brand's quote is watched: the bid (what a sell opens at) or the ask (what a buy opens at). */
export const PRICE_ALERT_SIDES = ['bid', 'ask'] as const;
export type PriceAlertSide = (typeof PRICE_ALERT_SIDES)[number];
export const PRICE_ALERT_STATUSES = ['active', 'triggered', 'expired'] as const;
export type PriceAlertStatus = (typeof PRICE_ALERT_STATUSES)[number];

/** Active alerts one client may keep. */
export const PRICE_ALERT_MAX_ACTIVE = 200;
/** Alerts one client may keep in all (triggered and expired ones are listed until deleted). */
export const PRICE_ALERT_MAX_KEPT = 1000;
/** Characters of an alert's note. */
export const PRICE_ALERT_NOTE_MAX = 140;
/** The largest move alert, percent. */
export const PRICE_ALERT_PERCENT_MAX = 50;
/** Decimals of a move alert's percentage. */
export const PRICE_ALERT_PERCENT_DECIMALS = 2;
/** The latest expiry, days from now. */
export const PRICE_ALERT_EXPIRY_MAX_DAYS = 366;

const NUMBERISH = z.union([z.number(), z.string().max(40)], { error: 'priceAlerts.valueRequired' });

/** The alert's value as sent: a number (or a decimal string); its range is checked with the instrument. */
const valueField = NUMBERISH.transform((raw, ctx) => {
  const n = parseNumberInput(raw);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: 'priceAlerts.valueRequired' });
    return z.NEVER;
  }
  if (!Number.isFinite(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: 'priceAlerts.valuePositive' });
    return z.NEVER;
  }
  return n;
});

/** An optional note: up to 140 characters once trimmed, no control characters; '' is none. */
const noteField = z
  .string({ error: 'priceAlerts.noteLength' })
  .trim()
  .refine((v) => !hasForbiddenCharacters(v), 'priceAlerts.noteControl')
  .refine((v) => v.length <= PRICE_ALERT_NOTE_MAX, {
    message: 'priceAlerts.noteLength',
    params: { max: PRICE_ALERT_NOTE_MAX },
  })
  .nullish()
  .transform((v) => (v ? v : null));

/** An optional expiry: an ISO 8601 instant (its range is checked against the clock); '' or null is none. */
const expiryField = z
  .union([z.iso.datetime({ offset: true, message: 'priceAlerts.expiryInvalid' }), z.literal(''), z.null()], {
    error: 'priceAlerts.expiryInvalid',
  })
  .optional()
  .transform((v) => (v ? new Date(v).toISOString() : null));

const alertShape = {
  symbol: SymbolField,
  kind: choiceField('kind', PRICE_ALERT_KINDS),
  side: choiceField('side', PRICE_ALERT_SIDES),
  /** The level for 'above' and 'below', the percentage for 'move'. */
  value: valueField,
  expires_at: expiryField,
  note: noteField,
};

/** POST /api/price-alerts/create. */
export const PriceAlertCreateInput = formObject(alertShape);
export type PriceAlertCreateInput = z.infer<typeof PriceAlertCreateInput>;
/** POST /api/price-alerts/update: the alert set anew (a triggered or expired one is armed again). */
export const PriceAlertUpdateInput = formObject({ id: idField(), ...alertShape });
export type PriceAlertUpdateInput = z.infer<typeof PriceAlertUpdateInput>;
/** POST /api/price-alerts/delete. */
export const PriceAlertDeleteInput = formObject({ id: idField() });

/**
 * The value's range for the kind and the instrument: a level above 0, at most PRICE_MAX, with at most the
 * instrument's decimals; a move above 0 and at most 50 %, with at most 2 decimals. null when it is fine.
 */
export function checkAlertValue(kind: PriceAlertKind, value: number, precision: number): Message | null {
  if (!Number.isFinite(value) || value <= 0) return { key: 'priceAlerts.valuePositive' };
  if (kind === 'move') {
    if (value > PRICE_ALERT_PERCENT_MAX)
      return { key: 'priceAlerts.percentMax', params: { max: PRICE_ALERT_PERCENT_MAX } };
    if (decimalPlaces(value) > PRICE_ALERT_PERCENT_DECIMALS)
      return { key: 'priceAlerts.decimals', params: { max: PRICE_ALERT_PERCENT_DECIMALS } };
    return null;
  }
  if (value > PRICE_MAX) return { key: 'priceAlerts.valueMax', params: { max: PRICE_MAX } };
  if (decimalPlaces(value) > precision) return { key: 'priceAlerts.decimals', params: { max: precision } };
  return null;
}

/** An expiry must be in the future and within PRICE_ALERT_EXPIRY_MAX_DAYS. null when it is fine. */
export function checkAlertExpiry(expiresAt: string | null, now: number): Message | null {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return { key: 'priceAlerts.expiryInvalid' };
  if (at <= now) return { key: 'priceAlerts.expiryPast' };
  if (at > now + PRICE_ALERT_EXPIRY_MAX_DAYS * 86_400_000)
    return { key: 'priceAlerts.expiryFar', params: { days: PRICE_ALERT_EXPIRY_MAX_DAYS } };
  return null;
}

/** The levels an alert fires at: at or above `above`, at or below `below` (null: no such level). */
export interface AlertLevels {
  above: number | null;
  below: number | null;
}

/**
 * The levels of an alert: the value itself for 'above' and 'below'; for 'move', the price when set (`base`) moved
 * up and down by the percentage, rounded away from it to the instrument's decimals (so the move is at least N %).
 */
export function alertLevels(
  kind: PriceAlertKind,
  value: number,
  base: number,
  precision: number,
): AlertLevels {
  if (kind === 'above') return { above: value, below: null };
  if (kind === 'below') return { above: null, below: value };
  const factor = new Decimal(value).div(100);
  const b = new Decimal(base);
  return {
    above: b.times(factor.plus(1)).toDecimalPlaces(precision, Decimal.ROUND_UP).toNumber(),
    below: b.times(new Decimal(1).minus(factor)).toDecimalPlaces(precision, Decimal.ROUND_DOWN).toNumber(),
  };
}

/**
 * An alert that would fire at once is refused: 'above' a level the price is at or above already, 'below' one it
 * is at or below. null when it is fine (or there is no price to compare with).
 */
export function checkAlertAgainstPrice(levels: AlertLevels, price: number | null): Message | null {
  if (price === null) return null;
  if (levels.above !== null && levels.below === null && price >= levels.above)
    return { key: 'priceAlerts.alreadyAbove', params: { price } };
  if (levels.below !== null && levels.above === null && price <= levels.below)
    return { key: 'priceAlerts.alreadyBelow', params: { price } };
  return null;
}

/** Whether a price fires levels (the rule the index keeps, as a plain comparison: tests, the naive scan). */
export function firesAt(levels: AlertLevels, price: number): boolean {
  return (levels.above !== null && price >= levels.above) || (levels.below !== null && price <= levels.below);
}
