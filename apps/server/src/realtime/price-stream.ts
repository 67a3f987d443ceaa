import type { PriceMap } from '@openbroker/domain';
import type { Clock, TimerHandle } from '../feeds/clock.js';
import type { Quote } from '../feeds/feed.js';
import type { QuoteBook } from '../feeds/quote-book.js';

export interface PriceStreamOptions {
  /** At most one message per client per interval (default 250 ms). */
  conflationMs: number;
  clock: Clock;
  /** Sends a map to every connected client. */
  broadcast: (prices: PriceMap) => void;
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
    if (count > 0) this.options.broadcast(map);
  }
}
