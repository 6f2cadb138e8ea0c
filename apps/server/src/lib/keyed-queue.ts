/**
 * Runs the tasks of one key one after another in this process; tasks of other keys run alongside. Solves of a dynamic
 * challenge use it (docs/performance.md "Dynamic scoring figure"): they are serialized by the challenge's row lock
 * anyway, and a transaction waiting for that lock holds a database connection, so without this queue a burst of them
 * took the whole pool and every other request (a sign-in) waited for them.
 */
export interface KeyedQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Keys with a task running or waiting. */
  readonly size: number;
}

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    get size() {
      return tails.size;
    },
  };
}
