/**
 * Bounded waiting for scarce work (docs/decisions/010-abuse-limits.md "Password checks"): at most `concurrency` runs at
 * once and the others wait their turn, but a caller who would wait longer than `maxWaitMs` is refused at once with the
 * time the work already queued needs, instead of a request left hanging until the server's timeout cuts it.
 *
 * The wait is estimated from the queue's length and the mean time of the recent runs (starting from `initialCostMs`).
 * An estimate can be wrong (the runs slow down once the machine is loaded, after the queue was accepted): so a caller
 * still waiting `maxWaitMs` after it was queued is refused then, and leaves the queue without running. No caller waits
 * for its turn longer than `maxWaitMs`, whatever the runs cost.
 */
export interface WorkGate {
  /** Runs `work` in its turn, or throws `busy(retryAfterSeconds)` without running it. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Throws what `run` would throw at once, now: a caller whose work comes after other steps (reading the account
   * before checking its password) is refused before doing them.
   */
  admit(): void;
}

export function createWorkGate(options: {
  concurrency: number;
  maxWaitMs: number;
  initialCostMs: number;
  busy: (retryAfterSeconds: number) => Error;
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number;
}): WorkGate {
  const now = options.now ?? (() => performance.now());
  let meanMs = options.initialCostMs;
  let running = 0;
  /** The callers waiting, first come first: each one's function hands it a slot. */
  const waiting = new Set<() => void>();
  // Whole rounds of work ahead of a newcomer before it starts: none while a slot is free.
  const waitMs = () => Math.floor((running + waiting.size) / options.concurrency) * meanMs;
  const busy = () => options.busy(Math.max(1, Math.ceil(waitMs() / 1000)));

  /** A slot: at once when one is free and nobody waits, else in turn, or refused after `maxWaitMs` in the queue. */
  const acquire = (): Promise<void> => {
    if (running < options.concurrency && waiting.size === 0) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(deadline);
        waiting.delete(grant);
        running += 1;
        resolve();
      };
      const deadline = setTimeout(() => {
        waiting.delete(grant);
        reject(busy());
      }, options.maxWaitMs);
      waiting.add(grant);
    });
  };
  const release = () => {
    running -= 1;
    const [next] = waiting;
    next?.();
  };

  const admit = () => {
    if (waitMs() > options.maxWaitMs) throw busy();
  };

  return {
    admit,
    async run(work) {
      admit();
      await acquire();
      const started = now();
      try {
        return await work();
      } finally {
        meanMs = 0.8 * meanMs + 0.2 * (now() - started);
        release();
      }
    },
  };
}
