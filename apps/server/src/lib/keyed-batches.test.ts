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
    const failures: string[] = [];
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        calls.push([...items]);
        if (items[0] === 0) await gate.promise;
        if (items.includes(2)) throw new Error('item 2 is bad');
        return items.map((n) => n * 10);
      },
      100,
      { onBatchFailed: (key, size, error) => failures.push(`${key} ${size} ${(error as Error).message}`) },
    );
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
    // The batch's failure is told once; the lone item's own failure is its caller's.
    expect(failures).toEqual(['k 3 item 2 is bad']);
    expect(batches.size).toBe(0);
  });

  it('lets the statements queued before a batch run first, so that requests reading the database on their way join it', async () => {
    // A stand-in for PGlite's one connection: statements run one after the other, in the order queued.
    let line = Promise.resolve();
    let queued = 0;
    const statement = () => {
      queued += 1;
      return (line = line.then(() => new Promise<void>((resolve) => setImmediate(resolve))).finally(() => (queued -= 1)));
    };
    const settle = async () => {
      const busy = queued > 0;
      await statement();
      return busy;
    };
    const calls: number[][] = [];
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        calls.push([...items]);
        await statement();
        return items;
      },
      100,
      { settle },
    );
    // Each request reads twice (its session, then its progress) before it submits; they all arrive together.
    const request = async (n: number) => {
      await statement();
      await statement();
      return batches.submit('k', n);
    };
    const first = batches.submit('k', 0);
    expect(await Promise.all([first, ...[1, 2, 3, 4, 5].map(request)])).toEqual([0, 1, 2, 3, 4, 5]);
    // Without the settling, the first batch would hold 0 alone and the others would trickle in behind it.
    expect(calls).toEqual([[0, 1, 2, 3, 4, 5]]);
  });
});
