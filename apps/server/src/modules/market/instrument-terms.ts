/**
 * What a brand's clients are offered on an instrument: pip size, the typical dealing spread
 * (the feed's typical spread plus the brand's markup on both sides, computed with the same domain
 * function the engine prices with), the leverages the brand's preset allows, and when a closed market
 * opens next. The terminal's payload and the public site's figures both come from here.
 */
import {
  brandQuote,
  type InstrumentGroup,
  leverageCapFor,
  type PriceUnit,
  pipSize,
  priceUnitOf,
  type Quote,
  quoteTermsFor,
  spreadInUnits,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import type { Instrument } from '../../market/instruments.js';
import { isOpen, nextOpenMs } from '../../market/market-hours.js';
import { offeredLeverages } from '../brands/brand-trading.js';

/** The instrument's group (its catalogue category). */
export const groupOf = (instrument: Pick<Instrument, 'category'>): InstrumentGroup => instrument.category;

/** One pip of the instrument (domain pipSize: 0.0001 forex, 0.01 JPY pairs, 1 index point, else 10^−precision). */
export const pipSizeOf = (instrument: Pick<Instrument, 'symbol' | 'category' | 'precision'>): number =>
  pipSize(instrument.symbol, groupOf(instrument), instrument.precision);

/** The smallest price step of the instrument (10^−precision): brand quotes and levels are on it. */
export const tickOf = (instrument: Pick<Instrument, 'precision'>): number | null =>
  tickSizeOf(instrument.precision);

/**
 * The spread a client of this profile typically sees, in the instrument's unit (pips for forex, points for the
 * rest): the brand quote (`brandQuote`, the function the engine and the price socket use) of the feed's typical
 * spread around the reference price.
 */
export function typicalSpread(
  instrument: Pick<Instrument, 'symbol' | 'category' | 'precision' | 'spread' | 'referencePrice'>,
  profile: TradingProfile,
): { spread: number; unit: PriceUnit } {
  const pip = pipSizeOf(instrument);
  const tick = tickOf(instrument);
  const half = instrument.spread / 2;
  const feed = { buy: instrument.referencePrice + half, sell: instrument.referencePrice - half } as Quote;
  const quote = brandQuote(feed, quoteTermsFor(profile, groupOf(instrument), pip, tick));
  const unit = priceUnitOf(groupOf(instrument), pip);
  return { spread: spreadInUnits(quote, unit, tick), unit };
}

export interface InstrumentTerms {
  group: InstrumentGroup;
  pipSize: number;
  /** Smallest price step; null when the catalogue gives no precision. */
  tick: number | null;
  /** How price moves are counted for this instrument: 'pip' (forex) or 'point' (1 price unit). */
  unit: 'pip' | 'point';
  /** Typical spread of the brand quote in `unit`s. */
  spread: number;
  /** Leverages a client may pick: the category's list capped by the preset. */
  leverages: number[];
  /** The preset's cap for the instrument's class; null without caps. */
  leverageCap: number | null;
  /** Whether the instrument's market is open now (its calendar; a stale feed is `available: false`). */
  open: boolean;
  /** When a closed market opens next, ISO 8601 UTC; null when open now or never closed. */
  nextOpen: string | null;
}

/** The terms of an instrument for a brand's profile at `now` (epoch ms). */
export function instrumentTerms(
  instrument: Instrument,
  profile: TradingProfile,
  categoryLeverage: string | undefined,
  now: number,
): InstrumentTerms {
  const group = groupOf(instrument);
  const open = isOpen(instrument, now);
  const next = open ? null : nextOpenMs(instrument, now);
  const typical = typicalSpread(instrument, profile);
  return {
    group,
    pipSize: pipSizeOf(instrument),
    tick: tickOf(instrument),
    unit: typical.unit.unit,
    spread: typical.spread,
    leverages: offeredLeverages(categoryLeverage ?? '1', instrument.symbol, group, profile),
    leverageCap: leverageCapFor(profile, instrument.symbol, group) ?? null,
    open,
    nextOpen: next === null ? null : new Date(next).toISOString(),
  };
}

/** The brand quote of the instrument's last feed price (`{bid, ask}`), or null without one: closed markets show it. */
export function lastBrandQuote(
  instrument: Instrument,
  profile: TradingProfile,
  last: { bid: number; ask: number } | undefined,
): { buy: number; sell: number } | null {
  if (!last || !(last.bid > 0) || !(last.ask > 0)) return null;
  const quote = brandQuote(
    { buy: last.ask, sell: last.bid },
    quoteTermsFor(profile, groupOf(instrument), pipSizeOf(instrument), tickOf(instrument)),
  );
  return { buy: quote.buy, sell: quote.sell };
}
