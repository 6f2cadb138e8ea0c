import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import type { EventBus } from '../modules/events/event-bus.js';
import { followSettingsEvents } from '../modules/settings/settings.handlers.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import { createSettingsService } from '../modules/settings/settings.service.js';

/**
 * The admins' platform settings (docs/decisions/008-platform-settings.md), part of the composition root: read before the
 * server answers, and read again when this instance may have missed a change made on another one.
 */
export async function wireSettings(deps: {
  database: Database;
  events: EventBus;
  log: FastifyBaseLogger;
  /** docs/decisions/016-teams.md: team mode is switched only while nobody has solved anything. */
  assertTeamModeSwitchable: () => Promise<void>;
}) {
  const { database, events, log } = deps;
  const settingsService = createSettingsService({
    repository: createSettingsRepository(database.db),
    // A change and its audit entry commit together.
    transaction: createUnitOfWork(database.db, (tx) => ({
      settings: createSettingsRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
    })),
    events,
    assertChangeAllowed: async (body, current) => {
      if (body.teams && body.teams.enabled !== current.teams.enabled) await deps.assertTeamModeSwitchable();
    },
    onUpdated: (changed, settings) => {
      // Browsers refetch the standings when staff are ranked or no longer.
      if (changed.includes('rankStaff')) events.publish('leaderboard', { reason: 'settings' });
      // Open pages refetch the event's phase and times, and the challenge list (docs/product.md#events).
      if (changed.includes('event')) events.publish('event', settings.event);
      // The first-blood bonus is in the scores: every instance rebuilds its standings, and browsers refetch them.
      if (changed.includes('event')) events.publish('leaderboard', { reason: 'settings' });
      // Pages refetch the player's team and the standings when team mode or the size limit changes.
      if (changed.includes('teams')) events.publish('leaderboard', { reason: 'settings' });
    },
  });
  await settingsService.load();
  followSettingsEvents(events, { settings: settingsService, log });
  return settingsService;
}
