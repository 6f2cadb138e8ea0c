import type { LabRequest } from '@drapeau/shared';

import { notFound, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ChallengesService } from '../challenges/challenges.service.js';

import type { LabResult } from './lab-handler.js';
import { LAB_HANDLERS } from './lab-registry.js';

/** Runs an in-page exercise's check on the server, with the challenge's flag; rate-limited per user like flag submissions. */
export function createLabsService(deps: { challenges: ChallengesService; limiter: RateLimiter }) {
  const { challenges, limiter } = deps;
  return {
    async runLab(userId: string, challengeId: string, request: LabRequest): Promise<LabResult> {
      const { challenge } = await challenges.getPlayableChallenge(challengeId, userId);
      const handler = challenge.lab ? LAB_HANDLERS.get(challenge.lab) : undefined;
      if (!handler) throw notFound('LAB_NOT_FOUND', 'This challenge has no in-page exercise.');
      const consumed = await limiter.consume(`lab:${userId}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
      // The flag this player must find: the deployment's, or theirs when the pack is per-user (in team mode their team's;
      // 403 TEAM_REQUIRED without a team).
      return handler.handle(request, { flag: await challenges.embeddedFlagFor(challenge, userId) });
    },
  };
}
export type LabsService = ReturnType<typeof createLabsService>;
