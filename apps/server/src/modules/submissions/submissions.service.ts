import type { SubmitStatus } from '@drapeau/shared';

import { AppError, forbidden, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createKeyedBatches } from '../../lib/keyed-batches.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { BadgesService } from '../badges/badges.service.js';
import type { AuthoringService } from '../challenges/authoring/authoring.service.js';
import type { EventBus, ServerEvents } from '../events/event-bus.js';
import type { ScoringService } from '../scoring/scoring.service.js';
import { attemptsLeft } from '../challenges/model/challenge-views.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';
import type { EventService } from '../seasons/event.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import { checkFlag } from '../challenges/flags/flag-check.js';

import { createSharedFlagReport } from './shared-flag-report.js';
import type { SubmissionsRepository } from './submissions.repository.js';

type PlayableChallenge = Awaited<ReturnType<ChallengesService['getPlayableChallenge']>>['challenge'];

/** A correct flag about to become a solve. */
interface SolveRequest {
  userId: string;
  teamId: string | null;
  attempt: Parameters<SubmissionsRepository['insertAttempt']>[0];
  left: number | null;
  alreadySolvedStatus: 'already_solved' | 'team_already_solved';
}

interface Solved {
  outcome: SubmitFlagOutcome;
  /** A new solve, announced once committed. */
  event?: FrozenAwareSolveEvent;
}

/** Why a batch of correct flags ran again flag by flag: the database's error. */
export type SolveBatchRetryReason = { error: unknown };

export interface SubmitFlagInput {
  userId: string;
  challengeId: string;
  flag: string;
  ip: string | null;
  /** Admins' flags are scored whatever the event's phase (docs/product.md#events). */
  isAdmin?: boolean;
}

export type SubmitFlagOutcome =
  | { status: 'correct'; points: number; score: number; newBadges: string[]; attemptsLeft: number | null }
  | { status: 'practice'; points: 0; attemptsLeft: number | null }
  | { status: Exclude<SubmitStatus, 'correct' | 'practice'>; attemptsLeft: number | null };

/** What a solve uses inside its transaction: the solve and its badge awards commit together or not at all. */
export interface SolveScope {
  submissions: SubmissionsRepository;
  badges: Pick<BadgesService, 'awardEarnedBadgesOf'>;
}

/** A solve as the bus carries it (event-bus.ts). */
type FrozenAwareSolveEvent = ServerEvents['solve'];

