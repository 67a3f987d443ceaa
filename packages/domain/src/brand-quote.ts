/**
 * One quote per brand: the only function that turns a feed quote into the prices a client sees, trades,
 * is valued and triggered at. The server computes it once per flush for each brand and sends it on the price
 * socket; the engine deals, values and triggers at it; the widgets, the ticket, the calculator and every
 * validation read the same numbers. Nothing else applies a markup.
 */
import { Decimal } from 'decimal.js';
import { SLIPPAGE } from './constants.js';
import {
  DEFAULT_MARKUP,
  type GroupCosts,
  type InstrumentGroup,
  type Markup,
  type TradingProfile,
} from './costs.js';
import { Dec, type Numeric, type Price, price, toDecimal } from './money.js';
import type { Direction, Quote } from './pricing.js';

/**
 * The prices of one instrument under one brand: `buy` is what a buy opens and a sell closes at, `sell` what a sell
 * opens and a buy closes at. Already marked up and on the instrument's tick: use as they are.
 */
export interface BrandQuote {
  buy: Price;
  sell: Price;
}

/**
 * What a brand quote depends on besides the feed: the group's markup per side, the instrument's pip (for a markup
 * in pips) and its tick (smallest price step, 10^−precision; null: not rounded, for instruments without one).
 */
export interface QuoteTerms {
  markup: Markup;
  pipSize: number;
  tick: number | null;
}

/** Terms of the spec's pricing (spec §5 'Price sent': ±0.025 %) without a tick: the reference for tests and tools. */
export const SPEC_QUOTE_TERMS: Readonly<QuoteTerms> = Object.freeze({
  markup: DEFAULT_MARKUP,
  pipSize: 0.0001,
  tick: null,
});

/** Smallest price step of an instrument quoted with `precision` decimals (0..10): 10^−precision; null when unknown. */
export function tickSizeOf(precision: number | null | undefined): number | null {
  if (precision === null || precision === undefined || !Number.isInteger(precision)) return null;
  if (precision < 0 || precision > 10) return null;
  return new Dec(10).pow(-precision).toNumber();
}

/** The decimals of a tick (0.01 → 2); 10 when there is none. */
export function tickDecimals(tick: number | null): number {
  if (tick === null || !(tick > 0)) return 10;
  return Math.max(0, -Math.floor(Math.log10(tick) + 1e-9));
}

/** Terms of an instrument group in a brand's profile: its markup, with the instrument's pip and tick. */
export function quoteTermsFor(
  profile: TradingProfile,
  group: InstrumentGroup,
  pipSize: number,
  tick: number | null,
): QuoteTerms {
  const costs: GroupCosts | undefined = profile.groups[group];
  return { markup: costs?.markup ?? DEFAULT_MARKUP, pipSize, tick };
}

/** A key that is equal for terms that give equal quotes (for caches and socket rooms). */
export function quoteTermsKey(terms: QuoteTerms): string {
  return `${terms.markup.unit}:${terms.markup.value}:${terms.pipSize}:${terms.tick ?? '-'}`;
}

/** Rounds a price up (`ceil`) or down to a multiple of `tick`; unchanged without a tick. */
export function roundToTick(value: Numeric, tick: number | null, mode: 'up' | 'down' | 'nearest'): Price {
  const d = toDecimal(value);
  if (tick === null || !(tick > 0)) return price(d);
  const t = toDecimal(tick);
  const steps = d.dividedBy(t);
  const rounded =
    mode === 'up'
      ? steps.ceil()
      : mode === 'down'
        ? steps.floor()
        : steps.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return price(rounded.times(t));
}

/**
 * The brand quote of a feed quote (`{buy: ask, sell: bid}`): percent markup → ask × (1 + m/100) and bid × (1 − m/100);
 * pips markup → ask + m × pip and bid − m × pip; then the buy rounded up and the sell down to the tick, so the spread
 * is never narrower than the markup. The sell never goes below 0.
 */
export function brandQuote(feed: Quote, terms: QuoteTerms): BrandQuote {
  let buy: Decimal;
  let sell: Decimal;
  if (terms.markup.unit === 'percent') {
    const m = toDecimal(terms.markup.value).dividedBy(100);
    buy = toDecimal(feed.buy).times(new Dec(1).plus(m));
    sell = toDecimal(feed.sell).times(new Dec(1).minus(m));
  } else {
    const m = toDecimal(terms.markup.value).times(terms.pipSize);
    buy = toDecimal(feed.buy).plus(m);
    sell = toDecimal(feed.sell).minus(m);
  }
  return {
    buy: roundToTick(buy, terms.tick, 'up'),
    sell: roundToTick(Dec.max(0, sell), terms.tick, 'down'),
  };
}

const SPEC_UP = 1 + SLIPPAGE;
const SPEC_DOWN = 1 - SLIPPAGE;
/** |x/tick − round(x/tick)| below this is too close to a step to round in floats: the exact rule decides. */
const NEAR_STEP = 1e-6;
/**
 * Relative error of a float step count (the feed as a double, the markup, the division by a tick that is not a
 * double exactly: a few roundings of 1.1e-16, with a margin). With many steps (price ÷ tick beyond ~1e9) it is more
 * than NEAR_STEP, and a price exactly on a step could be counted a whole step off: there the nearness is this.
 */
const STEP_ERROR = 2e-15;

