import { asc, eq, sql } from 'drizzle-orm';

import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows-of.js';
import { auditLogs, categories, flagIncidents, instanceSettings, users } from '../../../db/schema/index.js';
import type { Category } from '../model/challenge.js';

const PACK_PER_USER_KEY = 'pack-per-user-flags';

/** Categories, the pack's per-user setting and the audit entries written with a catalogue change. */
export function createCategoriesRepository(db: Db) {
  return {
    async listCategories(): Promise<(Category & { challengeCount: number })[]> {
      const rows = await db
        .select({
          key: categories.key,
          nameEn: categories.nameEn,
          nameFr: categories.nameFr,
          icon: categories.icon,
          position: categories.position,
          isBuiltIn: categories.isBuiltIn,
          challengeCount: sql<number>`(select count(*) from challenges c where c.category = ${categories.key})::int`,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.key));
      return rows.map((r) => ({
        key: r.key,
        name: { en: r.nameEn, fr: r.nameFr },
        icon: r.icon,
        position: r.position,
        isBuiltIn: r.isBuiltIn,
        challengeCount: r.challengeCount,
      }));
    },
    async upsertCategory(category: Category): Promise<void> {
      const values = {
        key: category.key,
        nameEn: category.name.en,
        nameFr: category.name.fr,
        icon: category.icon,
        position: category.position,
        isBuiltIn: category.isBuiltIn,
      };
      await db
        .insert(categories)
        .values(values)
        .onConflictDoUpdate({
          target: categories.key,
          set: { nameEn: values.nameEn, nameFr: values.nameFr, icon: values.icon, position: values.position },
        });
    },
    async deleteCategory(key: string): Promise<void> {
      await db.delete(categories).where(eq(categories.key, key));
    },
    async insertIncident(incident: { challengeId: string; submitterId: string; ownerId: string }) {
      const [row] = await db.insert(flagIncidents).values(incident).returning();
      return row!;
    },
    async listIncidents(limit: number) {
      const result =
        await db.execute(sql`select i.id, i.challenge_id, i.submitter_id, coalesce(s.display_username, s.username, '') as submitter_name,
          i.owner_id, coalesce(o.display_username, o.username, '') as owner_name, i.created_at,
          st.name as submitter_team_name, i.owner_team_id, ot.name as owner_team_name
        from flag_incidents i join users s on s.id = i.submitter_id left join users o on o.id = i.owner_id
          left join teams st on st.id = i.submitter_team_id left join teams ot on ot.id = i.owner_team_id
        order by i.id desc limit ${limit}`);
      return rowsOf<{
        id: number | string;
        challenge_id: string;
        submitter_id: string;
        submitter_name: string;
        owner_id: string | null;
        owner_name: string;
        created_at: string | Date;
        submitter_team_name: string | null;
        owner_team_id: string | null;
        owner_team_name: string | null;
      }>(result);
    },
    async insertAuditEntry(entry: { actorId: string; action: string; details: Record<string, unknown>; targetName?: string }) {
      const result = await db.execute(
        sql`select coalesce(display_username, username, email) as name from users where id = ${entry.actorId}`,
      );
      const actorName = rowsOf<{ name: string }>(result)[0]?.name ?? entry.actorId;
      await db.insert(auditLogs).values({
        actorId: entry.actorId,
        actorName,
        action: entry.action,
        targetName: entry.targetName ?? null,
        details: entry.details,
      });
    },

    async findPackPerUser(): Promise<boolean> {
      const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, PACK_PER_USER_KEY));
      return row?.value === 'true';
    },
    /**
     * A new deployment's value (docs/challenge-authoring.md#per-player-flags): written only when the database holds no
     * account and no value was ever written, so that an existing deployment keeps its own.
     */
    async initPackPerUserOnNewDeployment(value: boolean): Promise<void> {
      const [account] = await db.select({ id: users.id }).from(users).limit(1);
      if (account) return;
      await db
        .insert(instanceSettings)
        .values({ key: PACK_PER_USER_KEY, value: String(value) })
        .onConflictDoNothing();
    },
    async setPackPerUser(value: boolean): Promise<void> {
      await db
        .insert(instanceSettings)
        .values({ key: PACK_PER_USER_KEY, value: String(value) })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value: String(value) } });
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
