import { describe, expect, it } from 'vitest';

import { createKeyedQueue } from './keyed-queue.js';

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

describe('keyed queue', () => {
  it('runs the tasks of one key one at a time, in order, and other keys alongside', async () => {
    const queue = createKeyedQueue();
    const order: string[] = [];
    const first = deferred();
    const a1 = queue.run('a', async () => {
      order.push('a1 start');
      await first.promise;
      order.push('a1 end');
      return 1;
    });
    const a2 = queue.run('a', async () => {
      order.push('a2');
      return 2;
    });
    const b1 = queue.run('b', async () => {
      order.push('b1');
      return 3;
    });
    await b1;
    expect(order).toEqual(['a1 start', 'b1']);
    first.resolve();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(order).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('goes on after a task fails, and forgets keys with nothing left', async () => {
    const queue = createKeyedQueue();
    const failing = deferred();
    const a1 = queue.run('a', () => failing.promise);
    const a2 = queue.run('a', async () => 'next');
    expect(queue.size).toBe(1);
    failing.reject(new Error('boom'));
    await expect(a1).rejects.toThrow('boom');
    expect(await a2).toBe('next');
    await Promise.resolve();
    expect(queue.size).toBe(0);
  });
});
