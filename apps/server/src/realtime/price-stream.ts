import { performance } from 'node:perf_hooks';
import type { PriceMap, PricesCompactPayload } from '@openbroker/domain';
import type { Clock, TimerHandle } from '../market/clock.js';
import type { Quote } from '../market/feed.js';
import type { QuoteBook } from '../market/quote-book.js';

export interface PriceStreamOptions {
  /** At most one message per client per interval (default 250 ms). */
  conflationMs: number;
  clock: Clock;
  /** Sends the map of every changed symbol to the clients that subscribed to nothing (spec §7). */
  broadcast: (prices: PriceMap) => void;
  /** Hands the same changes to the subscribed clients, after `broadcast`. */
  deliver?: (changes: PriceMap) => void;
  /** Told how long each flush took to send (seconds), for /metrics. */
  observeFlush?: (seconds: number) => void;
}

/**
 * Conflates the tick stream for the price socket: ticks only mark their symbol; every
 * `conflationMs` one message carries the latest price of each symbol that changed, so a client
 * gets at most one message per interval however fast the feed ticks (4 ticks/s × 110 symbols
 * becomes 4 messages/s). The work per flush is proportional to the symbols that changed.
 */
export class PriceStream {
  private readonly dirty = new Set<string>();
  /** Symbols last sent as available: checked each flush so one going stale is announced once. */
  private readonly live = new Set<string>();
  private timer: TimerHandle | undefined;

  constructor(
    private readonly book: QuoteBook,
    private readonly options: PriceStreamOptions,
  ) {}

  /** Call for every quote the book accepted. Cheap: the hot path only marks the symbol. */
  onQuote(quote: Quote): void {
    this.dirty.add(quote.symbol);
  }

  start(): void {
    if (this.timer) return;
    const loop = () => {
      this.flush();
      this.timer = this.options.clock.setTimer(loop, this.options.conflationMs);
    };
    this.timer = this.options.clock.setTimer(loop, this.options.conflationMs);
  }

  stop(): void {
    if (this.timer) this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** The full map of available prices: what a client gets right after it connects. */
  snapshot(): PriceMap {
    const now = this.options.clock.now();
    const map: PriceMap = {};
    for (const [symbol, quote] of this.book.snapshot(now)) map[symbol] = { buy: quote.ask, sell: quote.bid };
    return map;
  }

  /**
   * The current state of these symbols, unavailable ones as `{buy: null, sell: null}`: what a client gets
   * when it subscribes (it may have missed changes of symbols it did not follow before).
   */
  current(symbols: readonly string[]): PriceMap {
    const now = this.options.clock.now();
    const map: PriceMap = {};
    for (const symbol of symbols) {
      const quote = this.book.get(symbol, now);
      map[symbol] = quote ? { buy: quote.ask, sell: quote.bid } : { buy: null, sell: null };
    }
    return map;
  }

  /** Sends what changed since the last flush; exposed for tests. */
  flush(): void {
    const now = this.options.clock.now();
    const map: PriceMap = {};
    let count = 0;
    for (const symbol of this.dirty) {
      const quote = this.book.get(symbol, now);
      if (quote) {
        map[symbol] = { buy: quote.ask, sell: quote.bid };
        this.live.add(symbol);
        count++;
      }
    }
    this.dirty.clear();
    for (const symbol of this.live) {
      if (map[symbol] || this.book.get(symbol, now)) continue;
      map[symbol] = { buy: null, sell: null };
      this.live.delete(symbol);
      count++;
    }
    if (count === 0) return;
    const started = performance.now();
    this.options.broadcast(map);
    this.options.deliver?.(map);
    this.options.observeFlush?.((performance.now() - started) / 1_000);
  }
}

/** The two forms a subscribed socket can get (`prices` map or `pricesCompact` triples). */
export type PriceForm = 'map' | 'compact';

/** One distinct payload of a flush and the rooms (subscription groups) it goes to. */
export interface PriceDelivery {
  form: PriceForm;
  payload: PriceMap | PricesCompactPayload;
  rooms: string[];
  /** How many sockets those rooms hold. */
  sockets: number;
}

interface Group {
  key: string;
  room: string;
  /** The brand whose quotes the group's sockets get. */
  brand: number;
  /** Sorted, without duplicates. */
  symbols: readonly string[];
  set: ReadonlySet<string>;
  form: PriceForm;
  sockets: number;
}

/** The symbols of a map as `pricesCompact` triples [symbol, buy, sell, …] (null, null: unavailable). */
export function compactPrices(
  map: PriceMap,
  symbols: Iterable<string> = Object.keys(map),
): PricesCompactPayload {
  const out: PricesCompactPayload = [];
  for (const symbol of symbols) {
    const entry = map[symbol];
    if (entry) out.push(symbol, entry.buy, entry.sell);
  }
  return out;
}

/**
 * The opt-in subscriptions of the `/prices` sockets of this node. Sockets with the same set of
 * symbols and the same form share a group (one Socket.IO room), and each flush builds one payload per
 * distinct content: groups whose changed symbols are the same get the same payload, emitted once to all
 * their rooms, so Socket.IO encodes it once (one pre-computed WebSocket frame) whatever the number of sockets.
 * The work per flush is proportional to the groups and their symbols, not to the sockets.
 */
export class PriceSubscriptions {
  private readonly groups = new Map<string, Group>();
  private readonly bySocket = new Map<string, Group>();
  private subscribed = 0;
  private nextRoom = 0;

