/** Number display rules of spec §9. */
import Decimal from 'decimal.js';
import { Dec } from './money.js';

/** Decimals to show for a price (spec §9): 6 if |integer part| < 10, 4 if < 100, else 2. */
export function decimalsFor(value: number): 6 | 4 | 2 {
  if (!Number.isFinite(value)) return 2;
  // spec §9: Number decimals: 6 if the integer part < 10, 4 if < 100, else 2 (by magnitude, so negatives too).
  const integerPart = Math.trunc(Math.abs(value));
  if (integerPart < 10) return 6;
  if (integerPart < 100) return 4;
  return 2;
}

/** Formats a price with `decimalsFor(value)` decimals, half-up: 1.2345675 → '1.234568', 123.456 → '123.46'. */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const s = new Dec(value).toFixed(decimalsFor(value), Decimal.ROUND_HALF_UP);
  // a tiny negative rounds to '-0.000000'; show it as zero
  return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
}
