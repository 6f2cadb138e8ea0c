import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { instanceSettings } from '../../db/schema/index.js';

export function createSecretsRepository(db: Db) {
  return {
    /** Stores `value` under `key` unless one is there already, and returns the stored one (safe when instances race). */
    async insertOrGetSetting(key: string, value: string): Promise<string> {
      await db.insert(instanceSettings).values({ key, value }).onConflictDoNothing();
      const [row] = await db
        .select({ value: instanceSettings.value })
        .from(instanceSettings)
        .where(eq(instanceSettings.key, key));
      if (!row) throw new Error(`instance setting ${key} missing after insert`);
      return row.value;
    },
  };
}
export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
