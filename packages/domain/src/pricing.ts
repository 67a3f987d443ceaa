/**
 * Quotes and directions (spec §5 'Price sent', §4 'Closing is sent at the current opposite price').
 * A feed quote is `{buy (ask), sell (bid)}`; what a client sees and trades at is the brand quote made from it by
 * `brandQuote` (brand-quote.ts). `buyPrice`/`sellPrice` are the spec's default markup (±0.025 %) without a
 * tick, i.e. the sides of `brandQuote(feed, SPEC_QUOTE_TERMS)`. See docs/decisions/0002 and 0023.
 */
import { SLIPPAGE } from './constants.js';
import { Dec, type Numeric, type Price, price, toDecimal } from './money.js';

export const DIRECTIONS = ['buy', 'sell'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A price-socket quote per symbol (spec §7): buy is the ask, sell is the bid. */
export interface Quote {
  buy: number;
  sell: number;
}

/** +1 for a buy, −1 for a sell. */
export function directionSign(direction: Direction): 1 | -1 {
  return direction === 'buy' ? 1 : -1;
}

/** The other direction. */
export function oppositeDirection(direction: Direction): Direction {
  return direction === 'buy' ? 'sell' : 'buy';
}

const UP = new Dec(1).plus(SLIPPAGE);
const DOWN = new Dec(1).minus(SLIPPAGE);

/** Buy price sent for a quote: quote × (1 + 0.00025) (spec §5). */
export function buyPrice(quote: Numeric): Price {
  // spec §5: buy price is quote + 0.025%
  return price(toDecimal(quote).times(UP));
}

/** Sell price sent for a quote: quote × (1 − 0.00025) (spec §5). */
export function sellPrice(quote: Numeric): Price {
  // spec §5: sell price is quote - 0.025%
  return price(toDecimal(quote).times(DOWN));
}

/** Whether a quote can be traded: both sides finite and positive (otherwise 'temporarily unavailable'). */
export function isQuoteAvailable(quote: Quote | null | undefined): quote is Quote {
  return (
    quote != null &&
    Number.isFinite(quote.buy) &&
    Number.isFinite(quote.sell) &&
    quote.buy > 0 &&
    quote.sell > 0
  );
}

/**
 * Whether the price a client saw is too far from the server's dealing price and must be requoted
 * (architecture §5); `tolerance` is relative, e.g. 0.001 = 0.1 %.
 */
export function isRequote(clientPrice: number, serverPrice: number, tolerance: number): boolean {
  if (!Number.isFinite(clientPrice) || clientPrice <= 0 || serverPrice <= 0) return true;
  const drift = toDecimal(clientPrice).minus(serverPrice).abs().dividedBy(serverPrice);
  return drift.greaterThan(tolerance);
}
