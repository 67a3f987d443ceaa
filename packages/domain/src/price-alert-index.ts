/**
 * Per-symbol indexes of price alerts, read on every tick like the engine's triggers (decision 0006): for each
 * symbol and group (the server's group is a brand and a side of its quote) one min-heap of "at or above" levels and
 * one of "at or below" levels (stored negated). A tick looks at the two tops only and pops exactly what fired, so it
 * costs O(1) when nothing fires and O(k log n) for k fired alerts; adding, changing and removing an alert is
 * O(log n). An alert with both levels (a move either way) sits in both heaps and fires once, at the first.
 */
import type { AlertLevels } from './price-alerts.js';

class Node {
  key = 0;
  slot = -1;
  heap: Heap | null = null;
  constructor(readonly entry: Entry<unknown>) {}
}

/** An indexed binary min-heap (O(log n) push, pop and remove; O(1) top). */
class Heap {
  private readonly nodes: Node[] = [];

  get size(): number {
    return this.nodes.length;
  }

  /** The smallest key, +Infinity when empty. */
  get top(): number {
    return this.nodes[0]?.key ?? Number.POSITIVE_INFINITY;
  }

  first(): Node | undefined {
    return this.nodes[0];
  }

  push(node: Node, key: number): void {
    node.key = key;
    node.heap = this;
    node.slot = this.nodes.length;
    this.nodes.push(node);
    this.up(node.slot);
  }

  remove(node: Node): void {
    const slot = node.slot;
    const last = this.nodes.pop() as Node;
    if (last !== node) {
      this.nodes[slot] = last;
      last.slot = slot;
      this.down(slot);
      this.up(last.slot);
    }
    node.heap = null;
    node.slot = -1;
  }

  private up(start: number): void {
    const nodes = this.nodes;
    let i = start;
    const node = nodes[i] as Node;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = nodes[p] as Node;
      if (parent.key <= node.key) break;
      nodes[i] = parent;
      parent.slot = i;
      i = p;
    }
    nodes[i] = node;
    node.slot = i;
  }

  private down(start: number): void {
    const nodes = this.nodes;
    const n = nodes.length;
    let i = start;
    const node = nodes[i] as Node;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && (nodes[r] as Node).key < (nodes[l] as Node).key ? r : l;
      const child = nodes[c] as Node;
      if (child.key >= node.key) break;
      nodes[i] = child;
      child.slot = i;
      i = c;
    }
    nodes[i] = node;
    node.slot = i;
  }
}

interface Entry<T> {
  id: number;
  symbol: string;
  group: string;
  item: T;
  above: Node | null;
  below: Node | null;
}

interface Group {
  above: Heap;
  below: Heap;
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
    return this.symbols.get(symbol)?.get(group)?.above.top ?? Number.POSITIVE_INFINITY;
  }

  highestBelow(symbol: string, group: string): number {
    return -(this.symbols.get(symbol)?.get(group)?.below.top ?? Number.POSITIVE_INFINITY);
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
      group = { above: new Heap(), below: new Heap() };
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
      entry.above = new Node(entry);
      group.above.push(entry.above, alert.above);
    }
    if (alert.below !== null) {
      entry.below = new Node(entry);
      group.below.push(entry.below, -alert.below);
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
    if (!g || !(g.above.top <= price || g.below.top <= -price)) return [];
    const fired: T[] = [];
    while (g.above.top <= price) {
      const entry = (g.above.first() as Node).entry as Entry<T>;
      fired.push(entry.item);
      this.detach(entry);
    }
    while (g.below.top <= -price) {
      const entry = (g.below.first() as Node).entry as Entry<T>;
      fired.push(entry.item);
      this.detach(entry);
    }
    return fired;
  }

  private detach(entry: Entry<T>): void {
    entry.above?.heap?.remove(entry.above);
    entry.below?.heap?.remove(entry.below);
    this.entries.delete(entry.id);
    const groups = this.symbols.get(entry.symbol);
    const group = groups?.get(entry.group);
    if (groups && group && group.above.size === 0 && group.below.size === 0) {
      groups.delete(entry.group);
      if (groups.size === 0) this.symbols.delete(entry.symbol);
    }
  }
}
