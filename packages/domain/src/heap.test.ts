import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeapNode, MinHeap } from './heap.js';

describe('indexed min-heap of the trigger indexes', () => {
  it('always yields the smallest key, through any mix of push, pop and remove', () => {
    const opArb = fc.oneof(
      fc.record({ op: fc.constant('push' as const), key: fc.integer({ min: -50, max: 50 }) }),
      fc.record({ op: fc.constant('pop' as const) }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const heap = new MinHeap<number>();
        const live: HeapNode<number>[] = [];
        let id = 0;
        for (const o of ops) {
          if (o.op === 'push') {
            const node = new HeapNode(id++);
            heap.push(node, o.key);
            live.push(node);
          } else if (o.op === 'pop') {
            const top = heap.pop();
            const min = Math.min(...live.map((n) => n.key));
            expect(top?.key ?? Number.POSITIVE_INFINITY).toBe(
              live.length === 0 ? Number.POSITIVE_INFINITY : min,
            );
            if (top) live.splice(live.indexOf(top), 1);
          } else if (live.length > 0) {
            const [node] = live.splice(o.pick % live.length, 1);
            heap.remove(node as HeapNode<number>);
            expect(node?.heap).toBeNull();
          }
          expect(heap.size).toBe(live.length);
          expect(heap.minKey).toBe(
            live.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...live.map((n) => n.key)),
          );
          for (const n of live) expect(n.heap).toBe(heap);
        }
      }),
    );
  });

  it('refuses a node that is already in a heap, or removing one from a heap it is not in', () => {
    const a = new MinHeap<string>();
    const b = new MinHeap<string>();
    const node = new HeapNode('x');
    a.push(node, 1);
    expect(() => b.push(node, 2)).toThrow();
    expect(() => b.remove(node)).toThrow();
  });
});
