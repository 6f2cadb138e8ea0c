import type { SharedFlagIncident, SolveEvent, SubmitStatus } from '@drapeau/shared';

import { AppError, forbidden, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createKeyedBatches } from '../../lib/keyed-batches.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { BadgesService } from '../badges/badges.service.js';
import { type SolveOwner } from '../challenges/challenge.js';
import { challengeValue } from '../scoring/ledger.js';
import { attemptsLeft } from '../challenges/challenge-views.js';
import type { ChallengesService } from '../challenges/challenges.service.js';
import type { EventService } from '../seasons/event.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import { checkFlag } from '../challenges/flag-check.js';

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

/** Why a batch of correct flags ran again flag by flag: a solve committed elsewhere, or the database's error. */
export type SolveBatchRetryReason = { ranksShifted: true } | { error: unknown };

/** Thrown to run a batch again flag by flag: a solve of it was left out, so the ranks after it moved. */
class BatchRanksShifted extends Error {}

/** Whose opened hints cost a solve: the player's, or in team mode the team's, whoever opened them. */
const hintOwnerOf = (request: SolveRequest): SolveOwner =>
  request.teamId === null ? { userId: request.userId } : { teamId: request.teamId };
const ownerKey = (owner: SolveOwner) => ('teamId' in owner ? `team:${owner.teamId}` : `user:${owner.userId}`);

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

/** What a solve uses inside its transaction: the solve, its score and its badge awards commit together or not at all. */
export interface SolveScope {
  submissions: SubmissionsRepository;
  badges: Pick<BadgesService, 'awardEarnedBadgesOf'>;
}

/** A solve as the bus carries it: during a freeze, with what its solver may be told (events.routes.ts). */
export type FrozenAwareSolveEvent = SolveEvent & { frozenView?: { points: number; score: number } };

