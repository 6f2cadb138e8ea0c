import { LEADERBOARD_PAGE_SIZE, type LeaderboardPage, type LeaderboardQuery, type PlatformSettings } from '@drapeau/shared';

import { PrecompressedBody } from '../../lib/precompressed-body.js';
import type { EventBus, ServerEventMessage } from '../events/event-bus.js';
import type { LedgerStanding, LedgerWindow, ValuedSolve } from '../scoring/ledger.js';
import type { ScoringService } from '../scoring/scoring.service.js';

import { buildCtftimeFeed, type FeedTask } from './ctftime-feed.js';
import type { LeaderboardRepository } from './leaderboard.repository.js';
import { createView, type View } from './leaderboard-view.js';
import { coversNumbers, type Directory, playerDirectory, rankDirectory, teamDirectory } from './ranked-rows.js';
import { type Standing, toEntry } from './standings.js';
import { type TeamView, teamViewOf } from './team-view.js';

export interface LeaderboardServiceDeps {
  repository: LeaderboardRepository;
  events: EventBus;
  /** The scoring ledger: every number of every board (docs/decisions/007-scoring.md). */
  scoring: Pick<ScoringService, 'liveStandings' | 'standingsIn' | 'valuedSolves' | 'ownSolvesAt' | 'ownScoreAt' | 'subscribe'>;
  /** The platform settings: staff are ranked only when `rankStaff` is on (docs/decisions/008-platform-settings.md). */
  settings: { get(): PlatformSettings; subscribe(listener: () => void): () => void };
  /** The challenges the CTFtime feed names (listed ones; none before an event starts). */
  listFeedTasks?: () => Promise<FeedTask[]>;
  /** What else the feed depends on besides bus events (the event's phase, which moves with the clock). */
  feedScope?: () => string;
  /**
   * What the boards count (docs/product.md#events): during a timed event only what was solved from its start to its
   * end (`{ from, until }`); in training everything (`{}`, the default).
   */
  boardWindow?: () => LedgerWindow;
}

/** A solve as the boards show it: with the standing it counts for and its points as counted. */
export interface BoardSolve {
  userId: string;
  standingId: string;
  challengeId: string;
  points: number;
  solvedAt: Date;
}

/**
 * The boards (docs/architecture.md#leaderboard-in-memory): the players' or teams' names joined to the scoring ledger's
 * numbers, ranked once per change (lazily, at the first read after it: reads during a burst share one ranking) with the
 * bytes of each unfiltered page serialized once. During a freeze a second set, the standings at the freeze
 * (docs/product.md#freeze), sits beside the live one: the ledger over the window up to the freeze, which a later solve
 * leaves as it is.
 */