export function createSubmissionsService(deps: {
  /** Reads and lone writes, outside a transaction. */
  repository: SubmissionsRepository;
  transaction: UnitOfWork<SolveScope>;
  challenges: ChallengesService;
  /** In team mode (docs/product.md#teams) a player submits only as a member of a team. */
  teams?: Pick<TeamsService, 'isTeamMode' | 'findTeamIdOf'>;
  clock: Clock;
  /**
   * The event's rule for flags: refused after the end (403 EVENT_ENDED), or accepted as practice; and during a freeze
   * (docs/product.md#freeze) the cut-off for this submitter, whose answer then says what they see.
   */
  event?: Pick<EventService, 'assertSubmissionsOpen' | 'frozenAtFor'>;
  /**
   * Attempts per user that do not solve anything: a point is taken before the flag is checked and given back only for a
   * new solve, so that a burst cannot pass the limit and junk on a solved challenge counts too (docs/decisions/010-abuse-limits.md).
   */
  wrongFlagLimiter: RateLimiter;
  /** The scoring ledger: what a solve gives and its solver's score (docs/decisions/007-scoring.md). */
  scoring: Pick<ScoringService, 'previewSolves' | 'recordSolves' | 'ownSolveAt'>;
  /** Where a new solve is announced, once committed (every instance's ledger reads it from there). */
  events?: Pick<EventBus, 'publish'>;
  onSolved?: () => void;
  onWrongFlag?: () => void;
  /** Whose per-user flag a text is, if anyone's (a shared flag): a player's, or in team mode a team's. */
  authoring: Pick<AuthoringService, 'findPerUserOwner'>;
  /**
   * A batch of correct flags failed and its flags run again one by one (lib/keyed-batches.ts): `ranksShifted` when it
   * met a solve committed elsewhere (several instances), else the database's error.
   */
  onSolveBatchRetried?: (size: number, reason: SolveBatchRetryReason) => void;
  /** On PGlite: resolves once the statements queued before it have run (Database.settle, lib/keyed-batches.ts). */
  settleDatabase?: () => Promise<boolean>;
}) {
  const { repository, transaction, challenges, wrongFlagLimiter, clock, scoring } = deps;
  /**
   * Commits these correct flags of one challenge in one transaction (docs/performance.md "Burst of correct flags"): their
   * attempts, then their solves in one insert whatever the challenge's scoring (docs/decisions/007-scoring.md: what a
   * solve gives is derived by the scoring ledger, never written), then the badges their new scores earn. A second flag of
   * one player (in team mode, of one team) in the batch is answered as it would be after the first: already solved.
   */
  const solveAll = async (challenge: PlayableChallenge, requests: readonly SolveRequest[]): Promise<Solved[]> => {
    const results: Solved[] = requests.map((r) => ({ outcome: { status: r.alreadySolvedStatus, attemptsLeft: r.left } }));
    const seen = new Set<string>();
    const candidates: { index: number; request: SolveRequest }[] = [];
    for (const [index, request] of requests.entries()) {
      const key = request.teamId === null ? `user:${request.userId}` : `team:${request.teamId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push({ index, request });
    }
    const solvedAt = clock.now();
    const made = await transaction(async ({ submissions: tx, badges }) => {
      await tx.insertAttempts(requests.map((request) => request.attempt));
      const inserted = await tx.insertSolves(
        candidates.map(({ request }) => ({
          userId: request.userId,
          teamId: request.teamId,
          challengeId: challenge.id,
          solvedAt,
        })),
      );
      const rows = candidates.flatMap((candidate) => {
        const row = inserted.get(candidate.request.userId);
        return row ? [{ ...candidate, row }] : [];
      });
      const preview = await scoring.previewSolves(
        challenge.id,
        rows.map(({ row }) => row),
      );
      const scoreOf = new Map(rows.map(({ row }) => [row.userId, preview.get(row.id)?.score ?? 0]));
      const newBadges = await badges.awardEarnedBadgesOf(
        rows.map(({ row }) => row.userId),
        (userId) => scoreOf.get(userId) ?? 0,
      );
      return rows.map((entry) => ({
        ...entry,
        seen: preview.get(entry.row.id)!,
        newBadges: newBadges.get(entry.row.userId) ?? [],
      }));
    });
    scoring.recordSolves(made.map(({ row }) => row));
    for (const { index, request, row, seen: value, newBadges } of made) {
      const { points, score, isFirstBlood } = value;
      results[index] = {
        outcome: { status: 'correct', points, score, newBadges, attemptsLeft: request.left },
        event: {
          userId: row.userId,
          ...(row.teamId === null ? {} : { teamId: row.teamId, ...(row.teamName ? { teamName: row.teamName } : {}) }),
          username: row.username,
          challengeId: challenge.id,
          points,
          firstBlood: isFirstBlood,
          score,
          solvedAt: new Date(row.solvedAt).toISOString(),
          solveIds: [row.id],
        },
      };
    }
    return results;
  };
  // Correct flags of one challenge that arrive while one of its batches commits wait here, then commit together: one
  // transaction (and for a dynamic challenge one rescoring) for all of them, and no database connection held while they
  // wait (docs/performance.md "Burst of correct flags"). Each is answered once its batch committed.
  const solveBatches = createKeyedBatches<{ challenge: PlayableChallenge; request: SolveRequest }, Solved>(
    (_id, items) =>
      solveAll(
        items.at(-1)!.challenge,
        items.map((item) => item.request),
      ),
    100,
    {
      onBatchFailed: (_id, size, error) => deps.onSolveBatchRetried?.(size, { error }),
      ...(deps.settleDatabase ? { settle: deps.settleDatabase } : {}),
    },
  );

  const reportSharedFlag = createSharedFlagReport({
    repository,
    findPerUserOwner: async (challengeId, flag) => {
      const challenge = await challenges.findChallenge(challengeId);
      return challenge ? deps.authoring.findPerUserOwner(challenge, flag) : undefined;
    },
    // Written to admins' streams only (modules/events/event-bus.ts ADMIN_ONLY_EVENTS).
    onIncident: (incident) => deps.events?.publish('incident', incident),
  });

  return {
    /** Correct flags waiting for their batch to start (the `drapeau_correct_flags_waiting` metric). */
    countWaitingSolves: (): number => solveBatches.waiting,

    async submitFlag(input: SubmitFlagInput): Promise<SubmitFlagOutcome> {
      const rule = deps.event?.assertSubmissionsOpen(input.isAdmin ?? false) ?? 'scored';
      // In team mode a solve is the team's (docs/product.md#teams): one per team and challenge.
      const teamId = deps.teams?.isTeamMode() ? ((await deps.teams.findTeamIdOf(input.userId)) ?? null) : null;
      if (deps.teams?.isTeamMode() && teamId === null)
        throw forbidden('TEAM_REQUIRED', 'Create or join a team before submitting flags.');
      const alreadySolvedStatus = teamId === null ? ('already_solved' as const) : ('team_already_solved' as const);
      const { challenge, progress } = await challenges.getPlayableChallenge(input.challengeId, input.userId);
      const left = attemptsLeft(challenge, progress);
      if (left === 0 && !progress.solved.has(challenge.id))
        throw new AppError('ATTEMPTS_EXHAUSTED', 403, 'No attempts left on this challenge.');
      const consumed = await wrongFlagLimiter.consume(`wrong-flag:${input.userId}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);

      const submitted = input.flag.trim();
      // In team mode, per-user flags are the team's: every member submits the same one.
      const flags = await challenges.flagsFor(challenge, input.userId, teamId);
      const isCorrect = flags.some((f) => checkFlag(f.spec, submitted));
      const attempt = { userId: input.userId, challengeId: challenge.id, submitted, isCorrect, ip: input.ip };

      if (!isCorrect) {
        let alreadySolved: boolean;
        if (challenge.maxAttempts === null) {
          ({ alreadySolved } = await repository.recordWrongAttempt(attempt));
        } else {
          // A maximum is a limit: counted and written under one lock, whatever the concurrency.
          const over = await transaction(async ({ submissions: tx }) => {
            if ((await tx.lockAndCountWrongAttempts(input.userId, challenge.id)) >= challenge.maxAttempts!) return true;
            await tx.insertAttempt(attempt);
            return false;
          });
          if (over) throw new AppError('ATTEMPTS_EXHAUSTED', 403, 'No attempts left on this challenge.');
          alreadySolved = progress.solved.has(challenge.id);
        }
        if (flags.some((f) => f.isPerUser)) await reportSharedFlag(input.userId, teamId, challenge.id, submitted);
        if (alreadySolved) return { status: alreadySolvedStatus, attemptsLeft: left };
        deps.onWrongFlag?.();
        await challenges.noteWrongAttempt(input.userId, challenge.id);
        return { status: 'incorrect', attemptsLeft: left === null ? null : Math.max(0, left - 1) };
      }

      if (rule === 'practice' && !progress.solved.has(challenge.id)) {
        // After the end (docs/product.md#events): the flag is recorded as submitted, no solve and no points.
        await repository.insertAttempt(attempt);
        await consumed.refund();
        return { status: 'practice', points: 0, attemptsLeft: left };
      }

      const request: SolveRequest = { userId: input.userId, teamId, attempt, left, alreadySolvedStatus };
      const { outcome, event: solveEvent } = await solveBatches.submit(challenge.id, { challenge, request });
      // Only a new solve gives its point back: a correct flag sent again to a solved challenge is stored junk too.
      let answer = outcome;
      if (outcome.status === 'correct') {
        await consumed.refund();
        challenges.noteSolve(input.userId, challenge.id, solveEvent ? new Date(solveEvent.solvedAt) : undefined, teamId);
        // docs/product.md#freeze: a player's answer during the freeze says what they see, not the live numbers.
        const frozenAt = deps.event?.frozenAtFor({ isAdmin: input.isAdmin ?? false }) ?? null;
        if (frozenAt !== null && solveEvent) {
          const seen = await scoring.ownSolveAt(solveEvent.solveIds![0]!, frozenAt);
          solveEvent.frozenView = seen;
          answer = { ...outcome, ...seen };
        }
      }
      // Announced after the commit, so that a client refetching on the event sees the solve.
      if (solveEvent) {
        deps.onSolved?.();
        deps.events?.publish('solve', solveEvent);
        deps.events?.publish('leaderboard', { reason: 'solve' });
      }
      return answer;
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
