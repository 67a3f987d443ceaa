import {
  type BrandQuote,
  HaltsPayload,
  isQuoteAvailable,
  PRICE_SUBSCRIPTION_MAX,
  type PriceMap,
  type PriceSubscribeAck,
  type PricesCompactPayload,
  price,
  type Quote,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
} from '@openbroker/domain';
import type { RealtimeSocket, SocketFactory } from '../../api/sockets.js';

/** Which way the last change of a quote went (by its mid), for the green/red flash. */
export type Tick = 'up' | 'down' | null;

/**
 * What the terminal knows about one symbol's price:
 * - `loading`: no price message has arrived yet;
 * - `unavailable`: the instrument has no price (market closed, stale feed): 'Will be back soon' (spec §8);
 *   `last` is the last brand quote this screen saw, shown greyed (null when it saw none);
 * - `live`: the brand's quote from the price socket: the prices the engine deals, values and
 *   triggers at for this brand, already marked up and on the tick. Nothing on the client adds a markup.
 */
export type QuoteState =
  | { status: 'loading' }
  | { status: 'unavailable'; last?: BrandQuote | null }
  | { status: 'live'; dealing: BrandQuote; tick: Tick; seq: number };

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
/** Symbols shown and hidden within this delay make one `subscribe` (a render mounts many rows at once). */
const SUBSCRIBE_DELAY_MS = 30;
/** What the server accepts as a symbol (the domain's SymbolField); anything else would refuse the whole set. */
const SYMBOL_PATTERN = /^[A-Z0-9._-]{1,32}$/;

/** `pricesCompact` triples [symbol, buy, sell, …] as the `prices` map they stand for. */
export function compactToMap(triples: PricesCompactPayload): PriceMap {
  const map: PriceMap = {};
  for (let i = 0; i + 2 < triples.length; i += 3) {
    const symbol = triples[i];
    const buy = triples[i + 1];
    const sell = triples[i + 2];
    if (typeof symbol !== 'string') continue;
    map[symbol] =
      typeof buy === 'number' && typeof sell === 'number' ? { buy, sell } : { buy: null, sell: null };
  }
  return map;
}

/**
 * The live prices of the `/prices` socket (spec §7) as an external store: components subscribe per
 * symbol (useSyncExternalStore), so a tick re-renders only what shows that symbol, never the whole screen.
 * One socket serves every subscriber; it opens with the first and closes a while after the last.
 *
 * Decision 0020: the store tells the server which symbols the screen shows — every symbol a
 * component listens to, plus those set with `setVisibleSymbols` (the market list's visible group) — with
 * `subscribe {symbols, compact: true}`, and then gets only those symbols, when they change, as compact
 * triples. Until it has symbols to ask for it keeps the spec's full map.
 */
