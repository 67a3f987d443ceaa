import { type Watchlist, WatchlistSet } from '@openbroker/domain';
import { apiRequest } from '../../../api/client.js';

/** A change of the client's lists, as the market list asks for it. */
export type WatchlistChange =
  | { kind: 'favourite'; symbol: string; on: boolean }
  | { kind: 'create'; name: string }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'delete'; id: number }
  | { kind: 'add'; id: number; symbol: string }
  | { kind: 'remove'; id: number; symbol: string }
  | { kind: 'reorder'; id: number; symbols: string[] };

/** The client's watchlists (POST /api/watchlists…; contract: domain contracts/watchlists.ts). */
export const watchlistsApi = {
  /** The lists, the favourites first (made with the first call). */
  lists: (token: string, signal?: AbortSignal) =>
    apiRequest('/api/watchlists', { token, body: {}, schema: WatchlistSet, ...(signal ? { signal } : {}) }),

  /** Sends one change; the answer is the whole set of lists as the server keeps them. */
  change: (token: string, change: WatchlistChange) => {
    const { kind, ...body } = change;
    return apiRequest(`/api/watchlists/${kind}`, { token, body, schema: WatchlistSet });
  },
};

/** Ids of lists made on this screen before the server answered: negative, never a server id. */
let pendingId = 0;

/** What the lists look like once `change` is saved: shown at once, replaced by the server's answer. */
export function applyChange(lists: readonly Watchlist[], change: WatchlistChange): Watchlist[] {
  const withSymbols = (id: number, edit: (symbols: string[]) => string[]) =>
    lists.map((l) => (l.id === id ? { ...l, symbols: edit(l.symbols) } : l));
  switch (change.kind) {
    case 'favourite': {
      const favourites = lists.find((l) => l.favourites);
      if (!favourites) return [...lists];
      return withSymbols(favourites.id, (symbols) =>
        change.on
          ? symbols.includes(change.symbol)
            ? symbols
            : [...symbols, change.symbol]
          : symbols.filter((s) => s !== change.symbol),
      );
    }
    case 'create':
      pendingId -= 1;
      return [...lists, { id: pendingId, name: change.name.trim(), favourites: false, symbols: [] }];
    case 'rename':
      return lists.map((l) => (l.id === change.id ? { ...l, name: change.name.trim() } : l));
    case 'delete':
      return lists.filter((l) => l.id !== change.id);
    case 'add':
      return withSymbols(change.id, (symbols) =>
        symbols.includes(change.symbol) ? symbols : [...symbols, change.symbol],
      );
    case 'remove':
      return withSymbols(change.id, (symbols) => symbols.filter((s) => s !== change.symbol));
    case 'reorder':
      return withSymbols(change.id, () => [...change.symbols]);
  }
}
