import {
  dealingQuote,
  isQuoteAvailable,
  type Price,
  type PriceMap,
  type Quote,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
} from '@openbroker/domain';
import type { RealtimeSocket, SocketFactory } from '../../../api/sockets.js';

/** Which way the last change of a quote went (by its mid), for the green/red flash. */
export type Tick = 'up' | 'down' | null;

/**
 * What the terminal knows about one symbol's price:
 * - `loading`: no price message has arrived yet;
 * - `unavailable`: the instrument has no price (market closed, stale feed): 'Will be back soon' (spec §8);
 * - `live`: the feed quote, and the dealing prices the terminal shows and trades at (decision 0002).
 */
export type QuoteState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'live'; quote: Quote; dealing: { buy: Price; sell: Price }; tick: Tick; seq: number };

export type LiveQuote = Extract<QuoteState, { status: 'live' }>;

const LOADING: QuoteState = Object.freeze({ status: 'loading' });
const UNAVAILABLE: QuoteState = Object.freeze({ status: 'unavailable' });

/** Price socket connection state, for the 'reconnecting' hint. */
export interface FeedStatus {
  connected: boolean;
  /** At least one price map has arrived since the store started. */
  ready: boolean;
}

type Listener = () => void;

/** How long the connection stays open after the last screen using prices goes away (quick navigation). */
const IDLE_DISCONNECT_MS = 10_000;
/** Retry delay after the server refused the connection (socket.io does not retry that by itself). */
const REFUSED_RETRY_MS = 3_000;

/**
 * The live prices of the `/prices` socket (spec §7) as an external store: components subscribe per
 * symbol (useSyncExternalStore), so a tick re-renders only what shows that symbol, never the whole screen.
 * One socket serves every subscriber; it opens with the first and closes a while after the last.
 */
export class QuoteStore {
  private readonly states = new Map<string, QuoteState>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();
  private status: FeedStatus = { connected: false, ready: false };
  /** The first message after a (re)connect is a full snapshot: a symbol missing from it has no price. */
  private expectSnapshot = true;
  private socket: RealtimeSocket | null = null;
  private users = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  constructor(private readonly factory: SocketFactory) {}

  /** The symbol's current state; the same object until it changes. */
  get(symbol: string): QuoteState {
    return this.states.get(symbol) ?? (this.status.ready ? UNAVAILABLE : LOADING);
  }

  /** A change counter of the symbol (0 while loading, -1 unavailable): cheap to compare across symbols. */
  version(symbol: string): number {
    const state = this.get(symbol);
    return state.status === 'live' ? state.seq : state.status === 'unavailable' ? -1 : 0;
  }

  subscribe(symbol: string, listener: Listener): () => void {
    let set = this.listeners.get(symbol);
    if (!set) {
      set = new Set();
      this.listeners.set(symbol, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(symbol);
    };
  }

  getStatus = (): FeedStatus => this.status;

  subscribeStatus = (listener: Listener): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /**
   * Applies a price map: `{buy, sell}` numbers are a new quote, `{buy: null, sell: null}` (or anything
   * unusable) makes the instrument unavailable. Exposed for tests and for other feeds of the same shape.
   */
  apply(map: PriceMap): void {
    const changed = new Set<string>();
    if (this.expectSnapshot) {
      this.expectSnapshot = false;
      for (const symbol of this.states.keys()) {
        if (!Object.hasOwn(map, symbol) && this.states.get(symbol)?.status !== 'unavailable') {
          this.states.set(symbol, UNAVAILABLE);
          changed.add(symbol);
        }
      }
    }
    for (const [symbol, raw] of Object.entries(map)) {
      const quote = raw && { buy: raw.buy, sell: raw.sell };
      const previous = this.states.get(symbol);
      if (!isQuoteAvailable(quote as Quote | null)) {
        if (previous?.status !== 'unavailable') {
          this.states.set(symbol, UNAVAILABLE);
          changed.add(symbol);
        }
        continue;
      }
      const next = quote as Quote;
      if (previous?.status === 'live' && previous.quote.buy === next.buy && previous.quote.sell === next.sell)
        continue;
      const mid = next.buy + next.sell;
      const before = previous?.status === 'live' ? previous.quote.buy + previous.quote.sell : mid;
      const tick: Tick = mid > before ? 'up' : mid < before ? 'down' : null;
      this.seq += 1;
      this.states.set(symbol, {
        status: 'live',
        quote: next,
        dealing: dealingQuote(next),
        tick,
        seq: this.seq,
      });
      changed.add(symbol);
    }
    if (!this.status.ready) {
      // Symbols still loading now know they have no price.
      this.setStatus({ ...this.status, ready: true });
      for (const symbol of this.listeners.keys()) changed.add(symbol);
    }
    for (const symbol of changed) this.notify(symbol);
  }

  /** Starts using the price socket (connects on the first user). Returns the release function. */
  retain(): () => void {
    this.users += 1;
    clearTimeout(this.idleTimer);
    if (!this.socket) this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.idleTimer = setTimeout(() => this.close(), IDLE_DISCONNECT_MS);
    };
  }

  private open(): void {
    const socket = this.factory(SOCKET_NAMESPACES.prices);
    this.socket = socket;
    socket.on('connect', () => {
      this.expectSnapshot = true;
      this.setStatus({ ...this.status, connected: true });
    });
    socket.on('disconnect', () => this.setStatus({ ...this.status, connected: false }));
    socket.on('connect_error', () => {
      this.setStatus({ ...this.status, connected: false });
      // A refusal by the server's middleware is final for socket.io; a network error retries by itself.
      if (!socket.active) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.socket === socket && socket.connect(), REFUSED_RETRY_MS);
      }
    });
    socket.on(SOCKET_EVENTS.prices, (map: PriceMap) => {
      if (map && typeof map === 'object') this.apply(map);
    });
    socket.connect();
  }

  private close(): void {
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
    this.setStatus({ ...this.status, connected: false });
  }

  private setStatus(status: FeedStatus): void {
    if (status.connected === this.status.connected && status.ready === this.status.ready) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private notify(symbol: string): void {
    const set = this.listeners.get(symbol);
    if (set) for (const listener of [...set]) listener();
  }
}

const stores = new WeakMap<SocketFactory, QuoteStore>();

/** The one quote store of a socket factory: every screen of the app shares its connection. */
export function quoteStoreFor(factory: SocketFactory): QuoteStore {
  let store = stores.get(factory);
  if (!store) {
    store = new QuoteStore(factory);
    stores.set(factory, store);
  }
  return store;
}
