/**
 * The latest quote per symbol, and whether it may be used (architecture §5): a quote older than the
 * instrument's staleness limit, or an instrument whose market is closed, is unavailable — no
 * opening, and the terminal shows 'Will be back soon' / 'temporarily unavailable' (spec §8).
 */

import { isValidQuote, type PriceFeed, type Quote } from './feed.js';
import type { Instrument } from './instruments.js';
import { isOpen } from './market-hours.js';

export type Availability = 'available' | 'stale' | 'closed' | 'no-quote' | 'unknown-symbol';

export class QuoteBook {
  private readonly instruments: ReadonlyMap<string, Instrument>;
  private readonly latest = new Map<string, Quote>();
  private rejectedCount = 0;

  constructor(instruments: Iterable<Instrument>) {
    this.instruments = new Map([...instruments].map((i) => [i.symbol, i]));
  }

  /**
   * Records a quote if it is usable: a known symbol, valid prices (bid > 0, ask ≥ bid) and not older
   * than the quote already held (feeds may deliver out of order across reconnects). Returns whether
   * it was kept.
   */
  update(quote: Quote): boolean {
    const current = this.latest.get(quote.symbol);
    if (!this.instruments.has(quote.symbol) || !isValidQuote(quote) || (current && quote.ts < current.ts)) {
      this.rejectedCount += 1;
      return false;
    }
    this.latest.set(quote.symbol, quote);
    return true;
  }

  /** Number of quotes `update` refused. */
  get rejected(): number {
    return this.rejectedCount;
  }

  /** The quote to trade at `now` (epoch ms or Date), or undefined when the instrument is unavailable. */
  get(symbol: string, now: number | Date): Quote | undefined {
    return this.availability(symbol, now) === 'available' ? this.latest.get(symbol) : undefined;
  }

  /** Why an instrument is or is not available at `now`. */
  availability(symbol: string, now: number | Date): Availability {
    const instrument = this.instruments.get(symbol);
    if (!instrument) return 'unknown-symbol';
    const t = typeof now === 'number' ? now : now.getTime();
    if (!isOpen(instrument, t)) return 'closed';
    const quote = this.latest.get(symbol);
    if (!quote) return 'no-quote';
    // A quote stamped slightly in the future (clock skew between feed and server) counts as fresh.
    return t - quote.ts > instrument.stalenessMs ? 'stale' : 'available';
  }

  /** The last quote received, whether or not it is usable now (for display of the last price). */
  last(symbol: string): Quote | undefined {
    return this.latest.get(symbol);
  }

  /** Every available quote at `now`, by symbol (the price socket's map). */
  snapshot(now: number | Date): Map<string, Quote> {
    const out = new Map<string, Quote>();
    for (const symbol of this.latest.keys()) {
      const quote = this.get(symbol, now);
      if (quote) out.set(symbol, quote);
    }
    return out;
  }

  /** Feeds the book from a price feed; returns the function that detaches it. */
  attach(feed: PriceFeed): () => void {
    return feed.onQuote((quote) => {
      this.update(quote);
    });
  }
}
