/**
 * A generic WebSocket JSON price feed: connects to a configurable URL, sends subscription messages,
 * and maps each JSON message (or each record in an array inside it) to a quote through JSON paths,
 * e.g. for Binance's book ticker stream `{symbol: 'data.s', bid: 'data.b', ask: 'data.a'}`.
 * Reconnects with exponential backoff and jitter, subscribing again on every connection, and
 * reconnects when a connection goes silent. Messages that do not map to a valid quote (acks,
 * heartbeats, other channels) are counted and ignored.
 */
import { type Clock, systemClock, type TimerHandle } from './clock.js';
import { isValidQuote, type PriceFeed, type Quote, QuoteEmitter, type QuoteListener } from './feed.js';

/** JSON paths (`data.b`, `data.items[0].bid`, `0.s`) of a quote's fields in a record. */
export interface FieldMapping {
  symbol: string;
  bid: string;
  ask: string;
  /** Timestamp: epoch number (see `timestampUnit`), numeric string or ISO text; absent = arrival time. */
  ts?: string;
}

/** What the adapter needs from a socket; `connectWithWs` provides it with the `ws` package. */
export interface Connection {
  send(text: string): void;
  /** Closes politely (closing handshake). */
  close(): void;
  /** Drops the connection at once (for a connection that went silent). */
  terminate(): void;
}

export interface ConnectionHandlers {
  open(): void;
  message(text: string): void;
  /** Called once when the connection ends, after a failed attempt too. */
  close(code: number, reason: string): void;
  error(error: Error): void;
}

export type Connect = (url: string, handlers: ConnectionHandlers) => Promise<Connection>;

export type WebSocketFeedStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'closed'; code: number; reason: string; retryInMs: number }
  | { state: 'stopped' };

export interface ReconnectPolicy {
  /** Default 500 ms. */
  initialDelayMs?: number;
  /** Default 30 000 ms. */
  maxDelayMs?: number;
  /** Default 2. */
  factor?: number;
  /** Random spread of each delay, ± this fraction; default 0.2. */
  jitter?: number;
}

export interface WebSocketFeedOptions {
  url: string;
  /** Sent after every (re)connect, in order: strings as they are, anything else as JSON. */
  subscribe?: readonly unknown[];
  mapping: FieldMapping;
  /** JSON path of an array of records in each message ('' = the message is the array); default: the message is one record. */
  items?: string;
  /** Feed symbol → platform symbol, e.g. {BTCUSDT: 'BTCUSD'}; a feed symbol mapped to nothing is dropped. Default: unchanged. */
  symbols?: Readonly<Record<string, string>> | ((feedSymbol: string) => string | undefined);
  /** Unit of numeric timestamps; default 'ms'. */
  timestampUnit?: 'ms' | 's';
  reconnect?: ReconnectPolicy;
  /** Reconnect when no message arrives for this long; default 30 000 ms, 0 = never. */
  idleTimeoutMs?: number;
  clock?: Clock;
  /** Random numbers for the backoff jitter; default Math.random. */
  random?: () => number;
  /** Opens a connection; default `connectWithWs`. */
  connect?: Connect;
  onStatus?: (status: WebSocketFeedStatus) => void;
  /** Connection errors and listener errors. */
  onError?: (error: unknown) => void;
}

export interface WebSocketFeedStats {
  messages: number;
  quotes: number;
  /** Messages or records that did not map to a quote (acks, heartbeats, unknown symbols). */
  ignored: number;
  /** Messages that were not JSON. */
  unparsable: number;
  /** Connections opened after the first. */
  reconnects: number;
}

/** The adapter as a `PriceFeed`. */
export class WebSocketFeed implements PriceFeed {
  private readonly clock: Clock;
  private readonly emitter: QuoteEmitter;
  private readonly connectFn: Connect;
  private readonly policy: Required<ReconnectPolicy>;
  private readonly paths: {
    symbol: Path;
    bid: Path;
    ask: Path;
    ts: Path | undefined;
    items: Path | undefined;
  };
  private running = false;
  private generation = 0;
  private attempt = 0;
  private opened = 0;
  private connection: Connection | undefined;
  private retryTimer: TimerHandle | undefined;
  private idleTimer: TimerHandle | undefined;
  private settleStart: (() => void) | undefined;
  private readonly counters: WebSocketFeedStats = {
    messages: 0,
    quotes: 0,
    ignored: 0,
    unparsable: 0,
    reconnects: 0,
  };

