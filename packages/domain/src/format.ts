/** Number display rules of spec §9. */
import Decimal from 'decimal.js';
import { Dec } from './money.js';

/** Decimals of a tick (0.01 → 2, 0.00001 → 5, 1 → 0); null without a tick. */
function decimalsOfTick(tick: number | null | undefined): number | null {
  if (tick === null || tick === undefined || !(tick > 0) || !Number.isFinite(tick)) return null;
  return Math.min(10, Math.max(0, -Math.floor(Math.log10(tick) + 1e-9)));
}

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

/**
 * A price as the terminal shows it: with the decimals of the instrument's tick (EURUSD 1.08543, USDJPY
 * 150.123, BTCUSD 100000.00), rounded half-up; without a tick by the spec §9 rule (`formatPrice`). Messages that name
 * a price use it, so the price named is the one on screen.
 */
export function formatPriceOnTick(value: number, tick: number | null | undefined): string {
  const decimals = decimalsOfTick(tick);
  if (decimals === null || !Number.isFinite(value) || value < 0) return formatPrice(value);
  return new Dec(value).toFixed(decimals, Decimal.ROUND_HALF_UP);
}

/** An amount as decimal text ('1234.5', '-20.00') or a number; exact text is never read through a float. */
export type AmountInput = number | string;

/**
 * The one way the back office writes an amount of money: with its currency, grouped and with two decimals as the
 * reader's language writes them ('€1,000.00', '1.000,00 €', '-$5,000.00', 'CHF 12.50'). A decimal text is
 * formatted exactly (never through a float); `signed` puts a plus on a gain; a minus is the typographic one. An
 * empty or non-numeric value reads '—'. A currency that is not an ISO code is written in front of the figure.
 */
export function formatMoneyIn(
  value: AmountInput | null | undefined,
  currency: string,
  language: string,
  options: { signed?: boolean } = {},
): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return '—';
  const exact = new Dec(text).toFixed(2, Decimal.ROUND_HALF_UP);
  const signDisplay = options.signed ? 'exceptZero' : 'auto';
  const zero = /^-?0\.00$/.test(exact);
  const amount = zero ? '0.00' : exact;
  let formatted: string;
  try {
    // Intl formats a decimal string exactly (Intl.NumberFormat v3); the types only know numbers
    formatted = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay,
    }).format(amount as unknown as number);
  } catch {
    const figure = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay,
    }).format(amount as unknown as number);
    formatted = `${currency} ${figure}`;
  }
  return formatted.replace('-', '\u2212');
}
