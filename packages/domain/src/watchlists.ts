import { z } from 'zod';

/** Watchlists a client may keep, the favourites included. */
export const WATCHLIST_MAX_LISTS = 20;
/** Symbols one watchlist may hold. */
export const WATCHLIST_MAX_SYMBOLS = 100;
/** Characters of a watchlist's name. */
export const WATCHLIST_NAME_MAX = 40;
/** The name the favourites list is created with (the terminal shows it translated). */
export const FAVOURITES_NAME = 'Favourites';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** A watchlist's name: 1 to 40 characters once trimmed, no control, invisible or direction-changing characters. */
export const watchlistName = z
  .string('watchlists.nameLength')
  .refine((name) => !CONTROL.test(name), 'watchlists.nameControl')
  .trim()
  .min(1, 'watchlists.nameLength')
  .max(WATCHLIST_NAME_MAX, 'watchlists.nameLength');

/** A symbol as a client sends it; whether the catalogue has it is the server's check. */
export const watchlistSymbol = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._/-]+$/)
  .transform((symbol) => symbol.toUpperCase());

const listId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/watchlists/create. */
export const WatchlistCreateInput = z.object({ name: watchlistName });
/** POST /api/watchlists/rename. */
export const WatchlistRenameInput = z.object({ id: listId, name: watchlistName });
/** POST /api/watchlists/delete. */
export const WatchlistDeleteInput = z.object({ id: listId });
/** POST /api/watchlists/add and /api/watchlists/remove. */
export const WatchlistSymbolInput = z.object({ id: listId, symbol: watchlistSymbol });
/** POST /api/watchlists/reorder: the list's symbols, each once, in the new order. */
export const WatchlistReorderInput = z.object({
  id: listId,
  symbols: z.array(watchlistSymbol).max(WATCHLIST_MAX_SYMBOLS),
});
/** POST /api/watchlists/favourite: the star on or off. */
export const WatchlistFavouriteInput = z.object({ symbol: watchlistSymbol, on: z.boolean() });

/** Whether `next` holds exactly the symbols of `current`, each once (a new order of the same list). */
export function isReorderOf(current: readonly string[], next: readonly string[]): boolean {
  if (current.length !== next.length) return false;
  const seen = new Set(next);
  return seen.size === next.length && current.every((symbol) => seen.has(symbol));
}

/** `symbols` with `symbol` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveSymbol(symbols: readonly string[], symbol: string, step: -1 | 1): string[] {
  const from = symbols.indexOf(symbol);
  const to = from + step;
  if (from < 0 || to < 0 || to >= symbols.length) return [...symbols];
  const next = [...symbols];
  next.splice(from, 1);
  next.splice(to, 0, symbol);
  return next;
}
