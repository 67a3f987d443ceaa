import { SYMBOL_ALIASES, searchInstruments } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../market/instruments.js';

// the domain's aliases against the catalogue this server ships
const { instruments } = loadCatalogue();
const symbols = new Set(instruments.map((i) => i.symbol));

describe('symbol aliases of the shipped catalogue', () => {
  it('every alias names an instrument the catalogue has', () => {
    for (const [alias, symbol] of Object.entries(SYMBOL_ALIASES)) expect(symbols, alias).toContain(symbol);
  });

  it('no alias is itself a catalogue symbol (it would hide that instrument)', () => {
    for (const alias of Object.keys(SYMBOL_ALIASES)) expect(symbols.has(alias), alias).toBe(false);
  });

  it.each([
    ['XAUUSD', 'GOLD'],
    ['spx', 'US500'],
    ['S&P 500', 'US500'],
    ['dji', 'US30'],
    ['NAS100', 'US100'],
    ['GER40', 'DE40'],
    ['ftse', 'UK100'],
    ['BTC', 'BTCUSD'],
    ['wti', 'USOIL'],
    ['brent', 'UKOIL'],
    ['eur/usd', 'EURUSD'],
  ])('"%s" finds %s first', (query, symbol) => {
    expect(searchInstruments(instruments, query)[0]?.symbol).toBe(symbol);
  });
});
