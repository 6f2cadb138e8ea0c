/**
 * Groups the work of one key: items submitted while a batch of that key runs wait, then run together as the next batch
 * (at most `maxBatch` items); batches of other keys run alongside. Correct flags use it, one key per challenge
 * (docs/performance.md "Burst of correct flags"): a batch commits its solves in one transaction, with one statement per
 * step (and for a dynamic challenge one rescoring), and the solves waiting for it wait here rather than each holding a
 * database connection (a burst of them once took the whole pool). Wrong attempts use it too, one key for all: one
 * insert per batch.
 *
 * `run` answers one result per item, in order. A batch that fails is run again item by item (its transaction changed
 * nothing), so that one item's error is its own and the others still go through; `onBatchFailed` is told, since a burst
 * whose batches keep failing runs one item at a time (the caller logs and counts it).
 */
export interface KeyedBatches<I, O> {
  submit(key: string, item: I): Promise<O>;
  /** Keys with a batch running or waiting. */
  readonly size: number;
  /** Items waiting for their batch to start (not counting the batches running). */
  readonly waiting: number;
}

/** Rounds of `settle` before a batch at most, however long others keep the database busy. */
const MAX_SETTLE_ROUNDS = 20;

/**
 * Until the database had nothing queued (each of the requests on their way has gone through its reads, or is waiting
 * in `queue`) and the queue stopped growing; one turn of the event loop first in each round, so that the batches of
 * reads of those requests (sessions, progress) are queued.
 */
async function settled(queue: readonly unknown[], settle: () => Promise<boolean>): Promise<void> {
  for (let round = 0, before = queue.length; round < MAX_SETTLE_ROUNDS; round++) {
    await nextTurn();
    const busy = await settle();
    const grew = queue.length > before;
    before = queue.length;
    if (!busy && !grew) return;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createKeyedBatches<I, O>(
  run: (key: string, items: readonly I[]) => Promise<readonly O[]>,
  maxBatch = 100,
  hooks: {
    onBatchFailed?: (key: string, size: number, error: unknown) => void;
    /**
     * Waits for the work queued before it to run, and tells whether there was any (on PGlite, the statements of the
     * requests on their way to this queue: see drain). Omitted where those run alongside the batch (a pool).
     */
    settle?: () => Promise<boolean>;
  } = {},
): KeyedBatches<I, O> {
  interface Waiting {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function runOne(key: string, waiting: Waiting): Promise<void> {
    try {
      const [result] = await run(key, [waiting.item]);
      waiting.resolve(result!);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      // Let the requests already received (sockets ready to read) reach the queue first: with PGlite, which runs in this
      // thread, nothing else would arrive while a batch runs, and every batch would hold one item.
      await nextTurn();
      // On PGlite, which runs one statement at a time in this thread, a request that reads its session or progress
      // before submitting waits behind the batch before it: it would come too late for this batch, and a burst of
      // flags that each need a few reads would go one at a time behind batches of one (a dynamic challenge's batch takes
      // half a second). So the statements queued meanwhile run first, as long as there are any or the queue grows.
      if (hooks.settle) await settled(queue, hooks.settle);
      const batch = queue.splice(0, maxBatch);
      if (batch.length === 1) {
        await runOne(key, batch[0]!);
        continue;
      }
      let results: readonly O[];
      try {
        results = await run(
          key,
          batch.map((waiting) => waiting.item),
        );
      } catch (error) {
        hooks.onBatchFailed?.(key, batch.length, error);
        for (const waiting of batch) await runOne(key, waiting);
        continue;
      }
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    }
    queues.delete(key);
  }

  return {
    submit(key: string, item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        const fresh = [{ item, resolve, reject }];
        queues.set(key, fresh);
        void drain(key, fresh);
      });
    },
    get size() {
      return queues.size;
    },
    get waiting() {
      let count = 0;
      for (const queue of queues.values()) count += queue.length;
      return count;
    },
  };
}
