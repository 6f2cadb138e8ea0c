import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
  // The gate's deadlines are timers: faked, so that no test depends on the machine's speed (setImmediate stays real).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('refuses a caller still waiting after the longest wait, when the runs ahead turned out slower than estimated', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaitMs: 1_000, initialCostMs: 400, busy: (s) => new Busy(s) });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldWork(started, name));
    // a runs; b and c are accepted (one and two rounds of 400 ms ahead: within 1 s).
    const runs = [a!, b!, c!].map((job) => gate.run(job.work).catch((error: unknown) => error));
    await flush();
    expect(started).toEqual(['a']);

    // a takes far longer than its estimate: at 1 s in the queue, b and c are refused, told when to come back, and leave
    // the queue without running, instead of waiting for a until the request's timeout cuts them.
    vi.advanceTimersByTime(1_000);
    const refusedB = await runs[1];
    const refusedC = await runs[2];
    expect(refusedB).toBeInstanceOf(Busy);
    expect(refusedC).toBeInstanceOf(Busy);
    expect((refusedB as Busy).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // The queue is empty again: once a ends, a newcomer runs at once, and neither b nor c ever ran.
    a!.finish();
    expect(await runs[0]).toBe('a');
    await expect(gate.run(async () => 'd')).resolves.toBe('d');
    expect(started).toEqual(['a']);
  });

  it('frees its slot when the work fails', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaitMs: 0, initialCostMs: 100, busy: (s) => new Busy(s) });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });
});
