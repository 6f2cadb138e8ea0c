import { LEADERBOARD_PAGE_SIZE, type LeaderboardPage, type LeaderboardQuery } from '@drapeau/shared';

import type { EventBus } from '../events/event-bus.js';
import { avatarUrlOf } from '../users/avatar-url.js';
import { toRole } from '../users/users.service.js';

import type { LeaderboardRepository } from './leaderboard.repository.js';
import { matchesSearch, rankStandings, type Standing, toEntry } from './standings.js';

/**
 * Standings live in memory (DESIGN.md "hot reads"): rebuilt by one query after a change announced on the event bus,
 * and the bytes of each unfiltered page are serialized once per change. A leaderboard read costs no query.
 */
export function createLeaderboardService(deps: { repository: LeaderboardRepository; events: EventBus }) {
  const { repository, events } = deps;
  let standings: Promise<Standing[]> | undefined;
  let pageBytes = new Map<number, string>();

  const invalidate = () => {
    standings = undefined;
    pageBytes = new Map();
  };
  const unsubscribe = events.subscribe(invalidate);

  const load = (): Promise<Standing[]> => {
    if (!standings) {
      const pending = repository.listStandings().then((rows) =>
        rankStandings(
          rows.map((row) => ({
            uid: row.id,
            username: row.username,
            usernameLower: row.username.toLowerCase(),
            emailLower: row.email.toLowerCase(),
            avatarUrl: avatarUrlOf(row.id, row.avatarPath),
            rank: toRole(row.role),
            score: row.score,
            reachedAt: row.scoreUpdatedAt.getTime(),
            solvedCount: row.solvedCount,
          })),
        ),
      );
      standings = pending;
      pending.catch(() => {
        if (standings === pending) standings = undefined;
      });
    }
    return standings;
  };

  const service = {
    async getPage(query: LeaderboardQuery, isAdmin: boolean): Promise<LeaderboardPage> {
      const all = await load();
      const positioned = all.map((s, i) => ({ s, position: i + 1 }));
      const matching = query.search ? positioned.filter(({ s }) => matchesSearch(s, query.search ?? '', isAdmin)) : positioned;
      const start = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
      return {
        entries: matching.slice(start, start + LEADERBOARD_PAGE_SIZE).map(({ s, position }) => toEntry(s, position)),
        total: matching.length,
        page: query.page,
        pageSize: LEADERBOARD_PAGE_SIZE,
      };
    },

    /** The JSON of an unfiltered page, serialized once per change. */
    async getPageBytes(page: number): Promise<string> {
      const cached = pageBytes.get(page);
      if (cached !== undefined) return cached;
      const current = pageBytes;
      const bytes = JSON.stringify(await service.getPage({ page }, false));
      if (current === pageBytes) pageBytes.set(page, bytes);
      return bytes;
    },

    /** Forces a rebuild (e.g. after a change made outside the event bus). */
    invalidate,
    close: unsubscribe,
  };
  return service;
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
