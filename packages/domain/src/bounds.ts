/**
 * Bounds every user-supplied value must keep (decision 0013): what fits the database
 * columns and what a person can mean. A value outside them is refused with a field message before
 * it reaches a rule, the engine or SQL, so it is never silently rounded, truncated or overflowed.
 */
import type { Message } from './messages.js';
import { toDecimal } from './money.js';

/**
 * Largest price, stop loss or take profit (1 000 000 000). Rates are NUMERIC(30,10) in the database,
 * so anything from 1e20 on could not be stored; no instrument is quoted anywhere near this bound.
 */
export const PRICE_MAX = 1_000_000_000;
/** Most decimal places of a stop loss or take profit: the NUMERIC(30,10) scale, so 1e-300 is not stored as 0. */
export const PRICE_MAX_DECIMALS = 10;
/**
 * Largest money amount a form or the API may send (1 000 000 000 000). Money is NUMERIC(20,2); the
 * business limits (free margin, the per-transaction maximum) are far smaller and checked by their rules.
 */
export const AMOUNT_MAX = 1_000_000_000_000;
/** Largest leverage accepted as input; the category's own list decides what is offered (spec §5). */
export const LEVERAGE_MAX = 1000;

/** Decimal places of a finite number as written in its shortest form: 1.25 → 2, 1e-7 → 7, 3 → 0. */
export function decimalPlaces(value: number): number {
  return toDecimal(value).decimalPlaces();
}

/**
 * Checks a positive price (the price a client saw, a stop loss or a take profit): finite, above 0,
 * at most PRICE_MAX and, with `maxDecimals`, at most that many decimals. null when it is fine.
 */
export function checkPriceBounds(
  value: number,
  title: string,
  { maxDecimals }: { maxDecimals?: number } = {},
): Message | null {
  if (!Number.isFinite(value) || value <= 0) return { key: 'field.invalid', params: { title } };
  if (value > PRICE_MAX) return { key: 'field.max', params: { title, max: PRICE_MAX } };
  if (maxDecimals !== undefined && decimalPlaces(value) > maxDecimals)
    return { key: 'field.maxDecimals', params: { title, max: maxDecimals } };
  return null;
}

/**
 * Whether a text holds a character no form field accepts: C0 control characters (NUL, ESC, …), DEL,
 * and UTF-16 surrogates that are not a pair. PostgreSQL refuses NUL in text and `\u0000` or a lone
 * surrogate in JSON, and none of them is something a person types. `multiline` fields (messages,
 * comments) keep tab, line feed and carriage return.
 */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}) {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (!(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
    } else if (c === 0x7f) {
      return true;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The text without the characters `hasForbiddenCharacters` refuses (for values kept for staff only, e.g. a file name). */
export function withoutForbiddenCharacters(value: string): string {
  let out = '';
  for (const ch of value) if (!hasForbiddenCharacters(ch)) out += ch;
  return out;
}