export function createSubmissionsService(deps: {
  /** Reads and lone writes, outside a transaction. */
  repository: SubmissionsRepository;
  transaction: UnitOfWork<SolveScope>;
  challenges: ChallengesService;
  /** In team mode (docs/product.md#teams) a player submits only as a member of a team. */
  teams?: Pick<TeamsService, 'isTeamMode' | 'findTeamIdOf'>;
  clock: Clock;
  /** The event's rule for flags: refused after the end (403 EVENT_ENDED), or accepted as practice. */
  event?: Pick<EventService, 'assertSubmissionsOpen'>;
  /**
   * Attempts per user that do not solve anything: a point is taken before the flag is checked and given back only for a
   * new solve, so that a burst cannot pass the limit and junk on a solved challenge counts too (docs/decisions/010-abuse-limits.md).
   */
  wrongFlagLimiter: RateLimiter;
  onSolve?: (event: FrozenAwareSolveEvent) => void | Promise<void>;
  /**
   * During a freeze (docs/product.md#freeze): the cut-off for this submitter, and what their solve and score are as they
   * see them (the live ones would tell how many solved since the freeze, through dynamic values).
   */
  freeze?: {
    frozenAtFor(isAdmin: boolean): Date | null;
    ownSolveView(userId: string, challengeId: string, frozenAt: Date): Promise<{ points: number; score: number }>;
  };
  onWrongFlag?: () => void;
  /** Whose per-user flag a text is, if anyone's (a shared flag): a player's, or in team mode a team's. */
  findPerUserOwner: (challengeId: string, flag: string) => Promise<SolveOwner | undefined>;
  onIncident?: (incident: SharedFlagIncident) => void;
  /**
   * A batch of correct flags failed and its flags run again one by one (lib/keyed-batches.ts): `ranksShifted` when it
   * met a solve committed elsewhere (several instances), else the database's error.
   */
  onSolveBatchRetried?: (size: number, reason: SolveBatchRetryReason) => void;
  /** On PGlite: resolves once the statements queued before it have run (Database.settle, lib/keyed-batches.ts). */
  settleDatabase?: () => Promise<boolean>;
}) {
  const { repository, transaction, challenges, wrongFlagLimiter, clock } = deps;
  /**
   * Commits these correct flags of one challenge in one transaction (docs/product.md#scoring, docs/performance.md "Burst
   * of correct flags"), with one statement per step for the whole batch. Each solve is scored at the value its rank gives,
   * in the batch's order; on a dynamic challenge every solver, earlier or of this batch, then follows the value after the
   * last one (CTFd's retroactive decay) through one rescoring for the whole batch. A second flag of one player (in team
   * mode, of one team) in the batch is answered as it would be after the first: already solved.
   */
  const solveAll = (challenge: PlayableChallenge, requests: readonly SolveRequest[]) =>
    transaction(async ({ submissions: tx, badges }): Promise<Solved[]> => {
      // First, as opening a hint does (in one order, whatever the batch): a hint opened meanwhile is counted here, or
      // rescores the committed solve. Only a hint with a cost takes that lock or changes a solve's points: a challenge
      // without one needs neither the lock nor the sum.
      const hasCostlyHints = challenge.hints.some((hint) => hint.cost > 0);
      const owners = new Map(requests.map((request) => [ownerKey(hintOwnerOf(request)), hintOwnerOf(request)]));
      if (hasCostlyHints) for (const key of [...owners.keys()].sort()) await tx.lockHintsOf(owners.get(key)!, challenge.id);
      await tx.insertAttempts(requests.map((request) => request.attempt));
      // The first blood (docs/product.md#first-blood) is decided under the challenge's row lock, as dynamic values are: a
      // solve that already sees a committed one cannot be the first, and needs no lock when static.
      const isDynamic = challenge.scoring.type === 'dynamic';
      const locked = isDynamic || !(await tx.hasSolves(challenge.id));
      const solvedBefore = locked ? await tx.lockChallenge(challenge.id) : 1;
      // Held before the score moves: a change of the bonus waits for this solve, or this solve for it.
      const bonus = locked ? await tx.lockFirstBloodBonus() : 0;
      const results: Solved[] = requests.map((r) => ({ outcome: { status: r.alreadySolvedStatus, attemptsLeft: r.left } }));
      // One solve per owner: the batch's later flags of a player (team) are answered already solved.
      const seen = new Set<string>();
      const candidates: {
        index: number;
        request: SolveRequest;
        firstBlood: boolean;
        hintCosts: number;
        inserted: number;
        solvedAt: Date;
      }[] = [];
      for (const [index, request] of requests.entries()) {
        const key = ownerKey(hintOwnerOf(request));
        if (seen.has(key)) continue;
        seen.add(key);
        const rank = solvedBefore + candidates.length;
        const firstBlood = rank === 0;
        const hintCosts = hasCostlyHints ? await tx.sumHintCosts(hintOwnerOf(request), challenge.id) : 0;
        const points = Math.max(0, challengeValue(challenge.scoring, rank + 1) - hintCosts) + (firstBlood ? bonus : 0);
        candidates.push({ index, request, firstBlood, hintCosts, inserted: points, solvedAt: clock.now() });
      }
      const inserted = await tx.insertSolves(
        candidates.map((c) => ({
          userId: c.request.userId,
          teamId: c.request.teamId,
          challengeId: challenge.id,
          points: c.inserted,
          solvedAt: c.solvedAt,
        })),
      );
      const made = candidates.filter((c) => inserted.has(c.request.userId));
      // A solve left out by a committed one this server did not know of shifts the ranks after it: first blood and
      // dynamic values would be wrong. Rare; the batch is then run again flag by flag (lib/keyed-batches.ts).
      if (locked && made.length < candidates.length && requests.length > 1) throw new BatchRanksShifted();
      const solveCount = solvedBefore + made.length;
      const moved = await tx.addToScores(made.map((c) => ({ userId: c.request.userId, points: c.inserted })));
      const value = challengeValue(challenge.scoring, solveCount);
      if (isDynamic && made.length > 0) await tx.recomputeSolvePoints(challenge.id, value);
      const newBadges = await badges.awardEarnedBadgesOf(made.map((c) => c.request.userId));
      for (const solve of made) {
        // The rescoring moved this solve (and its solver's score) to the value after the batch's last solve.
        const points = isDynamic ? Math.max(0, value - solve.hintCosts) + (solve.firstBlood ? bonus : 0) : solve.inserted;
        const { userId, teamId, left } = solve.request;
        const after = moved.get(userId) ?? { score: 0, username: '' };
        const score = after.score + points - solve.inserted;
        results[solve.index] = {
          outcome: { status: 'correct', points, score, newBadges: newBadges.get(userId) ?? [], attemptsLeft: left },
          event: {
            userId,
            ...(teamId === null ? {} : { teamId }),
            username: after.username,
            challengeId: challenge.id,
            points,
            firstBlood: solve.firstBlood,
            score,
            solvedAt: solve.solvedAt.toISOString(),
          },
        };
      }
      return results;
    });
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
      onBatchFailed: (_id, size, error) =>
        deps.onSolveBatchRetried?.(size, error instanceof BatchRanksShifted ? { ranksShifted: true } : { error }),
      ...(deps.settleDatabase ? { settle: deps.settleDatabase } : {}),
    },
  );

  const reportSharedFlag = createSharedFlagReport({
    repository,
    findPerUserOwner: deps.findPerUserOwner,
    ...(deps.onIncident ? { onIncident: deps.onIncident } : {}),
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
        const frozenAt = deps.freeze?.frozenAtFor(input.isAdmin ?? false) ?? null;
        if (frozenAt !== null && solveEvent) {
          const seen = await deps.freeze!.ownSolveView(input.userId, challenge.id, frozenAt);
          solveEvent.frozenView = seen;
          answer = { ...outcome, ...seen };
        }
      }
      // Announced after the commit, so that a client refetching on the event sees the solve.
      if (solveEvent) await deps.onSolve?.(solveEvent);
      return answer;
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
