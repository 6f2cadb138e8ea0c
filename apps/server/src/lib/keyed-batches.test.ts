import { describe, expect, it } from 'vitest';

import { createKeyedBatches } from './keyed-batches.js';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the batches start what they were given: they wait one turn of the event loop first. */
const started = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('keyed batches', () => {
  it('runs what arrived in one turn of the event loop as one batch', async () => {
    const calls: string[][] = [];
    const batches = createKeyedBatches<string, string>(async (_key, items) => {
      calls.push([...items]);
      return items.map((item) => item.toUpperCase());
    });
    expect(await Promise.all(['a1', 'a2', 'a3'].map((item) => batches.submit('a', item)))).toEqual(['A1', 'A2', 'A3']);
    expect(calls).toEqual([['a1', 'a2', 'a3']]);
  });

  it('runs the first item, then what arrived meanwhile as one batch; other keys alongside', async () => {
    const calls: string[][] = [];
    const gate = deferred();
    const batches = createKeyedBatches<string, string>(async (key, items) => {
      calls.push([key, ...items]);
      if (items[0] === 'a1') await gate.promise;
      return items.map((item) => item.toUpperCase());
    });
    const a1 = batches.submit('a', 'a1');
    await started();
    const a2 = batches.submit('a', 'a2');
    const a3 = batches.submit('a', 'a3');
    expect(await batches.submit('b', 'b1')).toBe('B1');
    expect(calls).toEqual([
      ['a', 'a1'],
      ['b', 'b1'],
    ]);
    gate.resolve();
    expect(await Promise.all([a1, a2, a3])).toEqual(['A1', 'A2', 'A3']);
    expect(calls).toEqual([
      ['a', 'a1'],
      ['b', 'b1'],
      ['a', 'a2', 'a3'],
    ]);
    expect(batches.size).toBe(0);
  });

  it('keeps a batch to its maximum size', async () => {
    const sizes: number[] = [];
    const gate = deferred();
    const batches = createKeyedBatches<number, number>(async (_key, items) => {
      sizes.push(items.length);
      if (items[0] === 0) await gate.promise;
      return items;
    }, 2);
    const first = batches.submit('k', 0);
    await started();
    const all = [first, ...[1, 2, 3, 4].map((n) => batches.submit('k', n))];
    gate.resolve();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('runs a failed batch again item by item: only the failing item gets the error', async () => {
    const gate = deferred();
    const calls: number[][] = [];
    const batches = createKeyedBatches<number, number>(async (_key, items) => {
      calls.push([...items]);
      if (items[0] === 0) await gate.promise;
      if (items.includes(2)) throw new Error('item 2 is bad');
      return items.map((n) => n * 10);
    });
    const first = batches.submit('k', 0);
    await started();
    const rest = [1, 2, 3].map((n) => batches.submit('k', n));
    gate.resolve();
    expect(await first).toBe(0);
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      10,
      'item 2 is bad',
      30,
    ]);
    expect(calls).toEqual([[0], [1, 2, 3], [1], [2], [3]]);
    expect(batches.size).toBe(0);
  });
});
