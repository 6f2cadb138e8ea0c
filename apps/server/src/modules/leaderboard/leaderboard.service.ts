import {
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardPage,
  type LeaderboardQuery,
  type PlatformSettings,
  type PublicUser,
  type Scoring,
} from '@drapeau/shared';

import { PrecompressedBody } from '../../lib/precompressed-body.js';
import type { EventBus, ServerEventMessage } from '../events/event-bus.js';

import { buildCtftimeFeed, type FeedTask } from './ctftime-feed.js';
import { buildFrozenStandings, countByChallenge, type CostedSolve, ownScoreAt, valuedAtFreeze } from './frozen-standings.js';
import type { LeaderboardRepository } from './leaderboard.repository.js';
import { createView, type View } from './leaderboard-view.js';
import { type Ranked, rankPlayers, rankTeams } from './ranked-rows.js';
import { type Standing, toEntry } from './standings.js';
import { ownTeamViewAt, type TeamView, teamViewOf } from './team-view.js';

export interface LeaderboardServiceDeps {
  repository: LeaderboardRepository;
  events: EventBus;
  /** The platform settings: admins are ranked unless `hideAdminsFromLeaderboard` (docs/decisions/008-platform-settings.md). */
  settings: { get(): PlatformSettings; subscribe(listener: () => void): () => void };
  /** The challenges the CTFtime feed names (listed ones; none before an event starts). */
  listFeedTasks?: () => Promise<FeedTask[]>;
  /** What else the feed depends on besides bus events (the event's phase, which moves with the clock). */
  feedScope?: () => string;
  /** Each challenge's scoring, to value the solves at the freeze (docs/product.md#freeze). */
  listScorings?: () => Promise<ReadonlyMap<string, Scoring>>;
}

/**
 * Standings live in memory (docs/architecture.md#leaderboard-in-memory): rebuilt by one query after a change announced on the
 * event bus, and the bytes of each unfiltered page are serialized once per change. A leaderboard read costs no query.
 * During a freeze a second set, the standings at the freeze (docs/product.md#freeze), sits beside the live one: it is built
 * once from the solves made up to the freeze, and a later solve leaves it as it is.
 */
