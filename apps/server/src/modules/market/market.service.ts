import { MemoryCandleStore } from '../../market/candle-store.js';
import {
  type Candle,
  CandleBuilder,
  type CandleClosedListener,
  type Resolution,
} from '../../market/candles.js';
import type { Clock } from '../../market/clock.js';
import { systemClock } from '../../market/clock.js';
import type { PriceFeed, Quote, QuoteListener } from '../../market/feed.js';
import { generateHistory } from '../../market/history.js';
import type { Catalogue } from '../../market/instruments.js';
import { QuoteBook } from '../../market/quote-book.js';
import { TickRing } from '../../market/tick-ring.js';
import type { Metrics } from '../metrics/metrics.js';

export interface MarketOptions {
  catalogue: Catalogue;
  /** The live price source; undefined runs without one (quotes only through `ingest`, e.g. tests). */
  feed: PriceFeed | undefined;
  /** Generate 12 months of candles ending where the live walk starts (spec §9 chart range). */
  history: { seed: number; end: number } | undefined;
  clock?: Clock;
  log: (message: string) => void;
  /** Counts accepted quotes (ticks per second in Prometheus). */
  metrics?: Pick<Metrics, 'quotesAccepted'>;
}

/**
 * Market data in one place: the live feed feeds the quote book (latest quote per symbol, with
 * staleness and market hours), the candle builder, and every subscriber (trading engine, price
 * socket). Quotes the book refuses (unknown symbol, bad or out-of-order prices) go nowhere.
 */
export class MarketService {
  readonly book: QuoteBook;
  readonly candles: MemoryCandleStore;
  readonly clock: Clock;
  /** The last minutes of accepted quotes per symbol (the fill audit's quotes around a fill). */
  readonly recent: TickRing;
  private readonly builder: CandleBuilder;
  private readonly listeners = new Set<QuoteListener>();
  private readonly closedListeners = new Set<CandleClosedListener>();
  /** Candles the quote being ingested closed, told once its quote listeners (the engine) have it. */
  private readonly closing: { symbol: string; resolution: Resolution; candle: Candle }[] = [];
  private detachFeed: (() => void) | undefined;

  constructor(private readonly options: MarketOptions) {
    const { catalogue } = options;
    this.clock = options.clock ?? systemClock;
    this.book = new QuoteBook(catalogue.instruments);
    this.recent = new TickRing({ startedAt: this.clock.now() });
    this.candles = new MemoryCandleStore({ precisionOf: (symbol) => catalogue.get(symbol)?.precision });
    this.builder = new CandleBuilder(this.candles, catalogue.instruments);
    this.builder.onCandleClosed((symbol, resolution, candle) => {
      if (this.closedListeners.size > 0) this.closing.push({ symbol, resolution, candle });
    });
  }

  get catalogue(): Catalogue {
    return this.options.catalogue;
  }

  /** Where the generated history ends and the simulated live walk starts (its seed's series), when there is one. */
  get history(): { seed: number; end: number } | undefined {
    return this.options.history;
  }

  async start(): Promise<void> {
    const { history, feed } = this.options;
    if (history) {
      const made = generateHistory(this.catalogue.instruments, this.candles, history);
      this.options.log(
        `market history: ${made.candles.toLocaleString('en')} candles for ${made.instruments} instruments in ${Math.round(made.elapsedMs)} ms`,
      );
    }
    if (feed) {
      this.detachFeed = feed.onQuote((quote) => this.ingest(quote));
      await feed.start();
    }
  }

  async stop(): Promise<void> {
    this.detachFeed?.();
    this.detachFeed = undefined;
    await this.options.feed?.stop();
  }

  /** Takes one quote from any source; returns whether it was accepted. */
  ingest(quote: Quote): boolean {
    if (!this.book.update(quote)) return false;
    this.options.metrics?.quotesAccepted.inc();
    this.recent.push(quote);
    this.builder.onQuote(quote);
    for (const listener of this.listeners) listener(quote);
    // a closed candle is told after the quote that closed it reached the engine, so what a listener
    // reads (dealing prices, open positions) is as of that quote
    if (this.closing.length > 0) {
      const closed = this.closing.splice(0);
      for (const { symbol, resolution, candle } of closed)
        for (const listener of this.closedListeners) listener(symbol, resolution, candle);
    }
    return true;
  }

  /**
   * Calls `listener(symbol, resolution, candle)` when a candle of any symbol and resolution closed (the builder
   * started a newer bucket); returns the unsubscribe. Runs inside `ingest`, so it must only queue work.
   */
  onCandleClosed(listener: CandleClosedListener): () => void {
    this.closedListeners.add(listener);
    return () => {
      this.closedListeners.delete(listener);
    };
  }

  /** Subscribes to accepted quotes; returns the function that unsubscribes. */
  onQuote(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
