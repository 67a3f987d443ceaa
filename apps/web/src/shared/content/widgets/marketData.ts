import { FOREX_CROSS_RATE_CURRENCIES, MARKET_QUOTE_GROUPS, type MarketQuoteGroup } from '@openbroker/domain';
import type { Instrument, InstrumentCategory } from '../../../api/types.js';

/** spec §2: the market quotes widget's four groups and the instrument category each shows. */
export const GROUP_CATEGORY: Record<MarketQuoteGroup, InstrumentCategory> = {
  Crypto: 'crypto',
  Forex: 'forex',
  Stocks: 'stocks',
  Commodities: 'commodities',
};

/** The best-known instruments first; the rest of a category fills up to the limit. */
const PREFERRED: Record<MarketQuoteGroup, readonly string[]> = {
  Crypto: [
    'BTCUSD',
    'ETHUSD',
    'SOLUSD',
    'XRPUSD',
    'BNBUSD',
    'ADAUSD',
    'DOGEUSD',
    'LTCUSD',
    'DOTUSD',
    'AVAXUSD',
  ],
  Forex: ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'AUDUSD', 'USDCAD', 'NZDUSD', 'EURGBP', 'EURJPY', 'GBPJPY'],
  Stocks: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'NFLX', 'SAP', 'JPM'],
  Commodities: [
    'GOLD',
    'SILVER',
    'USOIL',
    'UKOIL',
    'NATGAS',
    'PLATINUM',
    'PALLADIUM',
    'COPPER',
    'WHEAT',
    'COFFEE',
  ],
};

export const GROUP_SIZE = 10;

/** The instruments one group of the market quotes widget lists (those the catalogue has). */
export function groupInstruments(
  group: MarketQuoteGroup,
  instruments: readonly Instrument[],
  limit = GROUP_SIZE,
): Instrument[] {
  const category = GROUP_CATEGORY[group];
  const inCategory = instruments.filter((instrument) => instrument.category === category);
  const rank = (symbol: string) => {
    const index = PREFERRED[group].indexOf(symbol);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return [...inCategory].sort((a, b) => rank(a.symbol) - rank(b.symbol)).slice(0, limit);
}

export { MARKET_QUOTE_GROUPS };

/**
 * spec §2 ticker tape: gold, palladium, platinum, natural gas, crude oil, several stocks and crypto
 * pairs; only those the catalogue has are shown.
 */
export const TICKER_SYMBOLS = [
  'GOLD',
  'PALLADIUM',
  'PLATINUM',
  'NATGAS',
  'USOIL',
  'AAPL',
  'TSLA',
  'NVDA',
  'MSFT',
  'AMZN',
  'BTCUSD',
  'ETHUSD',
  'SOLUSD',
  'XRPUSD',
] as const;

export const tickerInstruments = (instruments: readonly Instrument[]): Instrument[] => {
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  return TICKER_SYMBOLS.flatMap((symbol) => bySymbol.get(symbol) ?? []);
};

export type Currency = (typeof FOREX_CROSS_RATE_CURRENCIES)[number];
export const CROSS_CURRENCIES: readonly Currency[] = FOREX_CROSS_RATE_CURRENCIES;

/** The catalogue's forex pairs between two of the cross-rate currencies (in either direction). */
export function crossRatePairs(instruments: readonly Instrument[]): string[] {
  const wanted = new Set<string>(CROSS_CURRENCIES);
  return instruments
    .filter(
      (instrument) =>
        instrument.category === 'forex' &&
        instrument.symbol.length === 6 &&
        wanted.has(instrument.symbol.slice(0, 3)) &&
        wanted.has(instrument.symbol.slice(3)),
    )
    .map((instrument) => instrument.symbol);
}

/** Price of one unit of `base` in `quote` from a pair's mid, direct or inverted; null if not quoted. */
function directRate(base: string, quote: string, mids: ReadonlyMap<string, number>): number | null {
  const direct = mids.get(base + quote);
  if (direct !== undefined && direct > 0) return direct;
  const inverse = mids.get(quote + base);
  if (inverse !== undefined && inverse > 0) return 1 / inverse;
  return null;
}

/**
 * spec §2 forex cross rates: one unit of `base` in `quote`, from the pair itself, its inverse, or
 * through USD (base→USD × USD→quote). Null where it cannot be derived (shown as '—').
 */
export function crossRate(base: string, quote: string, mids: ReadonlyMap<string, number>): number | null {
  if (base === quote) return 1;
  const direct = directRate(base, quote, mids);
  if (direct !== null) return direct;
  if (base === 'USD' || quote === 'USD') return null;
  const toUsd = directRate(base, 'USD', mids);
  const fromUsd = directRate('USD', quote, mids);
  return toUsd !== null && fromUsd !== null ? toUsd * fromUsd : null;
}

/** Decimals of a cross rate: JPY quotes and large rates need fewer. */
export const crossRateDecimals = (rate: number): number => (rate >= 100 ? 2 : rate >= 10 ? 3 : 4);

/** UTC midnight of the day containing `ms`, in unix seconds. */
export const utcDayStart = (ms: number): number => Math.floor(ms / 86_400_000) * 86_400;

/** The close of the last daily candle before today (UTC), and the newest close, from 1D candles. */
export function dailyCloses(
  candles: readonly { time: number; close: number }[],
  nowMs: number,
): { previousClose: number | null; lastClose: number | null } {
  const today = utcDayStart(nowMs);
  let previousClose: number | null = null;
  for (const candle of candles) if (candle.time < today) previousClose = candle.close;
  return { previousClose, lastClose: candles.at(-1)?.close ?? null };
}

/** Change in percent from `from` to `to`, or null when it cannot be computed. */
export const percentChange = (from: number | null, to: number | null): number | null =>
  from === null || to === null || from === 0 ? null : ((to - from) / from) * 100;
