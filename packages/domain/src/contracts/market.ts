import { z } from 'zod';
import { INSTRUMENT_GROUPS } from '../costs.js';

/**
 * Client-area contracts of market data: the public instrument list and candles, and the client's tradable assets
 * (see common.ts).
 */

/** spec §3: the asset categories an instrument belongs to. */
export const INSTRUMENT_CATEGORIES = ['crypto', 'forex', 'stocks', 'commodities', 'index'] as const;
export type InstrumentCategory = (typeof INSTRUMENT_CATEGORIES)[number];

/** One instrument of GET /api/market/instruments (public), with the terms of the requesting host's brand. */
export const Instrument = z.object({
  symbol: z.string(),
  /** Exchange-prefixed name, e.g. 'BINANCE:BTCUSDT'. */
  name: z.string(),
  displayName: z.string(),
  category: z.enum(INSTRUMENT_CATEGORIES),
  categoryId: z.number(),
  /** Decimals the feed quotes with. */
  precision: z.number(),
  /** Units of the instrument in one lot (100,000 for a currency pair, 100 oz of GOLD, 1 share or coin). */
  contractSize: z.number(),
  /** Tradable now: not halted and the feed has a price. */
  available: z.boolean(),
  /** Taken off trading for this brand by a dealer: "Temporarily unavailable"; closing stays possible. */
  halted: z.boolean(),
  // for the requesting host's brand:
  group: z.enum(INSTRUMENT_GROUPS),
  /** Price size of one pip (0.0001 forex, 0.01 JPY pairs, 1 index point, else 10^−precision). */
  pipSize: z.number(),
  /** Smallest price step (10^−precision): prices and levels are on it; null when unknown. */
  tick: z.number().nullable(),
  /** How the instrument's moves are counted: pips (forex) or points of one price unit (everything else). */
  unit: z.enum(['pip', 'point']),
  /** Typical spread of the brand's quote, in `unit`s: the feed's typical spread plus the brand's markup. */
  spread: z.number(),
  /** Leverages a client may pick: the category's list capped by the brand's preset. */
  leverages: z.array(z.number()),
  leverageCap: z.number().nullable(),
  /** Whether the market is open now by its calendar. */
  open: z.boolean(),
  /** When a closed market opens next, ISO 8601 UTC; null when open or never closed. */
  nextOpen: z.string().nullable(),
  /**
   * The brand's quote of the last feed price, shown greyed while the market is closed or the feed stale;
   * null when there has been none since the server started.
   */
  last: z.object({ buy: z.number(), sell: z.number() }).nullable(),
});
export type Instrument = z.infer<typeof Instrument>;

/** `data` of GET /api/market/instruments. */
export const InstrumentList = z.array(Instrument);
export type InstrumentList = z.infer<typeof InstrumentList>;

/** Chart resolutions of GET /api/market/candles (UTC buckets). */
export const CANDLE_RESOLUTIONS = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export type CandleResolution = (typeof CANDLE_RESOLUTIONS)[number];

/** One candle; `time` is the UTC bucket start in unix seconds. */
export const Candle = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof Candle>;

/** `data` of GET /api/market/candles, oldest first. */
export const CandleList = z.array(Candle);
export type CandleList = z.infer<typeof CandleList>;

/** spec §3 Asset of GET /api/get/assets: what trading needs (category id and the category's leverage list). */
export const Asset = z.object({
  id: z.number(),
  name: z.string(),
  symbol: z.string(),
  code: z.string(),
  asset_category_id: z.number(),
  position_assets_category: z.object({ name: z.string(), leverage: z.string() }),
});
export type Asset = z.infer<typeof Asset>;

/** `data` of GET /api/get/assets: the assets the client may trade. */
export const AssetList = z.array(Asset);
export type AssetList = z.infer<typeof AssetList>;
