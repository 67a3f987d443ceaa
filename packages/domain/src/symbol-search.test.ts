import { describe, expect, it } from 'vitest';
import { aliasesOf, normalizeSymbolQuery, SYMBOL_ALIASES, searchInstruments } from './symbol-search.js';

// a part of the server's catalogue (its test checks every alias against the whole of it)
const CATALOGUE = [
  ['BTCUSD', 'Bitcoin / US Dollar'],
  ['ETHUSD', 'Ethereum / US Dollar'],
  ['BCHUSD', 'Bitcoin Cash / US Dollar'],
  ['EURUSD', 'Euro / US Dollar'],
  ['EURCHF', 'Euro / Swiss Franc'],
  ['GBPCHF', 'British Pound / Swiss Franc'],
  ['USDCHF', 'US Dollar / Swiss Franc'],
  ['CHFJPY', 'Swiss Franc / Japanese Yen'],
  ['US500', 'S&P 500'],
  ['US30', 'Dow Jones Industrial Average'],
  ['US100', 'Nasdaq 100'],
  ['DE40', 'Germany 40 (DAX)'],
  ['UK100', 'UK 100 (FTSE 100)'],
  ['GOLD', 'Gold (troy ounce)'],
  ['SILVER', 'Silver (troy ounce)'],
  ['USOIL', 'Crude Oil WTI (barrel)'],
  ['UKOIL', 'Crude Oil Brent (barrel)'],
].map(([symbol = '', displayName = '']) => ({ symbol, name: symbol, displayName }));

const find = (query: string) => searchInstruments(CATALOGUE, query).map((i) => i.symbol);

describe('symbol search over the catalogue', () => {
  it('aliases are stored as the search compares them', () => {
    for (const alias of Object.keys(SYMBOL_ALIASES)) expect(normalizeSymbolQuery(alias)).toBe(alias);
  });

  it.each([
    ['XAU', 'GOLD'],
    ['xauusd', 'GOLD'],
    ['gold', 'GOLD'],
    ['XAG', 'SILVER'],
    ['US500', 'US500'],
    ['spx', 'US500'],
    ['S&P', 'US500'],
    ['S&P 500', 'US500'],
    ['US30', 'US30'],
    ['DJI', 'US30'],
    ['NAS100', 'US100'],
    ['ndx', 'US100'],
    ['GER40', 'DE40'],
    ['dax', 'DE40'],
    ['UK100', 'UK100'],
    ['FTSE', 'UK100'],
    ['btc', 'BTCUSD'],
    ['WTI', 'USOIL'],
    ['usoil', 'USOIL'],
    ['Brent', 'UKOIL'],
    ['UKOIL', 'UKOIL'],
    ['eur/usd', 'EURUSD'],
    ['EUR-USD', 'EURUSD'],
    ['eur usd', 'EURUSD'],
  ])('"%s" finds %s first', (query, symbol) => {
    expect(find(query)[0]).toBe(symbol);
  });

  it('ranks the exact symbol, then the alias, then prefixes, then names', () => {
    const items = [
      { symbol: 'GOLDX', name: 'GOLDX', displayName: 'Gold miners' },
      { symbol: 'ABC', name: 'ABC', displayName: 'All that glitters: gold' },
      { symbol: 'GOLD', name: 'GOLD', displayName: 'Gold (troy ounce)' },
    ];
    expect(searchInstruments(items, 'gold').map((i) => i.symbol)).toEqual(['GOLD', 'GOLDX', 'ABC']);
    const withAlias = [
      { symbol: 'XAUX', displayName: 'Something' },
      { symbol: 'GOLD', displayName: 'Gold' },
      { symbol: 'ZZZ', displayName: 'xau in the name' },
      { symbol: 'XAU', displayName: 'Exact' },
    ];
    expect(searchInstruments(withAlias, 'xau').map((i) => i.symbol)).toEqual(['XAU', 'GOLD', 'XAUX', 'ZZZ']);
  });

  it('finds by a word of the name, keeping catalogue order within a rank', () => {
    expect(find('swiss franc')).toEqual(['EURCHF', 'GBPCHF', 'USDCHF', 'CHFJPY']);
  });

  it('finds nothing for a query that matches no symbol, alias or name', () => {
    expect(find('qqqzzz')).toEqual([]);
  });

  it('keeps every instrument for an empty or blank query', () => {
    expect(find('')).toHaveLength(CATALOGUE.length);
    expect(find(' / ')).toHaveLength(CATALOGUE.length);
  });

  it('lists the aliases of a symbol', () => {
    expect(aliasesOf('GOLD')).toEqual(['XAU', 'XAUUSD']);
    expect(aliasesOf('eurusd')).toEqual([]);
  });
});
