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
  /** Wrong flags per user; a user over the limit is refused before the flag is checked. */
  wrongFlagLimiter: RateLimiter;
  wrongFlagLimit: number;
  onSolve?: (event: SolveEvent) => void;
  onWrongFlag?: () => void;
}) {
  const { repository, challenges, badges, wrongFlagLimiter, wrongFlagLimit } = deps;

  return {
    async submitFlag(input: SubmitFlagInput): Promise<SubmitFlagOutcome> {
      const challenge = await challenges.getChallenge(input.challengeId);
      const limiterKey = `wrong-flag:${input.userId}`;
      const state = await wrongFlagLimiter.peek(limiterKey);
      if (state.count >= wrongFlagLimit) throw rateLimited(state.retryAfterSeconds);

      const submitted = input.flag.trim();
      const isCorrect = checkFlag(challenge.flag, submitted);
      const attempt = { userId: input.userId, challengeId: challenge.row.id, submitted, isCorrect, ip: input.ip };

      if (!isCorrect) {
        const { alreadySolved } = await repository.recordWrongAttempt(attempt);
        if (alreadySolved) return { status: 'already_solved' };
        await wrongFlagLimiter.hit(limiterKey);
        deps.onWrongFlag?.();
        return { status: 'incorrect' };
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
      // Announced after the commit, so that a client refetching on the event sees the solve.
      if (solveEvent) deps.onSolve?.(solveEvent);
      return outcome;
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
