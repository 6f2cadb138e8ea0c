import type { PublicUser } from '@drapeau/shared';

import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import type { Clock } from '../lib/clock.js';
import { createAdminRepository } from '../modules/admin/admin.repository.js';
import { type AdminServiceDeps, createAdminService } from '../modules/admin/admin.service.js';
import { createAdminSubmissionsRepository } from '../modules/admin/admin-submissions.repository.js';
import { createAnnouncementsRepository } from '../modules/announcements/announcements.repository.js';
import { createAnnouncementsService } from '../modules/announcements/announcements.service.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createBansRepository } from '../modules/bans/bans.repository.js';
import { createBansService } from '../modules/bans/bans.service.js';
import type { EventBus } from '../modules/events/event-bus.js';

import { wireBadges } from './badges.js';

/**
 * What admins change about people and the event's messages, part of the composition root
 * (docs/conventions.md#layers-and-dependency-rules): users (roles, deletions), bans and announcements, each change in one
 * transaction with its audit entries.
 */
export function wireAdmin(deps: {
  database: Database;
  events: EventBus;
  clock: Clock;
  scoring: AdminServiceDeps['scoring'];
  avatars: AdminServiceDeps['avatars'];
  /** Ends the user's sessions on every instance (auth.service revokeSessions). */
  revokeSessions: (userId: string) => Promise<void>;
  /** The user as the acting admin sees it. */
  loadUser: (userId: string, actorId: string) => Promise<PublicUser>;
  reportError: (error: unknown, message: string) => void;
}) {
  const { database, events } = deps;
  const audit = (tx: Database['db']) => createAuditService({ repository: createAuditRepository(tx) });
  const adminService = createAdminService({
    repository: createAdminRepository(database.db),
    submissions: createAdminSubmissionsRepository(database.db),
    // One transaction per admin change: the change, its audit entries and its badge awards commit together.
    transaction: createUnitOfWork(database.db, (tx) => ({
      users: createAdminRepository(tx),
      audit: audit(tx),
      awardEarnedBadges: (userId: string, score: number) => wireBadges(tx).awardEarnedBadges(userId, score),
    })),
    events,
    scoring: deps.scoring,
    avatars: deps.avatars,
    revokeSessions: deps.revokeSessions,
    reportError: deps.reportError,
  });
  const announcementsService = createAnnouncementsService({
    repository: createAnnouncementsRepository(database.db),
    transaction: createUnitOfWork(database.db, (tx) => ({
      announcements: createAnnouncementsRepository(tx),
      audit: audit(tx),
    })),
    onChange: (event) => events.publish('announcement', event),
  });
  const bansService = createBansService({
    transaction: createUnitOfWork(database.db, (tx) => ({ bans: createBansRepository(tx), audit: audit(tx) })),
    clock: deps.clock,
    revokeSessions: deps.revokeSessions,
    loadUser: deps.loadUser,
  });
  return { adminService, announcementsService, bansService };
}
