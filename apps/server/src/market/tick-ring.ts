/**
 * The feed's recent quotes per symbol, in memory, for the fill audit: a ring of a few minutes per symbol, so the
 * quotes a minute either side of a fill can be written once the minute after it passed. Pushing is three array
 * writes; a symbol keeps its last `capacity` quotes (minutes of a simulated or a real feed), and says from when it is
 * complete once older ones made room.
 */
import type { Quote } from './feed.js';

export interface TickRingOptions {
  /** Quotes kept per symbol; default 2048 (24 bytes each). */
  capacity?: number;
  /** When the ring started listening (epoch ms): before it, nothing is known. */
  startedAt: number;
}

class SymbolRing {
  readonly ts: Float64Array;
  readonly bid: Float64Array;
  readonly ask: Float64Array;
  /** Index of the next write. */
  next = 0;
  size = 0;
  /** The newest time of a quote dropped for room (−∞: none dropped). */
  droppedUntil = Number.NEGATIVE_INFINITY;

  constructor(capacity: number) {
    this.ts = new Float64Array(capacity);
    this.bid = new Float64Array(capacity);
    this.ask = new Float64Array(capacity);
  }
}

/** A window's quotes: [time ms, bid, ask], oldest first, and whether the ring held every quote of the window. */
export interface TickWindow {
  quotes: [number, number, number][];
  complete: boolean;
}

export class TickRing {
  private readonly rings = new Map<string, SymbolRing>();
  private readonly capacity: number;
  readonly startedAt: number;

  constructor(options: TickRingOptions) {
    this.capacity = options.capacity ?? 2048;
    this.startedAt = options.startedAt;
  }

  push(quote: Quote): void {
    let ring = this.rings.get(quote.symbol);
    if (!ring) {
      ring = new SymbolRing(this.capacity);
      this.rings.set(quote.symbol, ring);
    }
    const i = ring.next;
    if (ring.size === this.capacity) {
      // the oldest quote makes room: the ring is complete only after it
      ring.droppedUntil = Math.max(ring.droppedUntil, ring.ts[i] as number);
    } else ring.size += 1;
    ring.ts[i] = quote.ts;
    ring.bid[i] = quote.bid;
    ring.ask[i] = quote.ask;
    ring.next = (i + 1) % this.capacity;
  }

  /**
   * The quotes of `symbol` with from ≤ time ≤ until. `complete` is false when part of the window may be missing:
   * it starts before the ring started listening (a restart) or before a quote that was dropped for room.
   */
  window(symbol: string, from: number, until: number): TickWindow {
    const ring = this.rings.get(symbol);
    const quotes: [number, number, number][] = [];
    if (ring) {
      const start = (ring.next - ring.size + this.capacity) % this.capacity;
      for (let k = 0; k < ring.size; k++) {
        const i = (start + k) % this.capacity;
        const ts = ring.ts[i] as number;
        if (ts >= from && ts <= until) quotes.push([ts, ring.bid[i] as number, ring.ask[i] as number]);
      }
    }
    const droppedUntil = ring?.droppedUntil ?? Number.NEGATIVE_INFINITY;
    return { quotes, complete: this.startedAt <= from && droppedUntil < from };
  }
}
