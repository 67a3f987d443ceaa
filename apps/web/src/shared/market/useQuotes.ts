import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSocketFactory } from '../../api/sockets.js';
import { type FeedStatus, type QuoteState, type QuoteStore, quoteStoreFor } from './quoteStore.js';

/** The app's shared quote store; keeps the price socket open while the calling component is mounted. */
export function useQuoteStore(): QuoteStore {
  const store = quoteStoreFor(useSocketFactory());
  useEffect(() => store.retain(), [store]);
  return store;
}

/** One symbol's live price; re-renders only when that symbol's price changes. */
export function useQuote(symbol: string): QuoteState {
  const store = useQuoteStore();
  const subscribe = useCallback((listener: () => void) => store.subscribe(symbol, listener), [store, symbol]);
  const read = useCallback(() => store.get(symbol), [store, symbol]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Re-renders when any of `symbols` changes price (for figures over several symbols, such as equity);
 * read the prices with `store.get`. `symbols` should be a stable, joined key's worth of symbols.
 */
export function useQuotesOf(symbols: readonly string[]): QuoteStore {
  const store = useQuoteStore();
  const key = symbols.join(',');
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = key === '' ? [] : key.split(',').map((symbol) => store.subscribe(symbol, listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [store, key],
  );
  const read = useCallback(
    () =>
      key === ''
        ? ''
        : key
            .split(',')
            .map((symbol) => store.version(symbol))
            .join(','),
    [store, key],
  );
  useSyncExternalStore(subscribe, read, read);
  return store;
}

/** Whether the price socket is connected and has sent prices. */
export function useFeedStatus(): FeedStatus {
  const store = useQuoteStore();
  return useSyncExternalStore(store.subscribeStatus, store.getStatus, store.getStatus);
}

/**
 * Declares the symbols a part of the screen shows: the price socket subscribes to them (with every
 * symbol a component listens to) and the server sends only those. `owner` names the part ('markets').
 */
export function useVisibleSymbols(owner: string, symbols: readonly string[]): void {
  const store = useQuoteStore();
  const key = symbols.join(',');
  useEffect(() => {
    store.setVisibleSymbols(owner, key === '' ? [] : key.split(','));
    return () => store.setVisibleSymbols(owner, []);
  }, [store, owner, key]);
}
