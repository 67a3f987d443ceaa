/**
 * What a brand's clients are offered on an instrument (issue 14): pip size, the typical dealing spread
 * (the feed's typical spread plus the brand's markup on both sides, computed with the same domain
 * function the engine prices with), the leverages the brand's preset allows, and when a closed market
 * opens next. The terminal's payload and the public site's figures both come from here.
 */
import {
  dealingQuoteWith,
  groupCosts,
  type InstrumentGroup,
  leverageCapFor,
  pipSize,
  type Quote,
  type TradingProfile,
} from '@openbroker/domain';
import type { Instrument } from '../../market/instruments.js';
import { isOpen, nextOpenMs } from '../../market/market-hours.js';
import { offeredLeverages } from '../brands/brand-trading.js';

/** The instrument's group (its catalogue category). */
export const groupOf = (instrument: Pick<Instrument, 'category'>): InstrumentGroup => instrument.category;

/** One pip of the instrument (domain pipSize: 0.0001 forex, 0.01 JPY pairs, 1 index point, else 10^−precision). */
export const pipSizeOf = (instrument: Pick<Instrument, 'symbol' | 'category' | 'precision'>): number =>
  pipSize(instrument.symbol, groupOf(instrument), instrument.precision);

/**
 * The spread a client of this profile typically sees, in pips: the feed's typical spread around the
 * reference price, widened by the group's markup per side (dealingQuoteWith), rounded to 0.1 pip.
 */
export function typicalSpreadPips(
  instrument: Pick<Instrument, 'symbol' | 'category' | 'precision' | 'spread' | 'referencePrice'>,
  profile: TradingProfile,
): number {
  const pip = pipSizeOf(instrument);
  const half = instrument.spread / 2;
  const feed = { buy: instrument.referencePrice + half, sell: instrument.referencePrice - half } as Quote;
  const dealing = dealingQuoteWith(feed, groupCosts(profile, groupOf(instrument)).markup, pip);
  return Math.round(((Number(dealing.buy) - Number(dealing.sell)) / pip) * 10) / 10;
}

export interface InstrumentTerms {
  group: InstrumentGroup;
  pipSize: number;
  /** Typical dealing spread in pips under the brand's markup. */
  spreadPips: number;
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
  return {
    group,
    pipSize: pipSizeOf(instrument),
    spreadPips: typicalSpreadPips(instrument, profile),
    leverages: offeredLeverages(categoryLeverage ?? '1', instrument.symbol, group, profile),
    leverageCap: leverageCapFor(profile, instrument.symbol, group) ?? null,
    open,
    nextOpen: next === null ? null : new Date(next).toISOString(),
  };
}