export function createLeaderboardService(deps: LeaderboardServiceDeps) {
  const { repository, events, settings, scoring } = deps;

  /** In team mode the leaderboard ranks teams (docs/product.md#teams): a standing's uid is the team's id. */
  const isTeamMode = (): boolean => settings.get().teams.enabled;
  const kind = () => (isTeamMode() ? ('teams' as const) : ('players' as const));
  /** Read at the first ranking after a change of names (not of numbers), then kept: see `keepsDirectory`. */
  let directory: Promise<Directory> | undefined;
  const readDirectory = async (): Promise<Directory> =>
    isTeamMode()
      ? teamDirectory(await repository.listTeams())
      : playerDirectory(await repository.listPlayers(), { includeStaff: settings.get().rankStaff });
  const directoryOf = (): Promise<Directory> => {
    const pending = (directory ??= readDirectory());
    pending.catch(() => {
      if (directory === pending) directory = undefined;
    });
    return pending;
  };
  const rank = async (numbers: ReadonlyMap<string, LedgerStanding>): Promise<Standing[]> => {
    let current = await directoryOf();
    // A safety net for a player or team added with no message heard (another instance's, during a reconnection of the
    // bus): read again, once.
    if (!coversNumbers(current, numbers)) {
      directory = undefined;
      current = await directoryOf();
    }
    return rankDirectory(current, numbers);
  };
  const toBoardSolves = (solves: readonly ValuedSolve[]): BoardSolve[] => {
    const teams = isTeamMode();
    return solves.map((solve) => ({
      userId: solve.userId,
      standingId: teams && solve.teamId !== null ? solve.teamId : solve.userId,
      challengeId: solve.challengeId,
      points: solve.points,
      solvedAt: new Date(solve.solvedAt),
    }));
  };
  const boardWindow = (): LedgerWindow => deps.boardWindow?.() ?? {};
  /** The board's window cut at `at` (the freeze, or an event's end): the earlier of the two ends. */
  const windowUntil = (at: number): LedgerWindow => {
    const window = boardWindow();
    return { ...window, until: window.until === undefined ? at : Math.min(window.until, at) };
  };
  const viewOf = (window: LedgerWindow) =>
    createView(
      async () => rank(await scoring.standingsIn(kind(), window)),
      async () => toBoardSolves(await scoring.valuedSolves(window)),
    );
  const liveView = () => {
    const window = boardWindow();
    if (window.from !== undefined || window.until !== undefined) return viewOf(window);
    return createView(
      async () => rank(await scoring.liveStandings(kind())),
      async () => toBoardSolves(await scoring.valuedSolves()),
    );
  };
  let live: View = liveView();
  let frozen: { at: number; view: View } | undefined;
  const viewAt = (frozenAt: Date | null): View => {
    if (frozenAt === null) return live;
    if (frozen?.at !== frozenAt.getTime()) frozen = { at: frozenAt.getTime(), view: viewOf(windowUntil(frozenAt.getTime())) };
    return frozen.view;
  };

  /** A solve after the freeze time leaves the frozen standings as they are; anything else may change them. */
  const touchesFrozen = (message: ServerEventMessage): boolean => {
    if (frozen === undefined) return false;
    if (message.type === 'solve') return Date.parse((message.data as { solvedAt: string }).solvedAt) <= frozen.at;
    if (message.type === 'leaderboard') return (message.data as { reason: string }).reason !== 'solve';
    return true;
  };
  /** A solve, or a hint's cost, changes numbers only: anything else may change a name, a role, a ban, a team. */
  const keepsDirectory = (message: ServerEventMessage): boolean =>
    message.type === 'solve' ||
    (message.type === 'leaderboard' && ['solve', 'hint'].includes((message.data as { reason: string }).reason));
  const invalidate = () => {
    live = liveView();
    frozen = undefined;
    directory = undefined;
  };
  const unsubscribeEvents = events.subscribe((message) => {
    live = liveView();
    if (touchesFrozen(message)) frozen = undefined;
    if (!keepsDirectory(message)) directory = undefined;
  });
  // The ledger applies a change after the bus delivered it (it may read rows first): the live view follows it.
  const unsubscribeScoring = scoring.subscribe(() => {
    live = liveView();
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
          return PrecompressedBody.ofJson(buildCtftimeFeed(ranked, tasks, solves));
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

    /** The live solves as the boards count them (the score graph's lines). */
    listLiveSolves: (): Promise<BoardSolve[]> => viewAt(null).solves(),

    /**
     * The frozen standings players see (docs/product.md#freeze) and the solves they are made of, each valued at the
     * freeze: the frozen score graph draws its top from these, so that it and the frozen leaderboard are one computation.
     */
    async getFrozenStandings(frozenAt: Date): Promise<{ standings: readonly Standing[]; solves: BoardSolve[] }> {
      const view = viewAt(frozenAt);
      return { standings: await view.load(), solves: await view.solves() };
    },

    /** The standings of what was solved in a window, unfrozen (an event's final standings, docs/product.md#events). */
    async getStandingsIn(window: LedgerWindow): Promise<{ standings: readonly Standing[]; solves: BoardSolve[] }> {
      const view = viewOf(window);
      return { standings: await view.load(), solves: await view.solves() };
    },

    /**
     * Another player's profile during a freeze (docs/product.md#freeze): the score, solves and badges they had at the
     * freeze.
     */
    async getFrozenProfile(
      userId: string,
      frozenAt: Date,
    ): Promise<{ score: number; solvedChallenges: string[]; badges: string[] }> {
      const solves = (await scoring.valuedSolves({ until: frozenAt.getTime() })).filter((s) => s.userId === userId);
      return {
        score: (await scoring.standingsIn('players', { until: frozenAt.getTime() })).get(userId)?.score ?? 0,
        solvedChallenges: solves.map((s) => s.challengeId),
        badges: await repository.listBadgesUntil(userId, frozenAt),
      };
    },

    /**
     * A team's page (docs/product.md#teams): live; during a freeze another team as it stood at the freeze, and the
     * viewer's own team with its later solves at the values its members see (docs/product.md#freeze).
     */
    async getTeamView(teamId: string, frozenAt: Date | null, isOwnTeam: boolean): Promise<TeamView> {
      if (frozenAt !== null && isOwnTeam) {
        const own = await scoring.ownSolvesAt('teams', teamId, frozenAt);
        const score = await scoring.ownScoreAt('teams', teamId, frozenAt);
        return teamViewOf(
          { score, solvedCount: own.length },
          own.map(({ solve, points }) => ({ userId: solve.userId, points })),
        );
      }
      const window = frozenAt === null ? boardWindow() : windowUntil(frozenAt.getTime());
      const standing = (await scoring.standingsIn('teams', window)).get(teamId);
      const solves = (await scoring.valuedSolves(window)).filter((s) => s.teamId === teamId);
      return teamViewOf(standing, solves);
    },

    close: () => {
      unsubscribeEvents();
      unsubscribeScoring();
      unsubscribeSettings();
    },
  };
  return service;
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