/**
 * A float price on its tick (up or down); NaN when it sits too close to a step for floats to decide. `magnitude` is
 * the largest operand the price was computed from (its error is relative to that).
 */
function approxRound(raw: number, tick: number | null, up: boolean, magnitude: number): number {
  if (tick === null || !(tick > 0)) return raw;
  const steps = raw / tick;
  const near = Math.max(NEAR_STEP, (magnitude / tick) * STEP_ERROR);
  if (Math.abs(steps - Math.round(steps)) < near) return Number.NaN;
  return (up ? Math.ceil(steps) : Math.floor(steps)) * tick;
}

/**
 * Float estimate of `brandQuote` for the engine's hot path, within `APPROX_PRICE_RELATIVE_ERROR` of the exact
 * prices: where the unrounded price sits within 1e-6 of a tick step (or within the floats' own error of one, for
 * prices of more than ~1e9 ticks) the exact rule is used, so the estimate is never a whole tick away. Writes into
 * `out` (no allocation per tick). Property-tested against `brandQuote`.
 */
export function approxBrandQuote(
  feed: Quote,
  terms: QuoteTerms,
  out: { buy: number; sell: number } = { buy: 0, sell: 0 },
): { buy: number; sell: number } {
  const m = terms.markup;
  let buy: number;
  let sell: number;
  if (m.unit === 'percent') {
    const isSpec = m.value === DEFAULT_MARKUP.value;
    buy = feed.buy * (isSpec ? SPEC_UP : 1 + m.value / 100);
    sell = feed.sell * (isSpec ? SPEC_DOWN : 1 - m.value / 100);
  } else {
    buy = feed.buy + m.value * terms.pipSize;
    sell = feed.sell - m.value * terms.pipSize;
  }
  sell = Math.max(0, sell);
  out.buy = approxRound(buy, terms.tick, true, Math.max(buy, feed.buy));
  out.sell = approxRound(sell, terms.tick, false, Math.max(sell, feed.sell));
  if (Number.isNaN(out.buy) || Number.isNaN(out.sell)) {
    const exact = brandQuote(feed, terms);
    if (Number.isNaN(out.buy)) out.buy = exact.buy;
    if (Number.isNaN(out.sell)) out.sell = exact.sell;
  }
  return out;
}

/** Where a position of `direction` opens on a brand quote: a buy at its buy price, a sell at its sell price. */
export function openSide(direction: Direction, quote: BrandQuote): Price {
  return direction === 'buy' ? quote.buy : quote.sell;
}

/** Where a position of `direction` is valued and closes on a brand quote: the opposite price (spec §4). */
export function closeSide(direction: Direction, quote: BrandQuote): Price {
  // spec §4: Closing is sent at the current opposite price.
  return direction === 'buy' ? quote.sell : quote.buy;
}

/** How an instrument's price moves are counted for a person: forex in pips, everything else in points (1 unit). */
export interface PriceUnit {
  unit: 'pip' | 'point';
  /** Price change of one unit: the pip (0.0001, 0.01 JPY pairs) or 1 point. */
  size: number;
}

/** Forex counts in pips (its pip size); crypto, indices, stocks and commodities in points of 1 price unit. */
export function priceUnitOf(group: InstrumentGroup, pipSize: number): PriceUnit {
  return group === 'forex' ? { unit: 'pip', size: pipSize } : { unit: 'point', size: 1 };
}

/** The spread of a brand quote in units (pips or points), to 0.1 (forex) or to the tick (points). */
export function spreadInUnits(quote: BrandQuote, unit: PriceUnit, tick: number | null): number {
  const spread = toDecimal(quote.buy).minus(quote.sell);
  const units = spread.dividedBy(unit.size);
  if (unit.unit === 'pip') return units.toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber();
  return units.toDecimalPlaces(tickDecimals(tick), Decimal.ROUND_HALF_UP).toNumber();
}

/**
 * Value in the account currency of a one-unit (pip or point) move of a position of `amount` × `leverage` at
 * `priceNow` (the notional's units × unit size): amount × leverage × unit ÷ price, unrounded.
 */
export function unitValue(amount: Numeric, leverage: Numeric, unit: PriceUnit, priceNow: Numeric): number {
  const p = toDecimal(priceNow);
  if (!p.greaterThan(0)) return 0;
  return toDecimal(amount).times(toDecimal(leverage)).times(unit.size).dividedBy(p).toNumber();
}

/**
 * The break-even stop loss of an open position, or null when it is not yet in profit by at least the spread: the
 * opening price rounded to the tick on the client's side (a buy's up, a sell's down), so the stop never locks in a
 * loss; null also when that level would not be a valid stop at the current quote (it must be below a buy's close
 * price, above a sell's).
 */
export function breakEvenStop(
  position: { direction: Direction; open_rate: Numeric },
  quote: BrandQuote,
  tick: number | null,
): Price | null {
  const spread = toDecimal(quote.buy).minus(quote.sell);
  const close = toDecimal(closeSide(position.direction, quote));
  const open = toDecimal(position.open_rate);
  const gain = position.direction === 'buy' ? close.minus(open) : open.minus(close);
  if (gain.lessThan(spread) || !gain.greaterThan(0)) return null;
  const level = roundToTick(open, tick, position.direction === 'buy' ? 'up' : 'down');
  const ok =
    position.direction === 'buy' ? toDecimal(level).lessThan(close) : toDecimal(level).greaterThan(close);
  return ok ? level : null;
}
