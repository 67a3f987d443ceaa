import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../test/fakeSockets.js';
import { compactToMap, QuoteStore, quoteStoreFor } from './quoteStore.js';

function connectedStore() {
  const sockets = fakeSockets();
  const store = new QuoteStore(sockets.factory);
  const release = store.retain();
  return { store, socket: sockets.prices(), release, sockets };
}

describe('quote store (price socket, spec §7)', () => {
  it('is loading until the first map, then a symbol missing from the snapshot has no price', () => {
    const { store, socket } = connectedStore();
    expect(store.get('BTCUSD').status).toBe('loading');
    socket.push('prices', { BTCUSD: { buy: 100, sell: 99 } });
    expect(store.get('BTCUSD')).toMatchObject({ status: 'live', dealing: { buy: 100, sell: 99 } });
    expect(store.get('AAPL').status).toBe('unavailable');
  });

  it('keeps the brand quote exactly as the socket sent it: the client adds no markup', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { EURUSD: { buy: 1.10028, sell: 1.09952 } });
    const state = store.get('EURUSD');
    expect(state.status === 'live' && state.dealing).toEqual({ buy: 1.10028, sell: 1.09952 });
  });

  it('keeps the last brand quote of a market that closes, for the greyed last prices', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { EURUSD: { buy: 1.10028, sell: 1.09952 } });
    socket.push('prices', { EURUSD: { buy: null, sell: null } });
    expect(store.get('EURUSD')).toEqual({ status: 'unavailable', last: { buy: 1.10028, sell: 1.09952 } });
  });

  it('{buy: null, sell: null} makes a symbol unavailable; a later quote brings it back', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { BTCUSD: { buy: 100, sell: 99 } });
    socket.push('prices', { BTCUSD: { buy: null, sell: null } });
    expect(store.get('BTCUSD').status).toBe('unavailable');
    socket.push('prices', { BTCUSD: { buy: 101, sell: 100 } });
    expect(store.get('BTCUSD').status).toBe('live');
  });

  it('marks the tick direction by the mid and notifies only the symbols that changed', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { BTCUSD: { buy: 100, sell: 99 }, ETHUSD: { buy: 10, sell: 9 } });
    const btc = vi.fn();
    const eth = vi.fn();
    store.subscribe('BTCUSD', btc);
    store.subscribe('ETHUSD', eth);
    socket.push('prices', { BTCUSD: { buy: 101, sell: 100 } });
    expect(store.get('BTCUSD')).toMatchObject({ tick: 'up' });
    expect(btc).toHaveBeenCalledTimes(1);
    expect(eth).not.toHaveBeenCalled();
    socket.push('prices', { BTCUSD: { buy: 100.5, sell: 99.5 } });
    expect(store.get('BTCUSD')).toMatchObject({ tick: 'down' });
    // the same quote again changes nothing
    const before = store.get('BTCUSD');
    socket.push('prices', { BTCUSD: { buy: 100.5, sell: 99.5 } });
    expect(store.get('BTCUSD')).toBe(before);
    expect(btc).toHaveBeenCalledTimes(2);
  });

  it('after a reconnect the first map is a full snapshot: symbols left out lose their price', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { BTCUSD: { buy: 100, sell: 99 }, AAPL: { buy: 200, sell: 199 } });
    socket.push('prices', { BTCUSD: { buy: 101, sell: 100 } });
    expect(store.get('AAPL').status).toBe('live'); // a change map leaves others as they are
    socket.disconnect();
    expect(store.getStatus().connected).toBe(false);
    // while the prices may be old, the page says so (styles.css greys every live price)
    expect(document.documentElement.dataset.pricesStale).toBe('true');
    socket.connect();
    expect(document.documentElement.dataset.pricesStale).toBeUndefined();
    socket.push('prices', { BTCUSD: { buy: 102, sell: 101 } });
    expect(store.get('AAPL').status).toBe('unavailable');
    expect(store.get('BTCUSD').status).toBe('live');
  });

  it('shares one socket between users and closes it a while after the last one leaves', () => {
    vi.useFakeTimers();
    try {
      const sockets = fakeSockets();
      const store = quoteStoreFor(sockets.factory);
      expect(quoteStoreFor(sockets.factory)).toBe(store);
      const a = store.retain();
      const b = store.retain();
      expect(sockets.created).toHaveLength(1);
      a();
      b();
      expect(sockets.prices().connected).toBe(true);
      vi.advanceTimersByTime(10_000);
      expect(sockets.prices().connected).toBe(false);
      store.retain();
      expect(sockets.created).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('quote store subscriptions (only the symbols the screen shows, compact)', () => {
  const subscribes = (socket: { emitted: Array<{ event: string; payload: Record<string, unknown> }> }) =>
    socket.emitted.filter((e) => e.event === 'subscribe').map((e) => e.payload);

  it('subscribes to the listened and declared symbols, once per change of the set, in compact form', () => {
    vi.useFakeTimers();
    try {
      const { store, socket } = connectedStore();
      socket.push('prices', { BTCUSD: { buy: 100, sell: 99 } }); // the spec snapshot on connect
      expect(subscribes(socket)).toEqual([]); // nothing shown yet: the full map
      const stopChart = store.subscribe('BTCUSD', () => {});
      store.subscribe('EURUSD', () => {});
      store.setVisibleSymbols('markets', ['ETHUSD', 'BTCUSD']);
      vi.advanceTimersByTime(100);
      expect(subscribes(socket)).toEqual([{ symbols: ['BTCUSD', 'ETHUSD', 'EURUSD'], compact: true }]);
      // the same set again: nothing sent
      store.setVisibleSymbols('markets', ['BTCUSD', 'ETHUSD']);
      vi.advanceTimersByTime(100);
      expect(subscribes(socket)).toHaveLength(1);
      // a symbol no longer shown anywhere leaves the set; one still declared stays
      stopChart();
      store.setVisibleSymbols('markets', ['ETHUSD']);
      vi.advanceTimersByTime(100);
      expect(subscribes(socket).at(-1)).toEqual({ symbols: ['ETHUSD', 'EURUSD'], compact: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('decodes the compact triples, the unavailable marker included', () => {
    const { store, socket } = connectedStore();
    socket.push('prices', { BTCUSD: { buy: 100, sell: 99 }, ETHUSD: { buy: 10, sell: 9 } });
    const btc = vi.fn();
    store.subscribe('BTCUSD', btc);
    socket.push('pricesCompact', ['BTCUSD', 101, 100, 'ETHUSD', null, null]);
    expect(store.get('BTCUSD')).toMatchObject({
      status: 'live',
      dealing: { buy: 101, sell: 100 },
      tick: 'up',
    });
    expect(store.get('ETHUSD').status).toBe('unavailable');
    expect(btc).toHaveBeenCalledTimes(1);
    expect(compactToMap(['EURUSD', 1.1, 1.0998, 'GOLD', null, null])).toEqual({
      EURUSD: { buy: 1.1, sell: 1.0998 },
      GOLD: { buy: null, sell: null },
    });
  });

  it('asks again after a reconnect, and leaves out symbols the server refused', () => {
    vi.useFakeTimers();
    try {
      const { store, socket } = connectedStore();
      store.subscribe('BTCUSD', () => {});
      store.subscribe('NOPE', () => {});
      vi.advanceTimersByTime(100);
      const first = socket.emitted.find((e) => e.event === 'subscribe');
      expect(first?.payload).toEqual({ symbols: ['BTCUSD', 'NOPE'], compact: true });
      const ack = first?.ack as unknown as (answer: unknown) => void;
      ack({
        status: false,
        code: 'VALIDATION_FAILED',
        key: 'error.validation',
        message: 'Some fields are not valid. Please check them and try again.',
        errors: [
          {
            path: 'symbols.1',
            key: 'field.invalid',
            params: { title: 'Symbol' },
            message: 'Symbol is not valid',
          },
        ],
      });
      vi.advanceTimersByTime(100);
      expect(subscribes(socket).at(-1)).toEqual({ symbols: ['BTCUSD'], compact: true });
      socket.disconnect();
      socket.connect();
      expect(subscribes(socket)).toHaveLength(3);
      expect(subscribes(socket).at(-1)).toEqual({ symbols: ['BTCUSD'], compact: true });
    } finally {
      vi.useRealTimers();
    }
  });
});
