/**
 * Ids by the time they are due, earliest first (ties: first in, first out). The
 * outbox keeps its open jobs here so that taking the next due one costs O(log n):
 * scanning every open job on each post was most of the contact function's CPU
 * under load, when thousands of notifications wait behind the mail transport.
 */
export interface DueQueue {
  push(id: string, due: number): void;
  /** The earliest entry without removing it. */
  peek(): { id: string; due: number } | undefined;
  pop(): { id: string; due: number } | undefined;
  readonly size: number;
}

interface Entry {
  id: string;
  due: number;
  order: number;
}

export function createDueQueue(): DueQueue {
  // A binary min-heap in an array: the parent of i is (i - 1) >> 1.
  const heap: Entry[] = [];
  let order = 0;
  const before = (a: Entry, b: Entry): boolean => a.due < b.due || (a.due === b.due && a.order < b.order);

  function swap(i: number, j: number): void {
    const a = heap[i];
    const b = heap[j];
    if (!a || !b) return;
    heap[i] = b;
    heap[j] = a;
  }

  function up(i: number): void {
    for (let child = i; child > 0; ) {
      const parent = (child - 1) >> 1;
      const c = heap[child];
      const p = heap[parent];
      if (!c || !p || !before(c, p)) return;
      swap(child, parent);
      child = parent;
    }
  }

  function down(i: number): void {
    for (let parent = i; ; ) {
      let first = parent;
      for (const child of [2 * parent + 1, 2 * parent + 2]) {
        const c = heap[child];
        const f = heap[first];
        if (c && f && before(c, f)) first = child;
      }
      if (first === parent) return;
      swap(parent, first);
      parent = first;
    }
  }

  return {
    push(id, due) {
      heap.push({ id, due, order: order++ });
      up(heap.length - 1);
    },
    peek() {
      const top = heap[0];
      return top && { id: top.id, due: top.due };
    },
    pop() {
      const top = heap[0];
      const last = heap.pop();
      if (!top || !last) return undefined;
      if (heap.length > 0) {
        heap[0] = last;
        down(0);
      }
      return { id: top.id, due: top.due };
    },
    get size() {
      return heap.length;
    },
  };
}
