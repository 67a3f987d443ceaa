import { describe, expect, it } from 'vitest';
import { MESSAGES_EN } from './messages.js';
import { validateInput } from './schemas/issues.js';
import {
  isReorderOf,
  moveSymbol,
  WATCHLIST_MAX_LISTS,
  WATCHLIST_MAX_SYMBOLS,
  WATCHLIST_NAME_MAX,
  WatchlistCreateInput,
  WatchlistSymbolInput,
} from './watchlists.js';

describe('watchlist rules', () => {
  it('takes a name of 1 to 40 characters, trimmed', () => {
    expect(validateInput(WatchlistCreateInput, { name: '  Metals  ' })).toEqual({
      ok: true,
      value: { name: 'Metals' },
    });
    expect(validateInput(WatchlistCreateInput, { name: 'x'.repeat(WATCHLIST_NAME_MAX) }).ok).toBe(true);
  });

  it.each([[''], ['   '], ['x'.repeat(WATCHLIST_NAME_MAX + 1)], [42]])('refuses the name %j', (name) => {
    expect(validateInput(WatchlistCreateInput, { name })).toEqual({
      ok: false,
      errors: [{ path: 'name', key: 'watchlists.nameLength' }],
    });
  });

  it('refuses control characters in a name', () => {
    // and the invisible or direction-changing ones: a name reads as it is stored
    for (const name of [
      'a\u0000b',
      'tab\there',
      'line\nbreak',
      'del\u007f',
      'a\u202eb',
      'zero\u200bwidth',
      'x\ufeff',
    ])
      expect(validateInput(WatchlistCreateInput, { name })).toEqual({
        ok: false,
        errors: [{ path: 'name', key: 'watchlists.nameControl' }],
      });
  });

  it('reads a symbol in upper case', () => {
    expect(validateInput(WatchlistSymbolInput, { id: 3, symbol: ' gold ' })).toEqual({
      ok: true,
      value: { id: 3, symbol: 'GOLD' },
    });
  });

  it('refuses a symbol with characters no instrument has, before any query', () => {
    for (const symbol of ['GO\u0000LD', 'EUR USD', "GOLD'--", 'ÄPFEL'])
      expect(validateInput(WatchlistSymbolInput, { id: 3, symbol }).ok).toBe(false);
  });

  it('the limits the messages state are the ones applied', () => {
    expect(MESSAGES_EN['watchlists.tooManyLists']).toContain(String(WATCHLIST_MAX_LISTS));
    expect(MESSAGES_EN['watchlists.tooManySymbols']).toContain(String(WATCHLIST_MAX_SYMBOLS));
    expect(MESSAGES_EN['watchlists.nameLength']).toContain(String(WATCHLIST_NAME_MAX));
  });

  it('a new order must hold the same symbols, each once', () => {
    expect(isReorderOf(['A', 'B', 'C'], ['C', 'A', 'B'])).toBe(true);
    expect(isReorderOf(['A', 'B', 'C'], ['A', 'B'])).toBe(false);
    expect(isReorderOf(['A', 'B', 'C'], ['A', 'A', 'B'])).toBe(false);
    expect(isReorderOf(['A', 'B'], ['A', 'X'])).toBe(false);
  });

  it('moves a symbol one place, and not past either end', () => {
    expect(moveSymbol(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moveSymbol(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 'A', -1)).toEqual(['A', 'B', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 'C', 1)).toEqual(['A', 'B', 'C']);
  });
});
