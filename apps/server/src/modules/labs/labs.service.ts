import type { LabRequest } from '@drapeau/shared';
import { LAB_HANDLERS, type LabResult } from '@drapeau/labs';

import { notFound, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';

import type { LabPool } from './lab-pool.js';

/** Runs an in-page exercise's check on the server, with the challenge's flag; rate-limited per user like flag submissions. */
export function createLabsService(deps: { challenges: ChallengesService; limiter: RateLimiter; pool: LabPool }) {
  const { challenges, limiter, pool } = deps;
  return {
    async runLab(userId: string, challengeId: string, request: LabRequest): Promise<LabResult> {
      const { challenge } = await challenges.getPlayableChallenge(challengeId, userId);
      const lab = challenge.lab && LAB_HANDLERS.has(challenge.lab) ? challenge.lab : undefined;
      if (!lab) throw notFound('LAB_NOT_FOUND', 'This challenge has no in-page exercise.');
      const consumed = await limiter.consume(`lab:${userId}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
      // The flag this player must find: the deployment's, or theirs when the pack is per-user (in team mode their team's;
      // 403 TEAM_REQUIRED without a team). Read here; the lab runs in the pool's worker, with only what it needs.
      const flag = await challenges.embeddedFlagFor(challenge, userId);
      return pool.run(userId, { lab, request, flag });
    },
  };
}
export type LabsService = ReturnType<typeof createLabsService>;
