import { describe, expect, it } from "vitest";
import { createDueQueue } from "./due-queue";

describe("createDueQueue", () => {
  it("gives the earliest due first, and equal times in the order they came", () => {
    const queue = createDueQueue();
    queue.push("retry-late", 300);
    queue.push("new-1", 100);
    queue.push("retry-early", 50);
    queue.push("new-2", 100);
    queue.push("new-3", 100);
    expect(queue.peek()).toEqual({ id: "retry-early", due: 50 });
    expect(queue.size).toBe(5);
    const order: string[] = [];
    for (let next = queue.pop(); next; next = queue.pop()) order.push(next.id);
    expect(order).toEqual(["retry-early", "new-1", "new-2", "new-3", "retry-late"]);
    expect(queue.size).toBe(0);
    expect(queue.peek()).toBeUndefined();
  });

  it("sorts like a stable sort by due time for thousands of mixed pushes and pops", () => {
    const queue = createDueQueue();
    const expected: Array<{ id: string; due: number }> = [];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const popped: Array<{ id: string; due: number }> = [];
    for (let n = 0; n < 3000; n++) {
      const entry = { id: `job-${n}`, due: Math.floor(random() * 200) };
      queue.push(entry.id, entry.due);
      expected.push(entry);
      // Take one now and then, as the outbox does while posts keep coming.
      if (n % 3 === 0) {
        const next = queue.pop();
        if (next) popped.push(next);
        const index = expected.reduce((best, e, i) => (e.due < (expected[best]?.due ?? Infinity) ? i : best), 0);
        expect(next).toEqual(expected.splice(index, 1)[0]);
      }
    }
    const rest: Array<{ id: string; due: number }> = [];
    for (let next = queue.pop(); next; next = queue.pop()) rest.push(next);
    expect(rest).toEqual([...expected].sort((a, b) => a.due - b.due));
    expect(popped.length + rest.length).toBe(3000);
  });
});