export function createLeaderboardService(deps: LeaderboardServiceDeps) {
  const { repository, events, settings } = deps;

  /** In team mode the leaderboard ranks teams (docs/product.md#teams): a standing's uid is the team's id. */
  const isTeamMode = (): boolean => settings.get().teams.enabled;
  const loadLive = async (): Promise<Ranked[]> => {
    if (isTeamMode()) return rankTeams(await repository.listTeamStandings());
    const { hideAdminsFromLeaderboard } = settings.get();
    return rankPlayers(await repository.listStandings({ includeAdmins: !hideAdminsFromLeaderboard }));
  };
  const scorings = async () => (await deps.listScorings?.()) ?? new Map<string, Scoring>();
  /** The first-blood bonus now: a change applies at once, to the frozen views too (docs/product.md#first-blood). */
  const bonus = () => settings.get().event.firstBloodBonus;

  const liveSolves = async (): Promise<CostedSolve[]> =>
    // Live views use the stored points (first-blood bonus included); costs and first bloods matter only at the freeze.
    (await repository.listSolves()).map((solve) => ({ ...solve, hintCosts: 0, firstBlood: false }));
  let live: View = createView(loadLive, liveSolves);
  let frozen: { at: number; view: View } | undefined;
  const viewAt = (frozenAt: Date | null): View => {
    if (frozenAt === null) return live;
    if (frozen?.at !== frozenAt.getTime()) {
      const solves = () => repository.listCostedSolves({ until: frozenAt });
      const view = createView(
        async () =>
          buildFrozenStandings((await live.load()) as Ranked[], await view.solves(), await scorings(), frozenAt, bonus()),
        solves,
      );
      frozen = { at: frozenAt.getTime(), view };
    }
    return frozen.view;
  };

  /** A solve after the freeze time leaves the frozen standings as they are; anything else may change them. */
  const touchesFrozen = (message: ServerEventMessage): boolean => {
    if (frozen === undefined) return false;
    if (message.type === 'solve') return Date.parse((message.data as { solvedAt: string }).solvedAt) <= frozen.at;
    if (message.type === 'leaderboard') return (message.data as { reason: string }).reason !== 'solve';
    return true;
  };
  const invalidate = () => {
    live = createView(loadLive, liveSolves);
    frozen = undefined;
  };
  const unsubscribeEvents = events.subscribe((message) => {
    live = createView(loadLive, liveSolves);
    if (touchesFrozen(message)) frozen = undefined;
  });
  const unsubscribeSettings = settings.subscribe(invalidate);

  const pageOf = (all: Standing[], view: View, query: LeaderboardQuery, isAdmin: boolean): LeaderboardPage => {
    const start = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
    const end = start + LEADERBOARD_PAGE_SIZE;
    const entries = [];
    let total = all.length;
    if (!query.search) {
      for (let i = start; i < Math.min(end, all.length); i += 1) entries.push(toEntry(all[i]!, i + 1));
    } else {
      // One native scan of the index, then one pass over the marks: no allocation per standing.
      const marks = view.searchIndexOf(all).find(query.search, isAdmin);
      total = 0;
      for (let i = 0; i < marks.length; i += 1) {
        if (marks[i] === 0) continue;
        if (total >= start && total < end) entries.push(toEntry(all[i]!, i + 1));
        total += 1;
      }
    }
    return { entries, total, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE, ...(isTeamMode() ? { isTeams: true } : {}) };
  };

  const service = {
    async getPage(query: LeaderboardQuery, isAdmin: boolean, frozenAt: Date | null = null): Promise<LeaderboardPage> {
      const view = viewAt(frozenAt);
      return pageOf(await view.load(), view, query, isAdmin);
    },

    /** The JSON body of an unfiltered page, serialized (and compressed) once per change. */
    async getPageBody(page: number, frozenAt: Date | null = null): Promise<PrecompressedBody> {
      const view = viewAt(frozenAt);
      const cached = view.pageBytes.get(page);
      if (cached !== undefined) return cached;
      const body = PrecompressedBody.ofJson(pageOf(await view.load(), view, { page }, false));
      view.pageBytes.set(page, body);
      return body;
    },

    /**
     * The JSON body of a search's page: the same answer as getPage, remembered until the standings change (players
     * repeat searches: their own name, their rivals'). Admins' and players' answers are kept apart.
     */
    async getSearchBody(
      query: LeaderboardQuery & { search: string },
      isAdmin: boolean,
      frozenAt: Date | null = null,
    ): Promise<PrecompressedBody> {
      const view = viewAt(frozenAt);
      const key = `${isAdmin ? 'a' : 'p'}${query.page}|${query.search}`;
      const cached = view.searchBytes.get(key);
      if (cached !== undefined) return cached;
      const body = PrecompressedBody.ofJson(pageOf(await view.load(), view, query, isAdmin));
      view.rememberSearch(key, body);
      return body;
    },

    /** GET /api/scoreboard/ctftime: built once per change of the standings (and per event phase), not per request. */
    getCtftimeBody(frozenAt: Date | null = null): Promise<PrecompressedBody> {
      const view = viewAt(frozenAt);
      const scope = deps.feedScope?.() ?? '';
      let bytes = view.feedBytes.get(scope);
      if (!bytes) {
        bytes = (async () => {
          const [ranked, tasks, solves] = [await view.load(), (await deps.listFeedTasks?.()) ?? [], await view.solves()];
          const feedSolves =
            frozenAt === null ? solves : valuedAtFreeze(solves, await scorings(), countByChallenge(solves), frozenAt, bonus());
          return PrecompressedBody.ofJson(buildCtftimeFeed(ranked, tasks, feedSolves));
        })();
        view.feedBytes.set(scope, bytes);
        const pending = bytes;
        pending.catch(() => view.feedBytes.delete(scope));
      }
      return bytes;
    },

    /** Every ranked standing, in leaderboard order (the score graph's top: docs/product.md#score-graph). */
    listStandings: (): Promise<readonly Standing[]> => viewAt(null).load(),
    /** Every ranked standing as seen at this cut (null: live), in leaderboard order (the class boards). */
    listStandingsAt: (frozenAt: Date | null): Promise<readonly Standing[]> => viewAt(frozenAt).load(),

    /**
     * The frozen standings players see (docs/product.md#freeze) and the solves they are made of, each valued at the
     * freeze: the frozen score graph draws its top from these, so that it and the frozen leaderboard are one computation.
     */
    async getFrozenStandings(frozenAt: Date): Promise<{ standings: readonly Standing[]; solves: CostedSolve[] }> {
      const view = viewAt(frozenAt);
      const [standings, solves] = [await view.load(), await view.solves()];
      return { standings, solves: valuedAtFreeze(solves, await scorings(), countByChallenge(solves), frozenAt, bonus()) };
    },

    /**
     * Another player's profile during a freeze (docs/product.md#freeze): the score, solves and badges they had at the
     * freeze; undefined when they are not ranked (then their profile shows what the users table says).
     */
    async getFrozenProfile(
      userId: string,
      frozenAt: Date,
    ): Promise<{ score: number; solvedChallenges: string[]; badges: string[] } | undefined> {
      const view = viewAt(frozenAt);
      const standing = (await view.load()).find((s) => s.uid === userId);
      const solves = (await view.solves()).filter((s) => s.userId === userId);
      return {
        score:
          standing?.score ?? ownScoreAt(solves, countByChallenge(await view.solves()), await scorings(), frozenAt, 0, bonus()),
        solvedChallenges: solves.map((s) => s.challengeId),
        badges: await repository.listBadgesUntil(userId, frozenAt),
      };
    },

    /** A player's own score as they see it during a freeze (their later solves at the values they see). */
    async getOwnScore(userId: string, frozenAt: Date, adjustment?: number): Promise<number> {
      const frozenSolves = await viewAt(frozenAt).solves();
      const own = await repository.listCostedSolves({ userId });
      const adjusted = adjustment ?? (await repository.findScoreAdjustment(userId));
      return ownScoreAt(own, countByChallenge(frozenSolves), await scorings(), frozenAt, adjusted, bonus());
    },

    /** What a player's solve gives as they see it during a freeze, and their score so (the answer to their flag). */
    async getOwnSolveView(userId: string, challengeId: string, frozenAt: Date): Promise<{ points: number; score: number }> {
      const counts = countByChallenge(await viewAt(frozenAt).solves());
      const own = await repository.listCostedSolves({ userId });
      const solve = own.find((s) => s.challengeId === challengeId);
      const scoringOf = await scorings();
      const adjustment = await repository.findScoreAdjustment(userId);
      return {
        points: solve ? ownScoreAt([solve], counts, scoringOf, frozenAt, 0, bonus()) : 0,
        score: ownScoreAt(own, counts, scoringOf, frozenAt, adjustment, bonus()),
      };
    },

    /** The signed-in player's own user shape as they see it: during a freeze, their score and after-freeze solves so. */
    async getOwnView(user: PublicUser, frozenAt: Date | null, adjustment: number): Promise<PublicUser> {
      if (frozenAt === null) return user;
      return {
        ...user,
        score: await service.getOwnScore(user.uid, frozenAt, adjustment),
        solvedAfterFreeze: await service.listSolvedAfter(user.uid, frozenAt),
      };
    },

    /** The challenges a player solved after the freeze (marked so on their own profile). */
    async listSolvedAfter(userId: string, frozenAt: Date): Promise<string[]> {
      const own = await repository.listCostedSolves({ userId });
      return own.filter((s) => s.solvedAt.getTime() > frozenAt.getTime()).map((s) => s.challengeId);
    },

    /**
     * A team's page (docs/product.md#teams): live; during a freeze another team as it stood at the freeze, and the
     * viewer's own team with its later solves at the values its members see (docs/product.md#freeze).
     */
    async getTeamView(teamId: string, frozenAt: Date | null, isOwnTeam: boolean): Promise<TeamView> {
      const live = (await viewAt(null).load()) as Ranked[];
      if (frozenAt === null)
        return teamViewOf(
          live.find((s) => s.uid === teamId),
          (await viewAt(null).solves()).filter((s) => s.standingId === teamId),
        );
      const view = viewAt(frozenAt);
      const frozenSolves = await view.solves();
      if (!isOwnTeam) {
        const counts = countByChallenge(frozenSolves);
        const own = frozenSolves.filter((s) => s.standingId === teamId);
        return teamViewOf(
          (await view.load()).find((s) => s.uid === teamId),
          valuedAtFreeze(own, await scorings(), counts, frozenAt, bonus()),
        );
      }
      const adjustment = live.find((s) => s.uid === teamId)?.adjustment ?? 0;
      const teamSolves = await repository.listCostedSolves({ teamId });
      return ownTeamViewAt(teamSolves, countByChallenge(frozenSolves), await scorings(), frozenAt, adjustment, bonus());
    },

    /** A solve as announced live: in team mode with its team's name (a first blood names the team, docs/product.md#first-blood). */
    async withTeamName<T extends { teamId?: string }>(solve: T): Promise<T & { teamName?: string }> {
      if (solve.teamId === undefined) return solve;
      const teamName = await repository.findTeamName(solve.teamId).catch(() => undefined);
      return teamName === undefined ? solve : { ...solve, teamName };
    },

    close: () => {
      unsubscribeEvents();
      unsubscribeSettings();
    },
  };
  return service;
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
