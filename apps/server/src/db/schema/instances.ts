import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { users } from './auth.js';
import { fileBlobs } from './catalogue.js';
import { challenges } from './challenges.js';

/** A challenge that is a real service (docs/product.md "Challenge instances"): what each instance runs. */
export const challengeServices = pgTable('challenge_services', {
  challengeId: text()
    .primaryKey()
    .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  image: text().notNull(),
  protocol: text().notNull(),
  port: integer().notNull(),
  scope: text().notNull(),
  lifetimeMinutes: integer().notNull(),
  extendable: boolean().notNull(),
  memoryMb: integer().notNull(),
  cpus: real().notNull(),
  /**
   * The image built by the platform from an imported folder (docs/challenge-authoring.md "A challenge with a service"):
   * null when the image is a reference the engine pulls or has; otherwise 'building', 'built' or 'failed', with the
   * engine's build log (its last part) and when it ended.
   */
  buildStatus: text(),
  buildLog: text(),
  builtAt: timestamp({ withTimezone: true }),
  /**
   * Where a built image came from, so that an export writes the folder again (docs/challenge-authoring.md "A challenge
   * with a service"): the folder as `image:` named it (`service`, `.`) and its files as one build context (a tar blob).
   * Null for an image reference.
   */
  sourceFolder: text(),
  contextSha256: text().references(() => fileBlobs.sha256),
});

/**
 * Instances started, running or ended. No flag is stored: the instance's flag is its owner's per-user flag, derived again
 * from the owner (docs/decisions/006-secrets-and-flags.md), so it is accepted after the instance is gone.
 * `ownerKey` is `user:<id>`, `team:<id>` or `shared`; one live instance per owner and challenge, whatever the concurrency.
 */
export const challengeInstances = pgTable(
  'challenge_instances',
  {
    id: text().primaryKey(),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    ownerKey: text().notNull(),
    /** Who pressed Start (null once their account is deleted). */
    startedBy: text().references(() => users.id, { onDelete: 'set null' }),
    /** The provider's own id of the instance (a container's), once created. */
    providerRef: text(),
    status: text().notNull(),
    endpointHost: text(),
    endpointPort: integer(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('challenge_instances_live_uq')
      .on(t.challengeId, t.ownerKey)
      .where(sql`${t.status} in ('starting', 'running')`),
    index('challenge_instances_status_idx').on(t.status, t.expiresAt),
  ],
);
