import { AppError } from '../../lib/app-error.js';

/**
 * Live streams each hold a connection and receive every event: a handful per player and per address (issue #17.3,
 * docs/decisions/010-abuse-limits.md). A browser opens one per tab.
 */
export const MAX_STREAMS_PER_USER = 4;
export const MAX_STREAMS_PER_ADDRESS = 20;

/** Counts open streams per key; `open` refuses with 429 over the bound and returns the function that closes the slot. */
export function createStreamCounter() {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    open(userId: string, address: string): () => void {
      if ((byUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER || (byAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) {
        throw new AppError('RATE_LIMITED', 429, 'Too many live streams open; close a tab.', 30);
      }
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        add(byUser, userId, -1);
        add(byAddress, address, -1);
      };
    },
  };
}

/**
 * Leaderboard changes carry no data (clients refetch), so a burst is sent as at most two frames per window: the first at
 * once, the rest merged into one at the window's end. Solves are not merged (each is shown).
 */
export function createCoalescer<Frame>(windowMs: number, send: (frame: Frame) => void) {
  let timer: NodeJS.Timeout | undefined;
  let pending: Frame | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === undefined) return;
    const frame = pending;
    pending = undefined;
    send(frame);
    timer = setTimeout(flush, windowMs);
  };
  return {
    push(frame: Frame) {
      if (timer) {
        pending = frame;
        return;
      }
      send(frame);
      timer = setTimeout(flush, windowMs);
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
