/**
 * An indexed binary min-heap: O(1) peek, O(log n) push, pop, remove and re-key. Each node remembers its heap
 * and its slot, so an entry can leave an index in O(log n): a position the engine's trigger index holds when it is
 * closed or its level changes, a price alert when it is edited or deleted.
 */
export class HeapNode<T> {
  key = 0;
  /** Slot in `heap`, −1 when in none. */
  slot = -1;
  heap: MinHeap<T> | null = null;
  constructor(readonly item: T) {}
}

export class MinHeap<T> {
  private readonly nodes: HeapNode<T>[] = [];

  get size(): number {
    return this.nodes.length;
  }

  /** Smallest key, +Infinity when empty (so "top ≤ x" is false for an empty heap). */
  get minKey(): number {
    const top = this.nodes[0];
    return top === undefined ? Number.POSITIVE_INFINITY : top.key;
  }

  push(node: HeapNode<T>, key: number): void {
    if (node.heap !== null) throw new Error('node is already in a heap');
    node.key = key;
    node.heap = this;
    node.slot = this.nodes.length;
    this.nodes.push(node);
    this.up(node.slot);
  }

  /** The node with the smallest key, left in place. */
  peek(): HeapNode<T> | undefined {
    return this.nodes[0];
  }

  /** Removes and returns the node with the smallest key. */
  pop(): HeapNode<T> | undefined {
    const top = this.nodes[0];
    if (top !== undefined) this.remove(top);
    return top;
  }

  remove(node: HeapNode<T>): void {
    if (node.heap !== this) throw new Error('node is not in this heap');
    const slot = node.slot;
    const last = this.nodes.pop() as HeapNode<T>;
    if (last !== node) {
      this.nodes[slot] = last;
      last.slot = slot;
      this.down(slot);
      this.up(last.slot);
    }
    node.heap = null;
    node.slot = -1;
  }

  /** Changes the key of a node in this heap (O(log n)). */
  update(node: HeapNode<T>, key: number): void {
    if (node.heap !== this) throw new Error('node is not in this heap');
    node.key = key;
    this.up(node.slot);
    this.down(node.slot);
  }

  /** Iterates the nodes in heap order (not sorted); for checks and tests. */
  *[Symbol.iterator](): IterableIterator<HeapNode<T>> {
    yield* this.nodes;
  }

  private up(start: number): void {
    const nodes = this.nodes;
    let i = start;
    const node = nodes[i] as HeapNode<T>;
    while (i > 0) {
      const parentSlot = (i - 1) >> 1;
      const parent = nodes[parentSlot] as HeapNode<T>;
      if (parent.key <= node.key) break;
      nodes[i] = parent;
      parent.slot = i;
      i = parentSlot;
    }
    nodes[i] = node;
    node.slot = i;
  }

  private down(start: number): void {
    const nodes = this.nodes;
    const n = nodes.length;
    let i = start;
    const node = nodes[i] as HeapNode<T>;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const leftNode = nodes[left] as HeapNode<T>;
      const rightNode = right < n ? (nodes[right] as HeapNode<T>) : null;
      const child = rightNode !== null && rightNode.key < leftNode.key ? right : left;
      const childNode = child === left ? leftNode : (rightNode as HeapNode<T>);
      if (childNode.key >= node.key) break;
      nodes[i] = childNode;
      childNode.slot = i;
      i = child;
    }
    nodes[i] = node;
    node.slot = i;
  }
}
