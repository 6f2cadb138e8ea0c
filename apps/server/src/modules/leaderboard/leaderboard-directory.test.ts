import { describe, expect, it } from 'vitest';

import type { PlatformSettings } from '@drapeau/shared';

import { createMemoryEventBus } from '../events/event-bus.js';
import type { LedgerStanding } from '../scoring/ledger.js';

import type { LeaderboardRepository, PlayerRow } from './leaderboard.repository.js';
import { createLeaderboardService } from './leaderboard.service.js';

const player = (id: string, username: string, extra: Partial<PlayerRow> = {}): PlayerRow => ({
  id,
  username,
  email: `${username}@example.com`,
  avatarPath: null,
  role: 'user',
  banned: false,
  createdAt: new Date(Date.UTC(2026, 0, 1)),
  ...extra,
});
const standing = (id: string, score: number): LedgerStanding => ({
  id,
  score,
  solvedCount: 1,
  reachedAt: Date.UTC(2026, 0, 2, 0, 0, score),
  lastSolveAt: null,
});

/**
 * docs/architecture.md#leaderboard-in-memory: the board's names are read once and kept while only numbers change, so that
 * a solve at an event's start re-ranks the board without reading every player again.
 */
function setUp(rows: PlayerRow[]) {
  const events = createMemoryEventBus();
  let numbers = new Map<string, LedgerStanding>();
  let reads = 0;
  const repository = {
    listPlayers: async () => {
      reads += 1;
      return rows.map((row) => ({ ...row }));
    },
  } as unknown as LeaderboardRepository;
  const service = createLeaderboardService({
    repository,
    events,
    scoring: {
      liveStandings: async () => numbers,
      standingsIn: async () => numbers,
      valuedSolves: async () => [],
      ownSolvesAt: async () => [],
      ownScoreAt: async () => 0,
      subscribe: () => () => {},
    },
    settings: {
      get: () => ({ teams: { enabled: false }, rankStaff: false }) as unknown as PlatformSettings,
      subscribe: () => () => {},
    },
  });
  const board = async () => (await service.getPage({ page: 1 }, true)).entries.map((entry) => `${entry.username}:${entry.score}`);
  return {
    events,
    board,
    reads: () => reads,
    setNumbers: (next: LedgerStanding[]) => (numbers = new Map(next.map((s) => [s.id, s]))),
  };
}

describe('the leaderboard directory', () => {
  it('ranks a solve with the names it already read', async () => {
    const { events, board, reads, setNumbers } = setUp([player('u1', 'alice'), player('u2', 'bob')]);
    setNumbers([standing('u1', 100)]);
    expect(await board()).toEqual(['alice:100', 'bob:0']);
    setNumbers([standing('u1', 100), standing('u2', 300)]);
    events.publish('leaderboard', { reason: 'solve' });
    expect(await board()).toEqual(['bob:300', 'alice:100']);
    expect(reads()).toBe(1);
  });

  it('reads the names again after a change of name, and sees a new player the bus did not announce', async () => {
    const rows = [player('u1', 'alice'), player('u2', 'bob')];
    const { events, board, reads, setNumbers } = setUp(rows);
    setNumbers([standing('u1', 100)]);
    expect(await board()).toEqual(['alice:100', 'bob:0']);
    rows[1] = player('u2', 'robert');
    events.publish('leaderboard', { reason: 'user-updated' });
    expect(await board()).toEqual(['alice:100', 'robert:0']);
    expect(reads()).toBe(2);
    // A sign-up whose message was lost (another instance's, during a reconnection): its first solve names it.
    rows.push(player('u3', 'carol'));
    setNumbers([standing('u1', 100), standing('u3', 200)]);
    events.publish('leaderboard', { reason: 'solve' });
    expect(await board()).toEqual(['carol:200', 'alice:100', 'robert:0']);
  });

  it('leaves out banned players and staff, whom the ledger still numbers, without reading again', async () => {
    const { events, board, reads, setNumbers } = setUp([
      player('u1', 'alice'),
      player('u2', 'mallory', { banned: true }),
      player('u3', 'teacher', { role: 'teacher' }),
    ]);
    setNumbers([standing('u1', 100), standing('u2', 500), standing('u3', 300)]);
    expect(await board()).toEqual(['alice:100']);
    setNumbers([standing('u1', 150), standing('u2', 500), standing('u3', 300)]);
    events.publish('leaderboard', { reason: 'solve' });
    expect(await board()).toEqual(['alice:150']);
    expect(reads()).toBe(1);
  });
});
