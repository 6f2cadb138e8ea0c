import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';

interface StoredSettings {
  /** The settings admins have changed, as stored; validated by the service. */
  data: Record<string, unknown>;
  /** 0 before the first change; each change adds one. */
  revision: number;
}

const EMPTY: StoredSettings = { data: {}, revision: 0 };

export interface SettingsRepository {
  findSettings(): Promise<StoredSettings>;
  /**
   * Reads the settings and, inside a transaction, holds off any other change until it ends (the row is created first
   * if no change was ever made), so that concurrent changes apply one after the other.
   */
  lockSettings(): Promise<StoredSettings>;
  /** Merges `changes` into the stored settings, adds one to the revision, and returns the new state. */
  mergeSettings(changes: Record<string, unknown>): Promise<StoredSettings>;
}

/** `db` may be a transaction (the unit of work app.ts gives the settings service). */
export function createSettingsRepository(db: Db): SettingsRepository {
  return {
    async findSettings(): Promise<StoredSettings> {
      const [row] = await db.select({ data: platformSettings.data, revision: platformSettings.revision }).from(platformSettings);
      return row ?? EMPTY;
    },

    async lockSettings(): Promise<StoredSettings> {
      await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
      const [row] = await db
        .select({ data: platformSettings.data, revision: platformSettings.revision })
        .from(platformSettings)
        .for('update');
      return row ?? EMPTY;
    },

    async mergeSettings(changes: Record<string, unknown>): Promise<StoredSettings> {
      const [row] = await db
        .update(platformSettings)
        .set({
          data: sql`${platformSettings.data} || ${JSON.stringify(changes)}::jsonb`,
          revision: sql`${platformSettings.revision} + 1`,
          updatedAt: sql`now()`,
        })
        .returning({ data: platformSettings.data, revision: platformSettings.revision });
      if (!row) throw new Error('platform_settings row missing after lockSettings()');
      return row;
    },
  };
}
