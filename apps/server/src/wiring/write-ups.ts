import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import { notFound } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { LimiterFor } from '../http/rate-limits.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import type { EventService } from '../modules/seasons/event.service.js';
import { createWriteUpsRepository } from '../modules/write-ups/write-ups.repository.js';
import { createWriteUpsService } from '../modules/write-ups/write-ups.service.js';

/** Write-ups, part of the composition root (docs/conventions.md#layers-and-dependency-rules; docs/product.md#write-ups). */
export function wireWriteUps(deps: {
  database: Database;
  challenges: ChallengesService;
  event: EventService;
  clock: Clock;
  limiterFor: LimiterFor;
}) {
  const { database, challenges } = deps;
  return createWriteUpsService({
    repository: createWriteUpsRepository(database.db),
    transaction: createUnitOfWork(database.db, (tx) => ({
      writeUps: createWriteUpsRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
    })),
    assertChallengeVisible: async (challengeId, seesHidden) => {
      if (!seesHidden) {
        await challenges.getListedChallenge(challengeId);
        return;
      }
      if (!(await challenges.findChallenge(challengeId))) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
    },
    // The same progress the challenge page reads its `solved` from.
    hasSolved: async (userId, challengeId) => (await challenges.getProgress(userId)).solved.has(challengeId),
    frozenAt: () => deps.event.state().frozenAt,
    limiter: deps.limiterFor('write-up'),
    clock: deps.clock,
  });
}
