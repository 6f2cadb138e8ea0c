import type { SolveEvent, SubmitStatus } from '@drapeau/shared';

import { rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { BadgesService } from '../badges/badges.service.js';
import { checkFlag } from '../challenges/flag-check.js';
import type { ChallengesService } from '../challenges/challenges.service.js';

import type { SubmissionsRepository } from './submissions.repository.js';

export interface SubmitFlagInput {
  userId: string;
  challengeId: string;
  flag: string;
  ip: string | null;
}

export type SubmitFlagOutcome =
  { status: 'correct'; points: number; score: number; newBadges: string[] } | { status: Exclude<SubmitStatus, 'correct'> };

export function createSubmissionsService(deps: {
  repository: SubmissionsRepository;
  challenges: ChallengesService;
  badges: BadgesService;
  /**
   * Attempts per user that do not solve anything: a point is taken before the flag is checked and given back only for a
   * new solve, so that a burst cannot pass the limit and junk on a solved challenge counts too (docs/decisions/010-abuse-limits.md).
   */
  wrongFlagLimiter: RateLimiter;
  onSolve?: (event: SolveEvent) => void;
  onWrongFlag?: () => void;
}) {
  const { repository, challenges, badges, wrongFlagLimiter } = deps;

  return {
    async submitFlag(input: SubmitFlagInput): Promise<SubmitFlagOutcome> {
      const challenge = await challenges.getChallenge(input.challengeId);
      const consumed = await wrongFlagLimiter.consume(`wrong-flag:${input.userId}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);

      const submitted = input.flag.trim();
      const isCorrect = checkFlag(challenge.flag, submitted);
      const attempt = { userId: input.userId, challengeId: challenge.row.id, submitted, isCorrect, ip: input.ip };

      if (!isCorrect) {
        const { alreadySolved } = await repository.recordWrongAttempt(attempt);
        if (!alreadySolved) deps.onWrongFlag?.();
        return { status: alreadySolved ? 'already_solved' : 'incorrect' };
      }

      let solveEvent: SolveEvent | undefined;
      const outcome = await repository.transaction(async (tx, executor): Promise<SubmitFlagOutcome> => {
        await tx.insertAttempt(attempt);
        if (!(await tx.insertSolve(input.userId, challenge.row.id, challenge.row.points))) return { status: 'already_solved' };
        const { score, username } = await tx.addToScore(input.userId, challenge.row.points);
        const newBadges = await badges.awardEarnedBadges(executor, input.userId);
        const firstBlood = await tx.isFirstSolve(challenge.row.id);
        solveEvent = {
          userId: input.userId,
          username,
          challengeId: challenge.row.id,
          points: challenge.row.points,
          firstBlood,
          score,
          solvedAt: new Date().toISOString(),
        };
        return { status: 'correct', points: challenge.row.points, score, newBadges };
      });
      // Only a new solve gives its point back: a correct flag sent again to a solved challenge is stored junk too.
      if (outcome.status === 'correct') await consumed.refund();
      // Announced after the commit, so that a client refetching on the event sees the solve.
      if (solveEvent) deps.onSolve?.(solveEvent);
      return outcome;
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
