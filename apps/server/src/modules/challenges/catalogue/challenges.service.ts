import type { OpenHintResult, PublicCategory, PublicChallenge } from '@drapeau/shared';

import { notFound } from '../../../lib/app-error.js';
import type { EncodedBody } from '../../../lib/precompressed-body.js';
import type { Clock } from '../../../lib/clock.js';
import { createKeyedBatches } from '../../../lib/keyed-batches.js';
import { challengeValue } from '../../scoring/ledger.js';
import { type Category, type Challenge, type HintOpened, localized } from '../model/challenge.js';
import { isListed, type PlayerProgress, toPublicChallenge } from '../model/challenge-views.js';
import { createPlayerFlags, teamRequired } from '../flags/player-flags.js';

import { createChallengeListJson } from './challenge-list-json.js';
import type { CatalogueRepository, SolveStats } from './catalogue.repository.js';
import { createPlayerProgressCache } from './player-progress-cache.js';
import { assertPlayable } from './playable.js';

/**
 * The catalogue for players and for the other modules, served from memory (docs/performance.md): the challenges,
 * categories and solve counts are read once and again after each change; each player's progress (solves, opened
 * hints, wrong attempts) is read on their first request and then kept up to date by the calls below.
 */
export function createChallengesService(deps: {
  repository: CatalogueRepository;
  instanceSecret: string;
  clock: Clock;
  /** A score changed outside a solve (a hint opened on a solved challenge). */
  onScoresChanged?: () => void;
  /** A player's score, from the scoring ledger (docs/decisions/007-scoring.md): the answer to a hint opened. */
  scoreOf?: (userId: string) => Promise<number>;
  /** A hint was opened for the first time for a player (their team): told to the other instances, whose memory follows. */
  onHintOpened?: (opened: HintOpened) => void;
  /** Team mode (docs/decisions/016-teams.md): per-user flags and opened hints are the team's. */
  isTeamMode?: () => boolean;
  /**
   * Whether challenge instances can run here (a provider is configured: docs/operations.md "Challenge instances"):
   * without, a challenge's service is not offered to players (`hasService`), so no Start can only fail.
   */
  canStartInstances?: boolean;
}) {
  const { repository, instanceSecret, clock } = deps;
  const canStartInstances = deps.canStartInstances ?? false;
  interface State {
    challenges: Map<string, Challenge>;
    categories: Category[];
    packPerUser: boolean;
  }
  let state: Promise<State> | undefined;
  let counts: Promise<Map<string, number>> | undefined;
  /** Live solve counts and first bloods, and those at the freeze (docs/product.md#freeze), each read once per change. */
  let liveStats: Promise<SolveStats> | undefined;
  let frozenStats: { at: number; stats: Promise<SolveStats> } | undefined;
  const isTeamMode = (): boolean => deps.isTeamMode?.() ?? false;
  // Cold players' progress read together: the reads asked for while one runs go in the next (at most 200 players, four
  // statements), as sessions are (docs/performance.md "2026-11-24: cold players").
  const progressReads = createKeyedBatches<string, PlayerProgress>(async (_key, userIds) => {
    const progress = await repository.findPlayersProgress(userIds, isTeamMode());
    return userIds.map((userId) => progress.get(userId)!);
  }, 200);
  const players = createPlayerProgressCache((userId) => progressReads.submit('progress', userId));
  const listJson = createChallengeListJson();
  const frozenListJson = createChallengeListJson();

  const load = (): Promise<State> => {
    state ??= (async () => {
      const [challenges, categories, packPerUser] = [
        await repository.listChallenges(),
        await repository.listCategories(),
        await repository.findPackPerUser(),
      ];
      return { challenges: new Map(challenges.map((c) => [c.id, c])), categories, packPerUser };
    })();
    state.catch(() => (state = undefined));
    return state;
  };
  const solveCounts = (): Promise<Map<string, number>> => {
    counts ??= repository.listSolveCounts();
    counts.catch(() => (counts = undefined));
    return counts;
  };
  /** The solve statistics a view is cut at: the live ones, or those at the freeze (frozenAt). */
  const statsAt = (frozenAt: Date | null): Promise<SolveStats> => {
    if (frozenAt === null) {
      const pending = (liveStats ??= repository.listSolveStats(null));
      pending.catch(() => {
        if (liveStats === pending) liveStats = undefined;
      });
      return pending;
    }
    if (frozenStats?.at !== frozenAt.getTime()) {
      frozenListJson.invalidate();
      const pending = repository.listSolveStats(frozenAt);
      const entry = { at: frozenAt.getTime(), stats: pending };
      frozenStats = entry;
      pending.catch(() => {
        if (frozenStats === entry) frozenStats = undefined;
      });
    }
    return frozenStats.stats;
  };
  const progressOf = (userId: string): Promise<PlayerProgress> => players.of(userId);
  const findListed = async (id: string): Promise<Challenge> => {
    const challenge = (await load()).challenges.get(id);
    if (!challenge || !isListed(challenge, clock.now())) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
    return challenge;
  };

  const service = {
    /** The challenges listed to this player, as the JSON body of `GET /api/challenges` (challenge-list-json.ts). */
    async listChallengesJson(userId: string, frozenAt: Date | null = null): Promise<EncodedBody> {
      const json = frozenAt === null ? listJson : frozenListJson;
      const stats = statsAt(frozenAt);
      const cache = json.current();
      const [{ challenges }, { counts, firstBloods }, progress] = [await load(), await stats, await progressOf(userId)];
      const now = clock.now();
      const listed = [...challenges.values()].filter((c) => isListed(c, now));
      return json.render(cache, listed, {
        progress,
        solveCounts: counts,
        firstBloods,
        frozenAt,
        now,
        catalogue: challenges,
        canStartInstances,
      });
    },

    async getPublicChallenge(id: string, userId: string, frozenAt: Date | null = null): Promise<PublicChallenge> {
      const challenge = await findListed(id);
      const [{ challenges }, stats, progress] = [await load(), await statsAt(frozenAt), await progressOf(userId)];
      return toPublicChallenge(challenge, {
        progress,
        solveCount: stats.counts.get(id) ?? 0,
        firstBlood: stats.firstBloods.get(id) ?? null,
        frozenAt,
        now: clock.now(),
        catalogue: challenges,
        canStartInstances,
      });
    },

    /** Solve counts and first bloods, live or at the freeze (for the leaderboard's frozen standings and the profiles). */
    getSolveStats: statsAt,

    async listCategories(): Promise<PublicCategory[]> {
      return (await load()).categories.map((c) => ({
        key: c.key,
        name: localized(c.name),
        icon: c.icon as PublicCategory['icon'],
        position: c.position,
        isBuiltIn: c.isBuiltIn,
      }));
    },

    /** For the server only: a challenge players can reach (listed), whatever its lock. */
    getListedChallenge: findListed,
    /**
     * A challenge whose content this player may reach now, with their progress: every route that reveals or judges
     * anything of a challenge goes through here (playable.ts).
     */
    async getPlayableChallenge(id: string, userId: string): Promise<{ challenge: Challenge; progress: PlayerProgress }> {
      const [{ challenges }, progress] = [await load(), await progressOf(userId)];
      const challenge = challenges.get(id);
      if (!challenge) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      assertPlayable(challenge, progress, clock.now());
      return { challenge, progress };
    },
    /** For the server only (admin views, exports): any challenge, hidden ones included. */
    async findChallenge(id: string): Promise<Challenge | undefined> {
      return (await load()).challenges.get(id);
    },
    /** The challenges players can reach now, in catalogue order, with their live values (classes' matrix, assignments). */
    async listListedChallenges(): Promise<{ id: string; title: { en: string; fr: string }; category: string; points: number }[]> {
      const [{ challenges }, counts] = [await load(), await solveCounts()];
      const now = clock.now();
      return [...challenges.values()]
        .filter((c) => isListed(c, now))
        .sort((a, b) => a.position - b.position)
        .map((c) => ({
          id: c.id,
          title: localized(c.title),
          category: c.category,
          points: challengeValue(c.scoring, counts.get(c.id) ?? 0),
        }));
    },
    async listAllChallenges(): Promise<Challenge[]> {
      return [...(await load()).challenges.values()];
    },
    async listAllCategories(): Promise<Category[]> {
      return (await load()).categories;
    },
    async getSolveCounts(): Promise<ReadonlyMap<string, number>> {
      return solveCounts();
    },
    getProgress: progressOf,
    async isPackPerUser(): Promise<boolean> {
      return (await load()).packPerUser;
    },

    ...createPlayerFlags({
      instanceSecret,
      isPackPerUser: async () => (await load()).packPerUser,
      isTeamMode,
      findTeamIdOf: (userId) => repository.findTeamIdOf(userId),
    }),
    isTeamMode,
    /** The teams whose per-user flags exist (to find whose a shared flag is). */
    listTeamIds: (): Promise<string[]> => repository.listTeamIds(),

    async readBlob(sha256: string): Promise<Buffer | undefined> {
      return repository.findBlob(sha256);
    },

    /**
     * Opens a hint for a player (once; remembered), or in team mode for their whole team (docs/decisions/016-teams.md):
     * its cost comes off what the challenge gives them (their team), now if already solved, else when solved.
     */
    async openHint(userId: string, challengeId: string, hintId: number): Promise<OpenHintResult> {
      const { challenge, progress } = await service.getPlayableChallenge(challengeId, userId);
      const hint = challenge.hints.find((h) => h.id === hintId);
      if (!hint) throw notFound('HINT_NOT_FOUND', 'Hint not found.');
      const teamId = isTeamMode() ? await repository.findTeamIdOf(userId) : null;
      if (isTeamMode() && teamId === null) throw teamRequired();
      // One insert: the scoring ledger takes its cost off the solve of its owner, now or when they solve
      // (docs/decisions/007-scoring.md), from the `hint-opened` event.
      const isNew = await repository.openHint(userId, hintId, challengeId, teamId);
      progress.openedHints.add(hintId);
      await service.noteHintOpened(userId, hintId, teamId);
      if (isNew) deps.onHintOpened?.({ userId, hintId, teamId, challengeId, cost: hint.cost });
      if (isNew && hint.cost > 0) deps.onScoresChanged?.();
      const value = challengeValue(challenge.scoring, (await solveCounts()).get(challengeId) ?? 0);
      const costs = challenge.hints.filter((h) => progress.openedHints.has(h.id)).reduce((sum, h) => sum + h.cost, 0);
      return {
        hint: { id: hint.id, cost: hint.cost, isOpened: true, content: localized(hint.content) },
        pointsIfSolved: Math.max(0, value - costs),
        score: (await deps.scoreOf?.(userId)) ?? 0,
      };
    },

    /** A solve happened (here or, through the event bus, on another instance); a team's counts for every member. */
    noteSolve(userId: string, challengeId: string, solvedAt: Date = clock.now(), teamId: string | null = null): void {
      counts = undefined;
      liveStats = undefined;
      listJson.invalidate();
      // A solve at or before the freeze time (one that raced the freeze) changes the frozen view too.
      if (frozenStats !== undefined && solvedAt.getTime() <= frozenStats.at) frozenStats = undefined;
      for (const solver of players.solversOf(userId, teamId))
        void players.cached(solver)?.then((p) => {
          // The solver's own, whatever team their progress names (one an admin prepared before team mode, say); their
          // team's other members only if it is the solve's team.
          if (solver !== userId && p.teamId !== teamId) return;
          p.solved.add(challengeId);
          p.solvedAt.set(challengeId, solvedAt.getTime());
        }, ignoreFailedRead);
    },
    async noteWrongAttempt(userId: string, challengeId: string): Promise<void> {
      const progress = await players.cached(userId);
      progress?.wrongAttempts.set(challengeId, (progress.wrongAttempts.get(challengeId) ?? 0) + 1);
    },
    /** A hint was opened: for the player, or in team mode for every cached member of their team. */
    async noteHintOpened(userId: string, hintId: number, teamId: string | null = null): Promise<void> {
      for (const member of players.solversOf(userId, teamId)) {
        const progress = await players.cached(member)?.catch(ignoreFailedRead);
        if (progress?.teamId === teamId || member === userId) progress?.openedHints.add(hintId);
      }
    },
    /** The catalogue changed: read it again (and every player's progress, which may refer to removed rows). */
    reload(): void {
      state = undefined;
      counts = undefined;
      liveStats = undefined;
      frozenStats = undefined;
      listJson.invalidate();
      frozenListJson.invalidate();
      players.forget();
    },
    /** A player joined or left a team (docs/product.md#teams): their solved challenges are now their new team's. */
    forgetMembership(userId: string): void {
      players.forget(userId);
    },
    /** A user was deleted or changed by an admin (solves may be gone). */
    forgetPlayer(userId?: string): void {
      counts = undefined;
      liveStats = undefined;
      frozenStats = undefined;
      listJson.invalidate();
      frozenListJson.invalidate();
      players.forget(userId);
    },
  };
  return service;
}
export type ChallengesService = ReturnType<typeof createChallengesService>;

/**
 * A progress read that failed was answered to the request that asked for it, and is no longer cached: there is nothing
 * to update, and an event from the bus must not become an unhandled rejection (which stops the server).
 */
const ignoreFailedRead = (): undefined => undefined;
