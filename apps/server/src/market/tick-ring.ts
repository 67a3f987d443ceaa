/**
 * The feed's recent quotes per symbol, in memory, for the fill audit: a ring of a few minutes per symbol, so the
 * quotes a minute either side of a fill can be written once the minute after it passed. Pushing is three array
 * writes; a symbol keeps at least its last `keepMs` of quotes (its ring doubles while a busy feed would push out
 * quotes younger than that, up to `maxCapacity`), and says from when it is complete once older ones made room.
 */
import type { Quote } from './feed.js';

export interface TickRingOptions {
  /** Quotes a symbol's ring starts with; default 2048 (24 bytes each). */
  capacity?: number;
  /** How far back every symbol keeps its quotes, if `maxCapacity` allows; default 4 minutes. */
  keepMs?: number;
  /** The most quotes one symbol keeps however busy its feed; default 65,536 (1.5 MB). */
  maxCapacity?: number;
  /** When the ring started listening (epoch ms): before it, nothing is known. */
  startedAt: number;
}

class SymbolRing {
  ts: Float64Array;
  bid: Float64Array;
  ask: Float64Array;
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

  get capacity(): number {
    return this.ts.length;
  }

  /** Doubles the ring, its quotes kept oldest first from index 0. */
  grow(): void {
    const capacity = this.capacity;
    const start = (this.next - this.size + capacity) % capacity;
    const copy = (from: Float64Array) => {
      const to = new Float64Array(capacity * 2);
      to.set(from.subarray(start));
      to.set(from.subarray(0, start), capacity - start);
      return to;
    };
    this.ts = copy(this.ts);
    this.bid = copy(this.bid);
    this.ask = copy(this.ask);
    this.next = this.size;
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
  private readonly keepMs: number;
  private readonly maxCapacity: number;
  readonly startedAt: number;

  constructor(options: TickRingOptions) {
    this.capacity = options.capacity ?? 2048;
    this.keepMs = options.keepMs ?? 4 * 60_000;
    this.maxCapacity = Math.max(this.capacity, options.maxCapacity ?? 65_536);
    this.startedAt = options.startedAt;
  }

  push(quote: Quote): void {
    let ring = this.rings.get(quote.symbol);
    if (!ring) {
      ring = new SymbolRing(this.capacity);
      this.rings.set(quote.symbol, ring);
    }
    // a busy feed would push out a quote younger than the time kept: the ring doubles instead, within its limit
    if (
      ring.size === ring.capacity &&
      ring.capacity < this.maxCapacity &&
      (ring.ts[ring.next] as number) > quote.ts - this.keepMs
    )
      ring.grow();
    const i = ring.next;
    if (ring.size === ring.capacity) {
      // the oldest quote makes room: the ring is complete only after it
      ring.droppedUntil = Math.max(ring.droppedUntil, ring.ts[i] as number);
    } else ring.size += 1;
    ring.ts[i] = quote.ts;
    ring.bid[i] = quote.bid;
    ring.ask[i] = quote.ask;
    ring.next = (i + 1) % ring.capacity;
  }

  /**
   * The quotes of `symbol` with from ≤ time ≤ until. `complete` is false when part of the window may be missing:
   * it starts before the ring started listening (a restart) or before a quote that was dropped for room.
   */
  window(symbol: string, from: number, until: number): TickWindow {
    const ring = this.rings.get(symbol);
    const quotes: [number, number, number][] = [];
    if (ring) {
      const capacity = ring.capacity;
      const start = (ring.next - ring.size + capacity) % capacity;
      for (let k = 0; k < ring.size; k++) {
        const i = (start + k) % capacity;
        const ts = ring.ts[i] as number;
        if (ts >= from && ts <= until) quotes.push([ts, ring.bid[i] as number, ring.ask[i] as number]);
      }
    }
    const droppedUntil = ring?.droppedUntil ?? Number.NEGATIVE_INFINITY;
    return { quotes, complete: this.startedAt <= from && droppedUntil < from };
  }
}
