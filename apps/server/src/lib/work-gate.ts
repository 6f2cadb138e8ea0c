import pLimit from 'p-limit';

/**
 * Bounded waiting for scarce work (docs/decisions/010-abuse-limits.md "Password checks"): at most `concurrency` runs at
 * once and the others wait their turn, but a caller who would wait longer than `maxWaitMs` is refused at once with the
 * time the work already queued needs, instead of a request left hanging until the server's timeout cuts it.
 *
 * The wait is estimated from the queue's length and the mean time of the recent runs (starting from `initialCostMs`).
 */
export interface WorkGate {
  /** Runs `work` in its turn, or throws `busy(retryAfterSeconds)` without running it. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorkGate(options: {
  concurrency: number;
  maxWaitMs: number;
  initialCostMs: number;
  busy: (retryAfterSeconds: number) => Error;
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number;
}): WorkGate {
  const limit = pLimit(options.concurrency);
  const now = options.now ?? (() => performance.now());
  let meanMs = options.initialCostMs;
  return {
    run(work) {
      // Whole rounds of work ahead of this one before it starts: none while a slot is free.
      const waitMs = Math.floor((limit.activeCount + limit.pendingCount) / options.concurrency) * meanMs;
      if (waitMs > options.maxWaitMs) return Promise.reject(options.busy(Math.max(1, Math.ceil(waitMs / 1000))));
      return limit(async () => {
        const started = now();
        try {
          return await work();
        } finally {
          meanMs = 0.8 * meanMs + 0.2 * (now() - started);
        }
      });
    },
  };
}
