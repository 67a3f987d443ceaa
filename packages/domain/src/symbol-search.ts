/**
 * Finding an instrument the way traders type it: by its symbol, its name, or a name other platforms use for
 * it ("XAUUSD" for gold, "SPX" for the S&P 500, "DAX" for Germany 40). Pure; the catalogue is an argument.
 */

/** What the search reads of an instrument. */
export interface SearchableInstrument {
  symbol: string;
  name?: string;
  displayName?: string;
}

/**
 * Common names of the catalogue's instruments, alias → catalogue symbol (both normalised: upper case, without
 * spaces, slashes and dashes). Only symbols the catalogue has are named here.
 */
export const SYMBOL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  // metals
  XAU: 'GOLD',
  XAUUSD: 'GOLD',
  XAG: 'SILVER',
  XAGUSD: 'SILVER',
  XPT: 'PLATINUM',
  XPTUSD: 'PLATINUM',
  XPD: 'PALLADIUM',
  XPDUSD: 'PALLADIUM',
  // energy
  WTI: 'USOIL',
  CRUDE: 'USOIL',
  CL: 'USOIL',
  BRENT: 'UKOIL',
  NGAS: 'NATGAS',
  // indices
  SPX: 'US500',
  SPX500: 'US500',
  SP500: 'US500',
  'S&P': 'US500',
  'S&P500': 'US500',
  DJI: 'US30',
  DJIA: 'US30',
  DOW: 'US30',
  DOWJONES: 'US30',
  NAS100: 'US100',
  NDX: 'US100',
  NASDAQ: 'US100',
  USTEC: 'US100',
  GER40: 'DE40',
  GER30: 'DE40',
  DAX: 'DE40',
  DAX40: 'DE40',
  FTSE: 'UK100',
  FTSE100: 'UK100',
  FRA40: 'FR40',
  CAC: 'FR40',
  CAC40: 'FR40',
  STOXX50: 'EU50',
  SX5E: 'EU50',
  JPN225: 'JP225',
  NIKKEI: 'JP225',
  N225: 'JP225',
  HSI: 'HK50',
  HANGSENG: 'HK50',
  ASX200: 'AUS200',
  // crypto
  BTC: 'BTCUSD',
  XBT: 'BTCUSD',
  BTCUSDT: 'BTCUSD',
  ETH: 'ETHUSD',
  ETHUSDT: 'ETHUSD',
});

/** A query or name as the search compares it: upper case, without spaces, slashes, dashes and underscores. */
export const normalizeSymbolQuery = (text: string): string =>
  text.toUpperCase().replace(/[\s/\\_\-–—]+/g, '');

/** The aliases of a catalogue symbol ("GOLD" → ["XAU", "XAUUSD"]), in the order above. */
export function aliasesOf(symbol: string): string[] {
  const wanted = normalizeSymbolQuery(symbol);
  return Object.entries(SYMBOL_ALIASES)
    .filter(([, target]) => target === wanted)
    .map(([alias]) => alias);
}

/** How well an instrument matches a normalised query: 0 its symbol, 1 an alias, 2 a prefix, 3 its name; else null. */
function rankOf(instrument: SearchableInstrument, query: string): number | null {
  const symbol = normalizeSymbolQuery(instrument.symbol);
  if (symbol === query) return 0;
  if (SYMBOL_ALIASES[query] === symbol) return 1;
  if (symbol.startsWith(query) || aliasesOf(symbol).some((alias) => alias.startsWith(query))) return 2;
  const names = [instrument.displayName, instrument.name].filter((n): n is string => !!n);
  if (names.some((name) => normalizeSymbolQuery(name).includes(query))) return 3;
  return null;
}

/**
 * The instruments matching `query`, best first: the exact symbol, then the instrument an alias names, then
 * symbols (or aliases) starting with the query, then names containing it; catalogue order within each rank.
 * Case, spaces, slashes and dashes do not count ("eur/usd" finds EURUSD). An empty query keeps every instrument.
 */
export function searchInstruments<T extends SearchableInstrument>(
  instruments: readonly T[],
  query: string,
): T[] {
  const wanted = normalizeSymbolQuery(query);
  if (!wanted) return [...instruments];
  const ranked: { instrument: T; rank: number; index: number }[] = [];
  instruments.forEach((instrument, index) => {
    const rank = rankOf(instrument, wanted);
    if (rank !== null) ranked.push({ instrument, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.instrument);
}
