import { describe, expect, it } from 'vitest';

import { createWorkGate } from './work-gate.js';

class Busy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('busy');
  }
}

/** Work that ends when the test says so, recording that it started. */
function heldWork(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    work: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('work gate', () => {
  it('runs up to its concurrency at once, queues what fits in the longest wait, refuses the rest at once without running it', async () => {
    const gate = createWorkGate({ concurrency: 2, maxWaitMs: 250, initialCostMs: 100, busy: (s) => new Busy(s) });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => heldWork(started, name));
    // a, b run; c-f wait 100 ms (c, d) then 200 ms (e, f): all within 250 ms.
    const runs = jobs.map((job) => gate.run(job.work));
    await flush();
    expect(started).toEqual(['a', 'b']);

    // A seventh would wait three rounds (300 ms): refused, told to come back in 1 s, and never run.
    let ranRefused = false;
    const refused = await gate
      .run(async () => {
        ranRefused = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).retryAfterSeconds).toBe(1);

    // The queue drains in order.
    jobs[0]!.finish();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs.slice(1).forEach((job) => job.finish());
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(ranRefused).toBe(false);

    // Drained: work runs again.
    await expect(gate.run(async () => 'g')).resolves.toBe('g');
  });

  it('learns what a run costs: slow runs shorten the queue it accepts and lengthen the wait it announces', async () => {
    let time = 0;
    const gate = createWorkGate({
      concurrency: 1,
      maxWaitMs: 5_000,
      initialCostMs: 100,
      busy: (s) => new Busy(s),
      now: () => time,
    });
    // Ten runs of 4 s each: the mean climbs from 100 ms towards 4 s.
    for (let i = 0; i < 10; i++) {
      await gate.run(async () => {
        time += 4_000;
      });
    }
    const started: string[] = [];
    const first = heldWork(started, 'first');
    const second = heldWork(started, 'second');
    const running = gate.run(first.work);
    const waiting = gate.run(second.work); // one round ahead: about 3.6 s, within 5 s
    await flush();
    const refused = await gate.run(async () => 'third').catch((error: unknown) => error); // two rounds: over 5 s
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).retryAfterSeconds).toBeGreaterThanOrEqual(7);
    first.finish();
    second.finish();
    await expect(Promise.all([running, waiting])).resolves.toEqual(['first', 'second']);
  });

  it('frees its slot when the work fails', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaitMs: 0, initialCostMs: 100, busy: (s) => new Busy(s) });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });
});
