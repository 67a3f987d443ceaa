/**
 * The one interface every price source implements (architecture §5): the simulated market (the
 * default), a CSV replay and a generic WebSocket JSON adapter. Consumers (quote book, candle
 * builder, trading engine, price socket) only ever see `PriceFeed` and `Quote`.
 */

/**
 * A feed quote (architecture §5): `bid` is the sell price, `ask` the buy price, `ts` epoch ms (UTC).
 * The price socket's `{buy, sell}` (spec §7, `Quote` in @openbroker/domain) is `toPriceQuote(q)`.
 */
export interface Quote {
  readonly symbol: string;
  readonly bid: number;
  readonly ask: number;
  readonly ts: number;
}

export type QuoteListener = (quote: Quote) => void;

export interface PriceFeed {
  /** Starts producing quotes. Calling it on a started feed does nothing. */
  start(): Promise<void>;
  /** Stops producing quotes and releases timers and sockets. Calling it on a stopped feed does nothing. */
  stop(): Promise<void>;
  /** Registers a listener; returns the function that removes it. */
  onQuote(listener: QuoteListener): () => void;
}

/** The spec §7 price-socket shape of a quote: buy is the ask, sell is the bid. */
export function toPriceQuote(quote: Quote): { buy: number; sell: number } {
  return { buy: quote.ask, sell: quote.bid };
}

/** Whether a quote is usable: finite positive prices, ask ≥ bid, a finite timestamp. */
export function isValidQuote(quote: Quote): boolean {
  return (
    typeof quote.symbol === 'string' &&
    quote.symbol.length > 0 &&
    Number.isFinite(quote.bid) &&
    Number.isFinite(quote.ask) &&
    Number.isFinite(quote.ts) &&
    quote.bid > 0 &&
    quote.ask >= quote.bid
  );
}

/**
 * Listener bookkeeping shared by the feeds. A listener that throws is reported to `onError` and does
 * not stop the feed or the other listeners.
 */
export class QuoteEmitter {
  private listeners = new Set<QuoteListener>();

  constructor(private readonly onError: (error: unknown) => void = reportListenerError) {}

  add(listener: QuoteListener): () => void {
    // Wrap so the same function can be registered twice and removed independently.
    const entry: QuoteListener = (quote) => listener(quote);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  emit(quote: Quote): void {
    for (const listener of this.listeners) {
      try {
        listener(quote);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

function reportListenerError(error: unknown): void {
  console.error('price feed listener failed:', error);
}
