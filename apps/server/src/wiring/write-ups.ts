import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import { notFound } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import type { ChallengesService } from '../modules/challenges/challenges.service.js';
import type { EventService } from '../modules/event/event.service.js';
import { createWriteUpsRepository } from '../modules/write-ups/write-ups.repository.js';
import { createWriteUpsService } from '../modules/write-ups/write-ups.service.js';

/** Publishes, edits and deletes per author (docs/decisions/010-abuse-limits.md), like profile changes. */
export const WRITE_UP_WRITES_PER_10_MIN = 20;

/** Write-ups, part of the composition root (docs/conventions.md#layers-and-dependency-rules; docs/product.md#write-ups). */
export function wireWriteUps(deps: {
  database: Database;
  challenges: ChallengesService;
  event: EventService;
  clock: Clock;
  limiterFor: (name: string, points: number, windowMs?: number) => RateLimiter;
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
    limiter: deps.limiterFor('write-up', WRITE_UP_WRITES_PER_10_MIN, 10 * 60_000),
    clock: deps.clock,
  });
}