export class QuoteStore {
  private readonly states = new Map<string, QuoteState>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();
  /** Told the brand's halted symbols whenever the price socket sends them (`halts`). */
  private readonly haltListeners = new Set<(symbols: readonly string[]) => void>();
  private status: FeedStatus = { connected: false, ready: false };
  /** The first message after a (re)connect is a full snapshot: a symbol missing from it has no price. */
  private expectSnapshot = true;
  private socket: RealtimeSocket | null = null;
  private users = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** Symbols declared shown, by who declared them (`setVisibleSymbols`). */
  private readonly visible = new Map<string, readonly string[]>();
  /** The set last asked of the server on this connection ('' = none yet: the full map). */
  private subscribed: string | undefined;
  /** Symbols the server refused (unknown): never asked for again, so they cannot refuse the others. */
  private readonly refused = new Set<string>();
  private subscribeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly factory: SocketFactory) {}

  /**
   * Declares the symbols a part of the screen shows (e.g. `'markets'`: the market list's visible group), on top
   * of the symbols components listen to; an empty list withdraws them. The price socket follows the union.
   */
  setVisibleSymbols(owner: string, symbols: readonly string[]): void {
    if (symbols.length === 0) this.visible.delete(owner);
    else this.visible.set(owner, [...symbols]);
    this.scheduleSubscribe();
  }

  /** The symbols the screen shows now, sorted: what the store subscribes to. */
  wantedSymbols(): string[] {
    const wanted = new Set<string>(this.listeners.keys());
    for (const symbols of this.visible.values()) for (const symbol of symbols) wanted.add(symbol);
    return [...wanted].filter((symbol) => SYMBOL_PATTERN.test(symbol) && !this.refused.has(symbol)).sort();
  }

  /** Asks the server for the wanted symbols if they changed since the last request (debounced by default). */
  syncSubscription(): void {
    clearTimeout(this.subscribeTimer);
    this.subscribeTimer = undefined;
    const socket = this.socket;
    if (!socket?.connected) return;
    const symbols = this.wantedSymbols();
    const key = symbols.join(',');
    if (key === this.subscribed) return;
    // nothing shown yet and never subscribed: the full map is as good
    if (symbols.length === 0 && this.subscribed === undefined) return;
    if (symbols.length > PRICE_SUBSCRIPTION_MAX) {
      // more than the server takes: back to the full map, which a fresh connection gives
      if (this.subscribed !== undefined) {
        socket.disconnect();
        socket.connect();
      }
      return;
    }
    this.subscribed = key;
    socket.emit(SOCKET_EVENTS.subscribe, { symbols, compact: true }, (answer: PriceSubscribeAck) => {
      if (answer.status || this.socket !== socket) return;
      // unknown symbols (a stale link): leave them out and ask again for the others
      for (const error of answer.errors ?? []) {
        const index = /^symbols\.(\d+)$/.exec(error.path)?.[1];
        const symbol = index === undefined ? undefined : symbols[Number(index)];
        if (symbol) this.refused.add(symbol);
      }
      if (this.subscribed === key) this.subscribed = undefined;
      if ((answer.errors ?? []).some((e) => /^symbols\.\d+$/.test(e.path))) this.scheduleSubscribe();
    });
  }

  private scheduleSubscribe(): void {
    if (this.subscribeTimer !== undefined || !this.socket) return;
    this.subscribeTimer = setTimeout(() => this.syncSubscription(), SUBSCRIBE_DELAY_MS);
  }

  /** The symbol's current state; the same object until it changes. */
  get(symbol: string): QuoteState {
    return this.states.get(symbol) ?? (this.status.ready ? UNAVAILABLE : LOADING);
  }

  /** A change counter of the symbol (0 while loading, -1 unavailable): cheap to compare across symbols. */
  version(symbol: string): number {
    const state = this.get(symbol);
    return state.status === 'live' ? state.seq : state.status === 'unavailable' ? -1 : 0;
  }

  /** Calls `listener` with the brand's halted symbols at every `halts` message; returns the unsubscribe. */
  onHalts(listener: (symbols: readonly string[]) => void): () => void {
    this.haltListeners.add(listener);
    return () => {
      this.haltListeners.delete(listener);
    };
  }

  subscribe(symbol: string, listener: Listener): () => void {
    let set = this.listeners.get(symbol);
    if (!set) {
      set = new Set();
      this.listeners.set(symbol, set);
    }
    set.add(listener);
    if (set.size === 1) this.scheduleSubscribe();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(symbol);
        this.scheduleSubscribe();
      }
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
        const was = this.states.get(symbol);
        if (!Object.hasOwn(map, symbol) && was?.status !== 'unavailable') {
          this.states.set(
            symbol,
            was?.status === 'live' ? { status: 'unavailable', last: was.dealing } : UNAVAILABLE,
          );
          changed.add(symbol);
        }
      }
    }
    for (const [symbol, raw] of Object.entries(map)) {
      const quote = raw && { buy: raw.buy, sell: raw.sell };
      const previous = this.states.get(symbol);
      if (!isQuoteAvailable(quote as Quote | null)) {
        if (previous?.status !== 'unavailable') {
          this.states.set(
            symbol,
            previous?.status === 'live' ? { status: 'unavailable', last: previous.dealing } : UNAVAILABLE,
          );
          changed.add(symbol);
        }
        continue;
      }
      const next = quote as Quote;
      if (
        previous?.status === 'live' &&
        previous.dealing.buy === next.buy &&
        previous.dealing.sell === next.sell
      )
        continue;
      const mid = next.buy + next.sell;
      const before = previous?.status === 'live' ? previous.dealing.buy + previous.dealing.sell : mid;
      const tick: Tick = mid > before ? 'up' : mid < before ? 'down' : null;
      this.seq += 1;
      this.states.set(symbol, {
        status: 'live',
        dealing: { buy: price(next.buy), sell: price(next.sell) },
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
      // a new connection starts on the full map: ask again for what the screen shows
      this.subscribed = undefined;
      this.setStatus({ ...this.status, connected: true });
      this.syncSubscription();
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
    socket.on(SOCKET_EVENTS.pricesCompact, (triples: PricesCompactPayload) => {
      if (Array.isArray(triples)) this.apply(compactToMap(triples));
    });
    socket.on(SOCKET_EVENTS.halts, (payload: unknown) => {
      // The halts list is parsed with its contract; a push that drifted from it changes nothing.
      const halts = HaltsPayload.safeParse(payload);
      if (halts.success) for (const listener of this.haltListeners) listener(halts.data.symbols);
    });
    socket.connect();
  }

  private close(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.subscribeTimer);
    this.subscribeTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
    this.setStatus({ ...this.status, connected: false });
  }

  private setStatus(status: FeedStatus): void {
    if (status.connected === this.status.connected && status.ready === this.status.ready) return;
    this.status = status;
    markStale(status.ready && !status.connected);
    for (const listener of [...this.statusListeners]) listener();
  }

  private notify(symbol: string): void {
    const set = this.listeners.get(symbol);
    if (set) for (const listener of [...set]) listener();
  }
}

/**
 * while the price socket is down after it had sent prices, every live price on screen is greyed (the
 * page's root carries `data-prices-stale`; styles.css greys `.ob-price` and the ticket's prices), so nobody reads
 * an old quote as current.
 */
function markStale(stale: boolean): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (stale) root.dataset.pricesStale = 'true';
  else delete root.dataset.pricesStale;
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
