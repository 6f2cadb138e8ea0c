import type { Db } from '../db/client.js';
import { createBadgesRepository } from '../modules/badges/badges.repository.js';
import { createBadgesService } from '../modules/badges/badges.service.js';

/**
 * Badges on `executor`: the database, or a unit of work's transaction, whose solve or admin change the awards then commit
 * or roll back with (docs/conventions.md#layers-and-dependency-rules).
 */
export function wireBadges(executor: Db) {
  return createBadgesService({ repository: createBadgesRepository(executor) });
}
