import { LEADERBOARD_PAGE_SIZE, type LeaderboardPage, type LeaderboardQuery, type PlatformSettings } from '@drapeau/shared';

import type { EventBus } from '../events/event-bus.js';
import { avatarUrlOf } from '../users/avatar-url.js';
import { toRole } from '../users/users.service.js';

import { buildCtftimeFeed, type FeedTask } from './ctftime-feed.js';
import type { LeaderboardRepository } from './leaderboard.repository.js';
import { createSearchIndex, type SearchIndex } from './search-index.js';
import { rankStandings, type Standing, toEntry } from './standings.js';

export interface LeaderboardServiceDeps {
  repository: LeaderboardRepository;
  events: EventBus;
  /** The platform settings: admins are ranked unless `hideAdminsFromLeaderboard` (docs/decisions/008-platform-settings.md). */
  settings: { get(): PlatformSettings; subscribe(listener: () => void): () => void };
  /** The challenges the CTFtime feed names (listed ones; none before an event starts). */
  listFeedTasks?: () => Promise<FeedTask[]>;
  /** What else the feed depends on besides bus events (the event's phase, which moves with the clock). */
  feedScope?: () => string;
}

/**
 * Standings live in memory (docs/architecture.md#leaderboard-in-memory): rebuilt by one query after a change announced on the
 * event bus, and the bytes of each unfiltered page are serialized once per change. A leaderboard read costs no query.
 */
/** At most this many bytes of remembered search answers per instance; past it, the memory starts again. */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;

export function createLeaderboardService(deps: LeaderboardServiceDeps) {
  const { repository, events, settings } = deps;
  let standings: Promise<Standing[]> | undefined;
  let pageBytes = new Map<number, Buffer>();
  /** Answers to searches, serialized once per change of the standings (bounded by SEARCH_CACHE_BYTES). */
  let searchBytes = new Map<string, Buffer>();
  let searchBytesSize = 0;
  /** The CTFtime feed's bytes, per scope, rebuilt after a change like the pages (docs/product.md#ctftime-feed). */
  let feedBytes = new Map<string, Promise<Buffer>>();

  const invalidate = () => {
    feedBytes = new Map();
    standings = undefined;
    pageBytes = new Map();
    searchBytes = new Map();
    searchBytesSize = 0;
  };
  const unsubscribeEvents = events.subscribe(invalidate);
  const unsubscribeSettings = settings.subscribe(invalidate);
  /** The search index of each standings array, built on the first search after a change. */
  const indexes = new WeakMap<Standing[], SearchIndex>();
  const searchIndexOf = (all: Standing[]): SearchIndex => {
    let index = indexes.get(all);
    if (!index) indexes.set(all, (index = createSearchIndex(all)));
    return index;
  };

  const load = (): Promise<Standing[]> => {
    if (!standings) {
      const { hideAdminsFromLeaderboard } = settings.get();
      const pending = repository.listStandings({ includeAdmins: !hideAdminsFromLeaderboard }).then((rows) =>
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
      const start = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
      const end = start + LEADERBOARD_PAGE_SIZE;
      const entries = [];
      let total = all.length;
      if (!query.search) {
        for (let i = start; i < Math.min(end, all.length); i += 1) entries.push(toEntry(all[i]!, i + 1));
      } else {
        // One native scan of the index, then one pass over the marks: no allocation per standing.
        const marks = searchIndexOf(all).find(query.search, isAdmin);
        total = 0;
        for (let i = 0; i < marks.length; i += 1) {
          if (marks[i] === 0) continue;
          if (total >= start && total < end) entries.push(toEntry(all[i]!, i + 1));
          total += 1;
        }
      }
      return { entries, total, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE };
    },

    /** The JSON bytes of an unfiltered page, serialized and encoded once per change. */
    async getPageBytes(page: number): Promise<Buffer> {
      const cached = pageBytes.get(page);
      if (cached !== undefined) return cached;
      const current = pageBytes;
      const bytes = Buffer.from(JSON.stringify(await service.getPage({ page }, false)));
      if (current === pageBytes) pageBytes.set(page, bytes);
      return bytes;
    },

    /**
     * The JSON bytes of a search's page: the same answer as getPage, remembered until the standings change (players
     * repeat searches: their own name, their rivals'). Admins' and players' answers are kept apart.
     */
    async getSearchBytes(query: LeaderboardQuery & { search: string }, isAdmin: boolean): Promise<Buffer> {
      const key = `${isAdmin ? 'a' : 'p'}${query.page}|${query.search}`;
      const cached = searchBytes.get(key);
      if (cached !== undefined) return cached;
      const current = searchBytes;
      const bytes = Buffer.from(JSON.stringify(await service.getPage(query, isAdmin)));
      if (current === searchBytes) {
        if (searchBytesSize + bytes.length > SEARCH_CACHE_BYTES) {
          searchBytes.clear();
          searchBytesSize = 0;
        }
        searchBytes.set(key, bytes);
        searchBytesSize += bytes.length + key.length;
      }
      return bytes;
    },

    /** GET /api/scoreboard/ctftime: built once per change of the standings (and per event phase), not per request. */
    getCtftimeBytes(): Promise<Buffer> {
      const scope = deps.feedScope?.() ?? '';
      const current = feedBytes;
      let bytes = current.get(scope);
      if (!bytes) {
        bytes = (async () => {
          const [ranked, tasks, solves] = [await load(), (await deps.listFeedTasks?.()) ?? [], await repository.listSolves()];
          return Buffer.from(JSON.stringify(buildCtftimeFeed(ranked, tasks, solves)));
        })();
        current.set(scope, bytes);
        bytes.catch(() => current.delete(scope));
      }
      return bytes;
    },

    /** Forces a rebuild (e.g. after a change made outside the event bus). */
    invalidate,
    close: () => {
      unsubscribeEvents();
      unsubscribeSettings();
    },
  };
  return service;
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