  /** `send` emits one payload to the sockets of the rooms (Socket.IO: `namespace.local.to(rooms).emit`). */
  constructor(private readonly send: (delivery: PriceDelivery) => void) {}

  /** Sockets with a subscription on this node. */
  get sockets(): number {
    return this.subscribed;
  }

  /** Distinct subscription groups on this node. */
  get groupCount(): number {
    return this.groups.size;
  }

  /**
   * Puts a socket into the group of `symbols` (replacing its previous set) and says which room it must
   * join and which it must leave (none when it was not subscribed).
   */
  subscribe(
    socketId: string,
    symbols: readonly string[],
    form: PriceForm,
    brand = 0,
  ): { join: string; leave?: string } {
    const sorted = [...new Set(symbols)].sort();
    const key = `${brand}|${form}|${sorted.join(',')}`;
    const previous = this.bySocket.get(socketId);
    if (previous?.key === key) return { join: previous.room };
    const leave = this.remove(socketId);
    let group = this.groups.get(key);
    if (!group) {
      group = {
        key,
        room: `prices:sub:${++this.nextRoom}`,
        brand,
        symbols: sorted,
        set: new Set(sorted),
        form,
        sockets: 0,
      };
      this.groups.set(key, group);
    }
    group.sockets++;
    this.subscribed++;
    this.bySocket.set(socketId, group);
    return leave === undefined ? { join: group.room } : { join: group.room, leave };
  }

  /** Forgets a socket's subscription (unsubscribed or gone); returns the room it was in. */
  remove(socketId: string): string | undefined {
    const group = this.bySocket.get(socketId);
    if (!group) return undefined;
    this.bySocket.delete(socketId);
    this.subscribed--;
    if (--group.sockets === 0) this.groups.delete(group.key);
    return group.room;
  }

  /** The subscription of a socket, if any. */
  of(socketId: string): { symbols: readonly string[]; form: PriceForm } | undefined {
    const group = this.bySocket.get(socketId);
    return group && { symbols: group.symbols, form: group.form };
  }

  /** Brands with subscribed sockets on this node. */
  brands(): Set<number> {
    const out = new Set<number>();
    for (const group of this.groups.values()) out.add(group.brand);
    return out;
  }

  /**
   * Sends each group of `brand` the changed symbols it asked for, from that brand's quotes (`changes`); one
   * payload per distinct content.
   */
  deliver(changes: PriceMap, brand = 0): PriceDelivery[] {
    if (this.groups.size === 0) return [];
    const changed = Object.keys(changes).sort();
    const byContent = new Map<string, PriceDelivery>();
    const picked: string[] = [];
    for (const group of this.groups.values()) {
      if (group.brand !== brand) continue;
      picked.length = 0;
      // Walk the shorter list; both are sorted, so the picked symbols are too.
      if (group.symbols.length <= changed.length) {
        for (const symbol of group.symbols) if (changes[symbol]) picked.push(symbol);
      } else {
        for (const symbol of changed) if (group.set.has(symbol)) picked.push(symbol);
      }
      if (picked.length === 0) continue;
      const content = `${group.form}|${picked.join(',')}`;
      const found = byContent.get(content);
      if (found) {
        found.rooms.push(group.room);
        found.sockets += group.sockets;
        continue;
      }
      let payload: PriceMap | PricesCompactPayload;
      if (group.form === 'compact') payload = compactPrices(changes, picked);
      else {
        const map: PriceMap = {};
        for (const symbol of picked) map[symbol] = changes[symbol] as PriceMap[string];
        payload = map;
      }
      byContent.set(content, { form: group.form, payload, rooms: [group.room], sockets: group.sockets });
    }
    const deliveries = [...byContent.values()];
    for (const delivery of deliveries) this.send(delivery);
    return deliveries;
  }
}
