import {
  DEFAULT_PLATFORM_SETTINGS,
  PLATFORM_SETTING_KEYS,
  type PlatformSettingKey,
  type PlatformSettings,
  PlatformSettingsSchema,
  type SettingsChangedEvent,
  type UpdatePlatformSettingsBody,
} from '@drapeau/shared';

import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuditService } from '../audit/audit.service.js';
import type { EventBus } from '../events/event-bus.js';

import type { SettingsRepository } from './settings.repository.js';

export type SettingsListener = (next: PlatformSettings, previous: PlatformSettings) => void;

export interface SettingsServiceDeps {
  repository: SettingsRepository;
  /** One transaction for a change: the settings row and its audit entry commit together. */
  transaction: UnitOfWork<{
    settings: SettingsRepository;
    audit: Pick<AuditService, 'record'>;
  }>;
  events: EventBus;
  /** Told, on the instance that made it, once a change is committed and published (e.g. to tell browsers). */
  onUpdated?: (changed: PlatformSettingKey[], settings: PlatformSettings) => void;
  /** Refuses a change that the platform's data does not allow (an AppError), before anything is written. */
  assertChangeAllowed?: (body: UpdatePlatformSettingsBody, current: PlatformSettings) => Promise<void>;
}

/**
 * Each stored value is checked against its schema; a missing or invalid one (a setting added or changed by a newer
 * version) counts as its default, so that a bad value can never stop the server.
 */
export function toPlatformSettings(stored: Record<string, unknown>): PlatformSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_PLATFORM_SETTINGS };
  for (const key of PLATFORM_SETTING_KEYS) {
    const parsed = PlatformSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return Object.freeze(settings as PlatformSettings);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The admins' platform settings (docs/decisions/008-platform-settings.md): stored in one database row, held in memory
 * for synchronous reads (`get()`), changed in one transaction with its audit entry, then published on the event bus so
 * that every instance applies it. A revision number keeps an instance from going back to an older value when
 * notifications arrive out of order.
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { events, repository, transaction } = deps;
  let current: { revision: number; settings: PlatformSettings } = {
    revision: -1,
    settings: Object.freeze({ ...DEFAULT_PLATFORM_SETTINGS }),
  };
  const listeners = new Set<SettingsListener>();

  const apply = (revision: number, settings: PlatformSettings) => {
    if (revision <= current.revision) return;
    const previous = current.settings;
    current = { revision, settings };
    if (sameValue(previous, settings)) return;
    for (const listener of listeners) listener(settings, previous);
  };

  const unsubscribe = events.subscribe((message) => {
    if (message.type !== 'settings') return;
    const data = message.data as SettingsChangedEvent;
    apply(data.revision, toPlatformSettings(data.settings));
  });

  return {
    /** Reads the stored settings; called once at start, before the server answers. */
    async load(): Promise<void> {
      const stored = await repository.findSettings();
      apply(stored.revision, toPlatformSettings(stored.data));
    },

    /** The current settings (frozen): a memory read, no query. */
    get(): PlatformSettings {
      return current.settings;
    },

    /** Calls `listener` on every instance whenever a setting changes; returns the unsubscribe function. */
    subscribe(listener: SettingsListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Changes the settings given (the others stay), audited in the same transaction; a no-op writes nothing. */
    async update(actorId: string, body: UpdatePlatformSettingsBody): Promise<PlatformSettings> {
      await deps.assertChangeAllowed?.(body, current.settings);
      const result = await transaction(async ({ settings: tx, audit }) => {
        const before = await tx.lockSettings();
        const previous = toPlatformSettings(before.data);
        const values: Record<string, unknown> = {};
        const details: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of PLATFORM_SETTING_KEYS) {
          const value = body[key];
          if (value === undefined || sameValue(value, previous[key])) continue;
          values[key] = value;
          details[key] = { from: previous[key], to: value };
        }
        const changed = Object.keys(values) as PlatformSettingKey[];
        if (changed.length === 0) return { revision: before.revision, settings: previous, changed };
        const after = await tx.mergeSettings(values);
        await audit.record({ actorId, action: 'settings.update', details });
        const next = toPlatformSettings(after.data);
        return { revision: after.revision, settings: next, changed };
      });
      apply(result.revision, result.settings);
      if (result.changed.length > 0) {
        events.publish('settings', { revision: result.revision, settings: result.settings });
        deps.onUpdated?.(result.changed, result.settings);
      }
      return result.settings;
    },

    close: unsubscribe,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
