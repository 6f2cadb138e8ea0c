import type { Clock } from '../src/lib/clock.js';

/** A clock that moves only when a test says so (no waiting for real time). */
export function createManualClock(start = new Date('2026-01-05T10:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}
