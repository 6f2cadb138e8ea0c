import type { Db } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import type { AuthoringService } from '../modules/challenges/authoring.service.js';
import type { ChallengesService } from '../modules/challenges/challenges.service.js';
import { createSubmissionsRepository } from '../modules/submissions/submissions.repository.js';

import { wireBadges } from './badges.js';

/**
 * What the submissions service stores and reads through, part of the composition root: its repository, the unit of work
 * of a solve (the solve, its score and its badge awards commit together), and whose per-user flag a text is.
 */
export function wireSubmissionStores(deps: { db: Db; challenges: ChallengesService; authoring: AuthoringService }) {
  return {
    repository: createSubmissionsRepository(deps.db),
    transaction: createUnitOfWork(deps.db, (tx) => ({ submissions: createSubmissionsRepository(tx), badges: wireBadges(tx) })),
    findPerUserOwner: async (challengeId: string, flag: string) => {
      const challenge = await deps.challenges.findChallenge(challengeId);
      return challenge ? deps.authoring.findPerUserOwner(challenge, flag) : undefined;
    },
  };
}
