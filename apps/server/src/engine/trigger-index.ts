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

import { HeapNode, type MinHeap } from '@openbroker/domain';
import type { OrderState, PositionState, SymbolIndex } from './book.js';
import { trailStep } from './decisions.js';

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
  if (position.trailingDistance !== null) {
    position.trailNode ??= new HeapNode(position);
    const key = trailKey(position);
    if (position.direction === 'buy') index.buyTrail.push(position.trailNode, key);
    else index.sellTrail.push(position.trailNode, key);
  }
  position.armed = true;
}

/**
 * Key of a trailing stop's next-move threshold (domain `trailingMoveThreshold`, in float: a move found by it is
 * confirmed with the exact price by `trailedStop`). Without a stop loss yet it moves on the next tick.
 */
export function trailKey(position: PositionState): number {
  // the threshold is one step beyond the stop's distance (`trailMove`); the float key is confirmed exactly
  const d = (position.trailingDistance as number) + trailStep(position);
  if (position.stopLoss === null) return Number.NEGATIVE_INFINITY;
  return position.direction === 'buy' ? position.stopLoss + d : -(position.stopLoss - d);
}

/** Puts an open order's level into its symbol's order heaps. */
export function armOrder(order: OrderState): void {
  if (order.armed) return;
  const index = order.sym.index;
  if (index === null) throw new Error(`no trigger index for ${order.sym.symbol}`);
  const { direction, orderType, price } = order.record;
  order.node ??= new HeapNode(order);
  if (direction === 'buy') {
    if (orderType === 'limit') index.buyLimit.push(order.node, -price);
    else index.buyStopOrder.push(order.node, price);
  } else if (orderType === 'limit') index.sellLimit.push(order.node, price);
  else index.sellStopOrder.push(order.node, -price);
  order.armed = true;
}

export function disarmOrder(order: OrderState): void {
  if (order.node?.heap) order.node.heap.remove(order.node);
  order.armed = false;
}

/** Takes a position out of every index it is in. */
export function disarm(position: PositionState): void {
  const { stopNode, takeNode, termNode, trailNode } = position;
  if (trailNode?.heap) trailNode.heap.remove(trailNode);
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
