import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_EVENT_SETTINGS, DEFAULT_TEAM_SETTINGS, type PlatformSettings } from '@drapeau/shared';

import type { Database } from '../../db/client.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { users } from '../../db/schema/index.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createAuditService } from '../audit/audit.service.js';
import { createMemoryEventBus, type EventBus } from '../events/event-bus.js';

import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService, type SettingsServiceDeps, toPlatformSettings } from './settings.service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values({ id: 'settings-admin', name: 'Root', email: 'root@example.org', role: 'admin' });
});
afterAll(async () => {
  await database.close();
});

describe('toPlatformSettings', () => {
  it('keeps valid stored values and uses the default for missing, invalid or unknown ones', () => {
    expect(toPlatformSettings({ rankStaff: true })).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(toPlatformSettings({})).toEqual({
      emailVerification: 'optional',
      rankStaff: false,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(toPlatformSettings({ rankStaff: 1, gone: 'x' })).toEqual({
      emailVerification: 'optional',
      rankStaff: false,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
  });
});

/** Wired as app.ts wires it: a change and its audit entry in one transaction. */
function buildSettingsService(events: EventBus, onUpdated?: SettingsServiceDeps['onUpdated']) {
  return createSettingsService({
    repository: createSettingsRepository(database.db),
    transaction: createUnitOfWork(database.db, (tx) => ({
      settings: createSettingsRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
    })),
    events,
    onUpdated,
  });
}

describe('the settings service', () => {
  it('gives every instance on the bus the new value synchronously, and tells their subscribers', async () => {
    const events = createMemoryEventBus();
    const updated: string[][] = [];
    const first = buildSettingsService(events, (changed) => updated.push(changed));
    const second = buildSettingsService(events);
    await first.load();
    await second.load();
    const seen: [PlatformSettings, PlatformSettings][] = [];
    second.subscribe((next, previous) => seen.push([next, previous]));

    await first.update('settings-admin', { rankStaff: true });
    expect(first.get()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(second.get()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(seen).toEqual([
      [
        {
          emailVerification: 'optional',
          rankStaff: true,
          requireTwoFactorForAdmins: false,
          ctftimeFeedPublished: false,
          event: DEFAULT_EVENT_SETTINGS,
          teams: DEFAULT_TEAM_SETTINGS,
        },
        {
          emailVerification: 'optional',
          rankStaff: false,
          requireTwoFactorForAdmins: false,
          ctftimeFeedPublished: false,
          event: DEFAULT_EVENT_SETTINGS,
          teams: DEFAULT_TEAM_SETTINGS,
        },
      ],
    ]);
    // Only the instance that made the change is told to announce it.
    expect(updated).toEqual([['rankStaff']]);
    expect(Object.isFrozen(second.get())).toBe(true);

    // A notification that arrives late (an older revision) does not take an instance back.
    events.publish('settings', { revision: 0, settings: { rankStaff: false } });
    expect(second.get()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(seen).toHaveLength(1);
    first.close();
    second.close();
  });
});
