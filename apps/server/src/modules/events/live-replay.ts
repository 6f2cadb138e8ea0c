/**
 * The live events of the last minute, kept so that a stream opening after a page's first reads is sent what it missed
 * since then, instead of the page reading everything again (docs/product.md#live-updates; docs/performance.md
 * "Lighthouse"). Each flush of the stream's outbox is one entry, stamped with a time that only grows: the `id:` the
 * browser sends back as `Last-Event-ID` when it reconnects by itself.
 */

/** How far back a stream can ask. */
const REPLAY_MS = 60_000;
/** Flushes kept at most, whatever their age (each may hold many events): a burst keeps a bounded memory. */
const MAX_ENTRIES = 2_000;

interface Entry<T> {
  at: number;
  items: readonly T[];
}

export interface LiveReplay<T> {
  /** Keeps a flush's items; returns the time it is stamped with. */
  record(items: readonly T[]): number;
  /**
   * The items flushed after `since` (a time of this clock, or of another instance's, as close as the servers' clocks),
   * or undefined when they are not all kept (too old, before this process started, or no time given): the client must
   * then read everything again.
   */
  since(since: number | undefined): { items: T[]; at: number } | undefined;
}

export function createLiveReplay<T>(now: () => number = Date.now): LiveReplay<T> {
  const entries: Entry<T>[] = [];
  /** Nothing at or before this time can be replayed: the process's start, then the latest entry dropped. */
  let horizon = now();
  let lastAt = horizon;
  const drop = () => {
    horizon = entries.shift()!.at;
  };
  return {
    record(items) {
      lastAt = Math.max(now(), lastAt + 1);
      entries.push({ at: lastAt, items });
      while (entries.length > MAX_ENTRIES || entries[0]!.at < lastAt - REPLAY_MS) drop();
      return lastAt;
    },
    since(since) {
      if (since === undefined || !Number.isFinite(since)) return undefined;
      while (entries.length > 0 && entries[0]!.at < now() - REPLAY_MS) drop();
      if (since < horizon) return undefined;
      const missed = entries.filter((entry) => entry.at > since);
      return { items: missed.flatMap((entry) => entry.items), at: missed.at(-1)?.at ?? since };
    },
  };
}