  constructor(private readonly options: WebSocketFeedOptions) {
    this.clock = options.clock ?? systemClock;
    this.emitter = new QuoteEmitter(options.onError);
    this.connectFn = options.connect ?? connectWithWs;
    this.policy = {
      initialDelayMs: options.reconnect?.initialDelayMs ?? 500,
      maxDelayMs: options.reconnect?.maxDelayMs ?? 30_000,
      factor: options.reconnect?.factor ?? 2,
      jitter: options.reconnect?.jitter ?? 0.2,
    };
    this.paths = {
      symbol: parsePath(options.mapping.symbol),
      bid: parsePath(options.mapping.bid),
      ask: parsePath(options.mapping.ask),
      ts: options.mapping.ts === undefined ? undefined : parsePath(options.mapping.ts),
      items: options.items === undefined ? undefined : parsePath(options.items),
    };
  }

  stats(): WebSocketFeedStats {
    return { ...this.counters };
  }

  onQuote(listener: QuoteListener): () => void {
    return this.emitter.add(listener);
  }

  /**
   * Starts connecting. Resolves when the first connection opens or the first attempt fails; after a
   * failure the adapter keeps retrying in the background (a feed that is down must not stop the server).
   */
  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    this.running = true;
    const started = new Promise<void>((resolve) => {
      this.settleStart = resolve;
    });
    void this.connectNow();
    return started;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    this.clearTimer('retryTimer');
    this.clearTimer('idleTimer');
    const connection = this.connection;
    this.connection = undefined;
    connection?.close();
    this.settle();
    this.options.onStatus?.({ state: 'stopped' });
  }

  /** Maps one parsed JSON message to quotes (exposed for tests of a mapping). */
  quotesFrom(message: unknown): Quote[] {
    let records: unknown[] = [message];
    if (this.paths.items) {
      const items = readPath(message, this.paths.items);
      records = Array.isArray(items) ? items : [];
    }
    const out: Quote[] = [];
    for (const record of records) {
      const quote = this.toQuote(record);
      if (quote) out.push(quote);
    }
    return out;
  }

  private async connectNow(): Promise<void> {
    this.retryTimer = undefined;
    if (!this.running) return;
    const generation = ++this.generation;
    const current = () => this.running && generation === this.generation;
    this.options.onStatus?.({ state: 'connecting', attempt: this.attempt + 1 });
    let closed = false;
    let socketOpen = false;
    let connection: Connection | undefined;
    // Runs once both the socket reported 'open' and `connect` handed over the connection, in either order.
    const opened = () => {
      if (!connection || !socketOpen || !current()) return;
      this.connection = connection;
      if (this.opened > 0) this.counters.reconnects += 1;
      this.opened += 1;
      this.attempt = 0;
      this.options.onStatus?.({ state: 'open' });
      for (const message of this.options.subscribe ?? []) {
        connection.send(typeof message === 'string' ? message : JSON.stringify(message));
      }
      this.armIdle();
      this.settle();
    };
    const handlers: ConnectionHandlers = {
      open: () => {
        socketOpen = true;
        opened();
      },
      message: (text) => {
        if (current()) this.receive(text);
      },
      close: (code, reason) => {
        if (closed) return;
        closed = true;
        if (!current()) return;
        this.connection = undefined;
        this.clearTimer('idleTimer');
        const delay = this.backoff();
        this.options.onStatus?.({ state: 'closed', code, reason, retryInMs: delay });
        this.settle();
        this.retryTimer = this.clock.setTimer(() => void this.connectNow(), delay);
      },
      error: (error) => {
        if (current()) this.options.onError?.(error);
      },
    };
    try {
      connection = await this.connectFn(this.options.url, handlers);
    } catch (error) {
      handlers.error(error instanceof Error ? error : new Error(String(error)));
      handlers.close(1006, 'connection failed');
      return;
    }
    if (!current() || closed) {
      if (!closed) connection.close();
      return;
    }
    this.connection = connection;
    opened();
  }

  private receive(text: string): void {
    this.counters.messages += 1;
    this.armIdle();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.counters.unparsable += 1;
      return;
    }
    const quotes = this.quotesFrom(message);
    if (quotes.length === 0) this.counters.ignored += 1;
    for (const quote of quotes) {
      this.counters.quotes += 1;
      this.emitter.emit(quote);
    }
  }

  private toQuote(record: unknown): Quote | undefined {
    const rawSymbol = readPath(record, this.paths.symbol);
    if (typeof rawSymbol !== 'string' || rawSymbol === '') return undefined;
    const map = this.options.symbols;
    const symbol =
      map === undefined ? rawSymbol : typeof map === 'function' ? map(rawSymbol) : map[rawSymbol];
    if (!symbol) return undefined;
    const bid = toNumber(readPath(record, this.paths.bid));
    const ask = toNumber(readPath(record, this.paths.ask));
    const ts = this.paths.ts ? this.toTimestamp(readPath(record, this.paths.ts)) : this.clock.now();
    if (bid === undefined || ask === undefined || ts === undefined) return undefined;
    const quote = { symbol, bid, ask, ts };
    return isValidQuote(quote) ? quote : undefined;
  }

  private toTimestamp(value: unknown): number | undefined {
    const numeric = toNumber(value);
    if (numeric !== undefined) return this.options.timestampUnit === 's' ? numeric * 1000 : numeric;
    if (typeof value === 'string') {
      const ms = Date.parse(value);
      return Number.isFinite(ms) ? ms : undefined;
    }
    return undefined;
  }

  private backoff(): number {
    const { initialDelayMs, maxDelayMs, factor, jitter } = this.policy;
    const base = Math.min(maxDelayMs, initialDelayMs * factor ** this.attempt);
    this.attempt += 1;
    const random = this.options.random ?? Math.random;
    return Math.max(0, Math.round(base * (1 - jitter + 2 * jitter * random())));
  }

  private armIdle(): void {
    const idle = this.options.idleTimeoutMs ?? 30_000;
    this.clearTimer('idleTimer');
    if (idle <= 0) return;
    this.idleTimer = this.clock.setTimer(() => {
      this.idleTimer = undefined;
      this.options.onError?.(new Error(`no message from ${this.options.url} for ${idle} ms; reconnecting`));
      this.connection?.terminate();
    }, idle);
  }

  private clearTimer(which: 'retryTimer' | 'idleTimer'): void {
    const timer = this[which];
    if (timer !== undefined) this.clock.clearTimer(timer);
    this[which] = undefined;
  }

  private settle(): void {
    this.settleStart?.();
    this.settleStart = undefined;
  }
}

/**
 * Opens a connection with the `ws` package, loaded on first use so the server starts without it
 * when no WebSocket feed is configured.
 */
export const connectWithWs: Connect = async (url, handlers) => {
  const { default: WebSocket } = await import('ws');
  const socket = new WebSocket(url);
  socket.on('open', () => handlers.open());
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    handlers.message(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
  });
  socket.on('error', (error) => handlers.error(error));
  socket.on('close', (code, reason) => handlers.close(code, reason.toString()));
  return {
    send: (text) => socket.send(text),
    close: () => socket.close(),
    terminate: () => socket.terminate(),
  };
};

type Path = ReadonlyArray<string | number>;

/** "data.items[0].bid" or "data.items.0.bid" → ['data', 'items', 0, 'bid']; '' → []. */
export function parsePath(path: string): Path {
  if (path === '') return [];
  const out: Array<string | number> = [];
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (part === '') throw new Error(`Invalid JSON path "${path}"`);
    out.push(/^\d+$/.test(part) ? Number(part) : part);
  }
  return out;
}

/** The value at `path` in `value`, or undefined. */
export function readPath(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}
