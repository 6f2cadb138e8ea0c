import type { SharedFlagIncident, SolveEvent, SubmitStatus } from '@drapeau/shared';

import { AppError, forbidden, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createKeyedQueue } from '../../lib/keyed-queue.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { BadgesService } from '../badges/badges.service.js';
import { currentValue, type SolveOwner } from '../challenges/challenge.js';
import { attemptsLeft, isClosed } from '../challenges/challenge-views.js';
import type { ChallengesService } from '../challenges/challenges.service.js';
import type { EventService } from '../event/event.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import { checkFlag } from '../challenges/flag-check.js';

import type { SubmissionsRepository } from './submissions.repository.js';

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
  badges: Pick<BadgesService, 'awardEarnedBadges'>;
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
}) {
  const { repository, transaction, challenges, wrongFlagLimiter, clock } = deps;
  // Solves of a dynamic challenge wait for its row lock one at a time: they wait here, not holding a database connection
  // each (a burst of them took the whole pool; docs/performance.md "Dynamic scoring figure").
  const dynamicSolves = createKeyedQueue();

  /**
   * A wrong flag that is another player's per-user flag, or in team mode another team's (docs/decisions/016-teams.md), is
   * recorded as a shared-flag incident naming both sides, and pushed to the admins.
   */
  const reportSharedFlag = async (submitterId: string, submitterTeamId: string | null, challengeId: string, text: string) => {
    const owner = await deps.findPerUserOwner(challengeId, text);
    if (!owner || ('teamId' in owner ? owner.teamId === submitterTeamId : owner.userId === submitterId)) return;
    const ownerTeamId = 'teamId' in owner ? owner.teamId : null;
    const ownerTeam = ownerTeamId === null ? undefined : await repository.findTeamForIncident(ownerTeamId);
    const ownerId = 'userId' in owner ? owner.userId : (ownerTeam?.memberId ?? null);
    const row = await repository.insertIncident({ challengeId, submitterId, ownerId, submitterTeamId, ownerTeamId });
    deps.onIncident?.({
      id: row.id,
      challengeId,
      submitterId,
      submitterName: await repository.findUsername(submitterId),
      ownerId,
      ownerName: ownerId === null ? '' : await repository.findUsername(ownerId),
      createdAt: row.createdAt.toISOString(),
      ...(ownerTeam === undefined
        ? {}
        : {
            submitterTeamName: submitterTeamId === null ? null : (await repository.findTeamForIncident(submitterTeamId)).name,
            ownerTeamId,
            ownerTeamName: ownerTeam.name,
          }),
    });
  };

  return {
    async submitFlag(input: SubmitFlagInput): Promise<SubmitFlagOutcome> {
      const rule = deps.event?.assertSubmissionsOpen(input.isAdmin ?? false) ?? 'scored';
      // In team mode a solve is the team's (docs/product.md#teams): one per team and challenge.
      const teamId = deps.teams?.isTeamMode() ? ((await deps.teams.findTeamIdOf(input.userId)) ?? null) : null;
      if (deps.teams?.isTeamMode() && teamId === null)
        throw forbidden('TEAM_REQUIRED', 'Create or join a team before submitting flags.');
      const alreadySolvedStatus = teamId === null ? ('already_solved' as const) : ('team_already_solved' as const);
      const challenge = await challenges.getListedChallenge(input.challengeId);
      const progress = await challenges.getProgress(input.userId);
      if (challenge.prerequisites.some((id) => !progress.solved.has(id)))
        throw forbidden('CHALLENGE_LOCKED', 'Solve the prerequisites first.');
      if (isClosed(challenge, clock.now())) throw forbidden('CHALLENGE_CLOSED', 'This challenge is closed.');
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

      let solveEvent: FrozenAwareSolveEvent | undefined;
      // Whose opened hints cost this solve: the player's, or in team mode the team's, whoever opened them.
      const solver: SolveOwner = teamId === null ? { userId: input.userId } : { teamId };
      const isDynamic = challenge.scoring.type === 'dynamic';
      const solve = () =>
        transaction(async ({ submissions: tx, badges }): Promise<SubmitFlagOutcome> => {
          // First, as opening a hint does: a hint a member opens meanwhile is counted here, or rescores this solve.
          await tx.lockHintsOf(solver, challenge.id);
          await tx.insertAttempt(attempt);
          // The first blood (docs/product.md#first-blood) is decided under the challenge's row lock, as dynamic values
          // are: a solve that already sees a committed one cannot be the first, and needs no lock when static.
          const locked = isDynamic || !(await tx.hasSolves(challenge.id));
          const before = locked ? await tx.lockChallenge(challenge.id) : 1;
          const firstBlood = before === 0;
          // Held before the score moves: a change of the bonus waits for this solve, or this solve for it.
          const bonus = locked ? await tx.lockFirstBloodBonus() : 0;
          const value = currentValue(challenge.scoring, before + 1);
          const points = Math.max(0, value - (await tx.sumHintCosts(solver, challenge.id))) + (firstBlood ? bonus : 0);
          const solvedAt = clock.now();
          if (!(await tx.insertSolve({ userId: input.userId, teamId, challengeId: challenge.id, points, solvedAt })))
            return { status: alreadySolvedStatus, attemptsLeft: left };
          const { score, username } = await tx.addToScore(input.userId, points);
          // Retroactive (CTFd's dynamic value): every earlier solver now gets the new value too.
          if (isDynamic) await tx.recomputeSolvePoints(challenge.id, value);
          const newBadges = await badges.awardEarnedBadges(input.userId);
          solveEvent = {
            userId: input.userId,
            ...(teamId === null ? {} : { teamId }),
            username,
            challengeId: challenge.id,
            points,
            firstBlood,
            score,
            solvedAt: solvedAt.toISOString(),
          };
          return { status: 'correct', points, score, newBadges, attemptsLeft: left };
        });
      const outcome = isDynamic ? await dynamicSolves.run(challenge.id, solve) : await solve();
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
