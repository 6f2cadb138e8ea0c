import { createHash } from 'node:crypto';

import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';

import type { ChallengeService, ServiceBuild } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { challengeInstances, challengeServices, fileBlobs, teams, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

/** The folder an image was built from (`image:` of challenge.yml) and the blob of its build context. */
export interface ServiceSource {
  folder: string;
  contextSha256: string;
}
export type InstanceRow = typeof challengeInstances.$inferSelect;
const LIVE = ['starting', 'running'];

/** Challenges' services and the record of their instances (docs/architecture.md "Challenge instances"). */
export function createInstancesRepository(db: Db) {
  const repository = {
    async findService(challengeId: string): Promise<ChallengeService | undefined> {
      return (await repository.findServiceAndBuild(challengeId))?.service;
    },
    async findServiceAndBuild(
      challengeId: string,
    ): Promise<{ service: ChallengeService; build: ServiceBuild | null; source: ServiceSource | null } | undefined> {
      const [row] = await db.select().from(challengeServices).where(eq(challengeServices.challengeId, challengeId));
      if (!row) return undefined;
      const { image, protocol, port, scope, lifetimeMinutes, extendable, memoryMb, cpus } = row;
      return {
        service: {
          ...{ image, port, lifetimeMinutes, extendable, memoryMb, cpus },
          protocol: protocol as ChallengeService['protocol'],
          scope: scope as ChallengeService['scope'],
        },
        build:
          row.buildStatus === null
            ? null
            : {
                status: row.buildStatus as ServiceBuild['status'],
                log: row.buildLog ?? '',
                finishedAt: row.builtAt?.toISOString() ?? null,
              },
        source:
          row.sourceFolder === null || row.contextSha256 === null
            ? null
            : { folder: row.sourceFolder, contextSha256: row.contextSha256 },
      };
    },
    /**
     * Writes the service; `build` null for an image named as it is (no build or pull recorded); `source` the folder and
     * build context of an image built from a folder (the context's bytes kept as a blob, for the export).
     */
    async saveService(
      challengeId: string,
      service: ChallengeService,
      build: ServiceBuild | null = null,
      source: { folder: string; context: Buffer } | { folder: string; contextSha256: string } | null = null,
    ): Promise<void> {
      let contextSha256: string | null = null;
      if (source && 'context' in source) {
        contextSha256 = createHash('sha256').update(source.context).digest('hex');
        await db
          .insert(fileBlobs)
          .values({ sha256: contextSha256, size: source.context.length, data: source.context })
          .onConflictDoNothing();
      } else if (source) contextSha256 = source.contextSha256;
      const values = {
        ...service,
        buildStatus: build?.status ?? null,
        buildLog: build?.log ?? null,
        builtAt: build?.finishedAt ? new Date(build.finishedAt) : null,
        sourceFolder: source?.folder ?? null,
        contextSha256,
      };
      await db
        .insert(challengeServices)
        .values({ challengeId, ...values })
        .onConflictDoUpdate({ target: challengeServices.challengeId, set: values });
    },
    /** Records a build's (or pull's) end, unless the service's image changed meanwhile. */
    /** The services whose build or pull was recorded under way (one that a stop of the server cut short, at start). */
    async listBuildingServices(): Promise<string[]> {
      const rows = await db
        .select({ challengeId: challengeServices.challengeId })
        .from(challengeServices)
        .where(eq(challengeServices.buildStatus, 'building'));
      return rows.map((row) => row.challengeId);
    },
    /** A build context kept with its service (the folder it was imported from, as a tar). */
    async readContext(sha256: string): Promise<Buffer | undefined> {
      const [row] = await db.select({ data: fileBlobs.data }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
      return row?.data;
    },
    async finishBuild(challengeId: string, image: string, build: ServiceBuild): Promise<void> {
      await db
        .update(challengeServices)
        .set({ buildStatus: build.status, buildLog: build.log, builtAt: build.finishedAt ? new Date(build.finishedAt) : null })
        .where(and(eq(challengeServices.challengeId, challengeId), eq(challengeServices.image, image)));
    },
    async deleteService(challengeId: string): Promise<boolean> {
      const rows = await db.delete(challengeServices).where(eq(challengeServices.challengeId, challengeId)).returning();
      return rows.length > 0;
    },

    /**
     * Records a new instance as `starting` if the limits allow it, atomically: one live instance per owner and challenge
     * (the unique index), at most `perPlayer` live ones started by this player and `global` live ones in all (counted
     * under a transaction lock, so concurrent starts cannot both take the last place). Returns why not otherwise.
     */
    async reserve(
      values: Pick<InstanceRow, 'id' | 'challengeId' | 'ownerKey' | 'startedBy' | 'startedAt' | 'expiresAt'>,
      limits: { perPlayer: number; global: number },
    ): Promise<{ reserved: true } | { reserved: false; reason: 'exists' | 'player-limit' | 'full' }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('challenge-instances'))`);
        const live = inArray(challengeInstances.status, LIVE);
        const [same] = await tx
          .select({ n: count() })
          .from(challengeInstances)
          .where(
            and(live, eq(challengeInstances.challengeId, values.challengeId), eq(challengeInstances.ownerKey, values.ownerKey)),
          );
        if ((same?.n ?? 0) > 0) return { reserved: false, reason: 'exists' } as const;
        if (values.startedBy !== null) {
          const [mine] = await tx
            .select({ n: count() })
            .from(challengeInstances)
            .where(and(live, eq(challengeInstances.startedBy, values.startedBy)));
          if ((mine?.n ?? 0) >= limits.perPlayer) return { reserved: false, reason: 'player-limit' } as const;
        }
        const [all] = await tx.select({ n: count() }).from(challengeInstances).where(live);
        if ((all?.n ?? 0) >= limits.global) return { reserved: false, reason: 'full' } as const;
        await tx.insert(challengeInstances).values({ ...values, status: 'starting' });
        return { reserved: true } as const;
      });
    },
    /** The soonest expiry among live instances (when a place frees up at the latest). */
    async soonestExpiry(): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: challengeInstances.expiresAt })
        .from(challengeInstances)
        .where(inArray(challengeInstances.status, LIVE))
        .orderBy(asc(challengeInstances.expiresAt))
        .limit(1);
      return row?.at;
    },
    async markRunning(id: string, values: Pick<InstanceRow, 'providerRef' | 'endpointHost' | 'endpointPort'>): Promise<void> {
      await db
        .update(challengeInstances)
        .set({ ...values, status: 'running' })
        .where(and(eq(challengeInstances.id, id), eq(challengeInstances.status, 'starting')));
    },
    /** Ends a live instance; false if it had ended already (someone else ended it first). */
    async end(id: string, status: 'stopped' | 'expired' | 'failed', at: Date): Promise<boolean> {
      const rows = await db
        .update(challengeInstances)
        .set({ status, endedAt: at })
        .where(and(eq(challengeInstances.id, id), inArray(challengeInstances.status, LIVE)))
        .returning({ id: challengeInstances.id });
      return rows.length > 0;
    },
    async setExpiry(id: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(challengeInstances)
        .set({ expiresAt })
        .where(and(eq(challengeInstances.id, id), eq(challengeInstances.status, 'running')))
        .returning({ id: challengeInstances.id });
      return rows.length > 0;
    },
    async findLive(challengeId: string, ownerKey: string): Promise<InstanceRow | undefined> {
      const [row] = await db
        .select()
        .from(challengeInstances)
        .where(
          and(
            inArray(challengeInstances.status, LIVE),
            eq(challengeInstances.challengeId, challengeId),
            eq(challengeInstances.ownerKey, ownerKey),
          ),
        );
      return row;
    },
    async findLiveById(id: string): Promise<InstanceRow | undefined> {
      const [row] = await db
        .select()
        .from(challengeInstances)
        .where(and(eq(challengeInstances.id, id), inArray(challengeInstances.status, LIVE)));
      return row;
    },
    async listLive(): Promise<InstanceRow[]> {
      return db
        .select()
        .from(challengeInstances)
        .where(inArray(challengeInstances.status, LIVE))
        .orderBy(asc(challengeInstances.startedAt));
    },
    async listExpired(now: Date): Promise<InstanceRow[]> {
      return db
        .select()
        .from(challengeInstances)
        .where(and(inArray(challengeInstances.status, LIVE), lte(challengeInstances.expiresAt, now)));
    },
    /** The shown name of an instance's owner (`user:<id>` or `team:<id>`). */
    async ownerName(ownerKey: string): Promise<string | null> {
      const [kind, id = ''] = ownerKey.split(/:(.*)/s);
      if (kind === 'user') {
        const [row] = await db.select({ name: shownUsername }).from(users).where(eq(users.id, id));
        return row?.name ?? null;
      }
      if (kind === 'team') {
        const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
        return row?.name ?? null;
      }
      return null;
    },
    async countRunning(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(challengeInstances).where(eq(challengeInstances.status, 'running'));
      return row?.n ?? 0;
    },
  };
  return repository;
}
export type InstancesRepository = ReturnType<typeof createInstancesRepository>;
