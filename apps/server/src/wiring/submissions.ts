import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import type { createMetrics } from '../http/metrics.js';
import { createSubmissionsRepository } from '../modules/submissions/submissions.repository.js';
import type { SolveBatchRetryReason } from '../modules/submissions/submissions.service.js';

import { wireBadges } from './badges.js';

/**
 * What the submissions service stores and reads through, part of the composition root: its repository, the unit of work
 * of a solve (the solve and its badge awards commit together), and how its batches of correct flags meet the
 * database (docs/performance.md "Burst of correct flags").
 */
export function wireSubmissionStores(deps: {
  database: Database;
  metrics: Pick<ReturnType<typeof createMetrics>, 'solveBatchRetried'>;
  log: FastifyBaseLogger;
}) {
  const { db, settle } = deps.database;
  return {
    repository: createSubmissionsRepository(db),
    transaction: createUnitOfWork(db, (tx) => ({ submissions: createSubmissionsRepository(tx), badges: wireBadges(tx) })),
    ...(settle ? { settleDatabase: settle } : {}),
    // The `err` serializer leaves out a failed query's values (lib/logger.ts).
    onSolveBatchRetried: (size: number, reason: SolveBatchRetryReason) => {
      deps.metrics.solveBatchRetried();
      deps.log.warn(
        { size, ...('error' in reason ? { err: reason.error } : reason) },
        'a batch of correct flags failed: its flags run again one by one',
      );
    },
  };
}
