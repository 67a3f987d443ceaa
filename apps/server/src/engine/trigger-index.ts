/**
 * Per-symbol trigger indexes (architecture §5; docs/decisions/0006-engine-triggers.md).
 *
 * Every index is a min-heap read as "the top fires when top.key ≤ bound", so a tick looks at the tops only and
 * pops exactly what fired: O(log n) per fired entry, O(1) per index otherwise. Levels that fire when the price is
 * at or below them are stored negated (key = −level, bound = −price); levels that fire at or above them are
 * stored as they are (key = level, bound = price).
 *
 * Buy positions are valued at the dealing sell price, sell positions at the dealing buy price (decision 0002).
 */
import type { AccountState, PositionState } from './book.js';
import { HeapNode, MinHeap } from './heap.js';

export class SymbolIndex {
  /** buy stop losses, fire when sell ≤ SL (key −SL) */
  readonly buyStop = new MinHeap<PositionState>();
  /** buy loss termination prices, fire when sell ≤ T (key −T) */
  readonly buyTermination = new MinHeap<PositionState>();
  /** buy take profits, fire when sell ≥ TP (key TP) */
  readonly buyTake = new MinHeap<PositionState>();
  /** sell stop losses, fire when buy ≥ SL (key SL) */
  readonly sellStop = new MinHeap<PositionState>();
  /** sell loss termination prices, fire when buy ≥ T (key T) */
  readonly sellTermination = new MinHeap<PositionState>();
  /** sell take profits, fire when buy ≤ TP (key −TP) */
  readonly sellTake = new MinHeap<PositionState>();
  /** accounts' danger prices for their buys of this symbol, fire when sell ≤ level (key −level) */
  readonly buyGuard = new MinHeap<AccountState>();
  /** accounts' danger prices for their sells of this symbol, fire when buy ≥ level (key level) */
  readonly sellGuard = new MinHeap<AccountState>();

  get size(): number {
    return this.buyTermination.size + this.sellTermination.size;
  }
}

function indexOf(position: PositionState): SymbolIndex {
  const index = position.sym.index;
  if (index === null) throw new Error(`no trigger index for ${position.sym.symbol}`);
  return index;
}

/** Puts an open position's levels into its symbol's indexes. */
export function arm(position: PositionState): void {
  if (position.armed) return;
  const index = indexOf(position);
  position.termNode ??= new HeapNode(position);
  if (position.direction === 'buy') {
    index.buyTermination.push(position.termNode, -position.terminationPrice);
    if (position.stopLoss !== null) {
      position.stopNode ??= new HeapNode(position);
      index.buyStop.push(position.stopNode, -position.stopLoss);
    }
    if (position.takeProfit !== null) {
      position.takeNode ??= new HeapNode(position);
      index.buyTake.push(position.takeNode, position.takeProfit);
    }
  } else {
    index.sellTermination.push(position.termNode, position.terminationPrice);
    if (position.stopLoss !== null) {
      position.stopNode ??= new HeapNode(position);
      index.sellStop.push(position.stopNode, position.stopLoss);
    }
    if (position.takeProfit !== null) {
      position.takeNode ??= new HeapNode(position);
      index.sellTake.push(position.takeNode, -position.takeProfit);
    }
  }
  position.armed = true;
}

/** Takes a position out of every index it is in. */
export function disarm(position: PositionState): void {
  const { stopNode, takeNode, termNode } = position;
  if (stopNode?.heap) stopNode.heap.remove(stopNode);
  if (takeNode?.heap) takeNode.heap.remove(takeNode);
  if (termNode?.heap) termNode.heap.remove(termNode);
  position.armed = false;
}

/**
 * Consistency of the indexes with the books, for tests and operators: every armed position is in exactly the
 * heaps its levels call for, with the right keys, and nothing else is. Returns the problems found.
 */
export function verifyIndex(index: SymbolIndex, symbol: string): string[] {
  const problems: string[] = [];
  const expect = (heap: MinHeap<PositionState>, name: string, key: (p: PositionState) => number | null) => {
    for (const node of heap) {
      const p = node.item;
      if (!p.armed) problems.push(`${symbol} ${name}: position ${p.id} is not armed`);
      if (key(p) !== node.key) problems.push(`${symbol} ${name}: position ${p.id} has key ${node.key}`);
    }
  };
  const buy = (p: PositionState) => p.direction === 'buy';
  expect(index.buyStop, 'buyStop', (p) => (buy(p) && p.stopLoss !== null ? -p.stopLoss : null));
  expect(index.buyTake, 'buyTake', (p) => (buy(p) && p.takeProfit !== null ? p.takeProfit : null));
  expect(index.buyTermination, 'buyTermination', (p) => (buy(p) ? -p.terminationPrice : null));
  expect(index.sellStop, 'sellStop', (p) => (!buy(p) && p.stopLoss !== null ? p.stopLoss : null));
  expect(index.sellTake, 'sellTake', (p) => (!buy(p) && p.takeProfit !== null ? -p.takeProfit : null));
  expect(index.sellTermination, 'sellTermination', (p) => (!buy(p) ? p.terminationPrice : null));
  return problems;
}
