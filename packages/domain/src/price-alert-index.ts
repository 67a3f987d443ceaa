/**
 * Per-symbol indexes of price alerts, read on every tick like the engine's triggers (decision 0006): for each
 * symbol and group (the server's group is a brand and a side of its quote) one min-heap of "at or above" levels and
 * one of "at or below" levels (stored negated). A tick looks at the two tops only and pops exactly what fired, so it
 * costs O(1) when nothing fires and O(k log n) for k fired alerts; adding, changing and removing an alert is
 * O(log n). An alert with both levels (a move either way) sits in both heaps and fires once, at the first.
 */
import { HeapNode, MinHeap } from './heap.js';
import type { AlertLevels } from './price-alerts.js';

interface Entry<T> {
  id: number;
  symbol: string;
  group: string;
  item: T;
  above: HeapNode<Entry<T>> | null;
  below: HeapNode<Entry<T>> | null;
}

interface Group {
  above: MinHeap<Entry<unknown>>;
  below: MinHeap<Entry<unknown>>;
}

/** What an alert is indexed by: its id, symbol, group (e.g. brand and side) and levels. */
export interface IndexedAlert<T> extends AlertLevels {
  id: number;
  symbol: string;
  group: string;
  item: T;
}

/**
 * The alerts waiting to fire, by symbol and group. `fire(symbol, group, price)` takes out and returns every alert
 * the price reaches; an alert is in the index once (adding an id again replaces it).
 */
export class PriceAlertIndex<T> {
  private readonly entries = new Map<number, Entry<T>>();
  private readonly symbols = new Map<string, Map<string, Group>>();

  get size(): number {
    return this.entries.size;
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  /** The ids of the alerts in the index. */
  ids(): IterableIterator<number> {
    return this.entries.keys();
  }

  get(id: number): T | undefined {
    return this.entries.get(id)?.item;
  }

  /** The groups with alerts on a symbol (the server prices the tick once per group). */
  groups(symbol: string): IterableIterator<string> | undefined {
    return this.symbols.get(symbol)?.keys();
  }

  /**
   * The nearest levels of a symbol's group: the lowest "at or above" level (+Infinity when none) and the highest
   * "at or below" level (-Infinity when none). A price strictly between them fires nothing (a cheap pre-check).
   */
  lowestAbove(symbol: string, group: string): number {
    return this.symbols.get(symbol)?.get(group)?.above.minKey ?? Number.POSITIVE_INFINITY;
  }

  highestBelow(symbol: string, group: string): number {
    return -(this.symbols.get(symbol)?.get(group)?.below.minKey ?? Number.POSITIVE_INFINITY);
  }

  /** Puts an alert in (replacing one of the same id); an alert without a level is not kept. */
  add(alert: IndexedAlert<T>): void {
    this.remove(alert.id);
    if (alert.above === null && alert.below === null) return;
    let groups = this.symbols.get(alert.symbol);
    if (!groups) {
      groups = new Map();
      this.symbols.set(alert.symbol, groups);
    }
    let group = groups.get(alert.group);
    if (!group) {
      group = { above: new MinHeap(), below: new MinHeap() };
      groups.set(alert.group, group);
    }
    const entry: Entry<T> = {
      id: alert.id,
      symbol: alert.symbol,
      group: alert.group,
      item: alert.item,
      above: null,
      below: null,
    };
    if (alert.above !== null) {
      entry.above = new HeapNode(entry);
      group.above.push(entry.above as HeapNode<Entry<unknown>>, alert.above);
    }
    if (alert.below !== null) {
      entry.below = new HeapNode(entry);
      group.below.push(entry.below as HeapNode<Entry<unknown>>, -alert.below);
    }
    this.entries.set(alert.id, entry);
  }

  /** Takes an alert out; returns whether it was in. */
  remove(id: number): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.detach(entry);
    return true;
  }

  /**
   * Takes out and returns the alerts of `symbol` and `group` that `price` reaches: levels at or below the price
   * ("above" alerts) and levels at or above it ("below" alerts).
   */
  fire(symbol: string, group: string, price: number): T[] {
    const g = this.symbols.get(symbol)?.get(group);
    if (!g || !(g.above.minKey <= price || g.below.minKey <= -price)) return [];
    const fired: T[] = [];
    while (g.above.minKey <= price) {
      const entry = (g.above.peek() as HeapNode<Entry<unknown>>).item as Entry<T>;
      fired.push(entry.item);
      this.detach(entry);
    }
    while (g.below.minKey <= -price) {
      const entry = (g.below.peek() as HeapNode<Entry<unknown>>).item as Entry<T>;
      fired.push(entry.item);
      this.detach(entry);
    }
    return fired;
  }

  private detach(entry: Entry<T>): void {
    if (entry.above) entry.above.heap?.remove(entry.above);
    if (entry.below) entry.below.heap?.remove(entry.below);
    this.entries.delete(entry.id);
    const groups = this.symbols.get(entry.symbol);
    const group = groups?.get(entry.group);
    if (groups && group && group.above.size === 0 && group.below.size === 0) {
      groups.delete(entry.group);
      if (groups.size === 0) this.symbols.delete(entry.symbol);
    }
  }
}
