import { describe, expect, it } from 'vitest';

import { createLiveReplay } from './live-replay.js';

describe('the live replay', () => {
  it('replays what came after a time, stamps flushes with times that only grow, and forgets past a minute', () => {
    let now = 1_000_000;
    const replay = createLiveReplay<string>(() => now);
    expect(replay.since(now - 1)).toBeUndefined(); // before it started: not kept
    expect(replay.since(undefined)).toBeUndefined();
    const first = replay.record(['a']);
    const second = replay.record(['b', 'c']); // the same millisecond
    expect(second).toBeGreaterThan(first);
    expect(replay.since(first)).toEqual({ items: ['b', 'c'], at: second });
    expect(replay.since(second)).toEqual({ items: [], at: second });
    now += 61_000;
    expect(replay.since(second)).toEqual({ items: [], at: second });
    expect(replay.since(first)).toBeUndefined(); // `b` and `c` were dropped: what came after `first` is not all kept
  });

  it('keeps a bounded number of flushes in a burst, and says what it no longer has', () => {
    const now = 5_000_000;
    const replay = createLiveReplay<number>(() => now);
    const stamps = Array.from({ length: 3_000 }, (_, i) => replay.record([i]));
    expect(replay.since(stamps[0])).toBeUndefined();
    expect(replay.since(stamps[2_000])!.items).toHaveLength(999);
  });
});
