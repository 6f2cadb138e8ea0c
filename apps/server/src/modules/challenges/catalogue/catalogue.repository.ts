import { asc, count, eq, sql } from 'drizzle-orm';

import {
  type ChallengeState,
  type FlagKind,
  type FlagMatcher,
  type InstanceProtocol,
  type InstanceScope,
  type Level,
  type Scoring,
} from '@drapeau/shared';

import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows-of.js';
import {
  challengeAttachments,
  challengeFlags,
  challengeHints,
  challengePrerequisites,
  challengeServices,
  challenges,
  fileBlobs,
  hintUnlocks,
  solves,
  teamMembers,
  teams,
} from '../../../db/schema/index.js';
import type { Challenge } from '../model/challenge.js';
import type { FirstBlood } from '../model/challenge-views.js';

import { createCategoriesRepository, type CategoriesRepository } from './categories.repository.js';
import { catalogueWrites } from './catalogue-writes.repository.js';
import { playerProgressReads } from './player-progress.repository.js';

type ChallengeRow = typeof challenges.$inferSelect;

/** Per challenge: how many solved it, and who solved it first (first blood, docs/product.md#first-blood). */
export interface SolveStats {
  counts: Map<string, number>;
  firstBloods: Map<string, FirstBlood>;
}

function toScoring(row: ChallengeRow): Scoring {
  if (row.scoringType === 'dynamic') {
    return {
      type: 'dynamic',
      initial: row.initialPoints ?? row.points,
      decay: row.decay ?? 1,
      minimum: row.minimumPoints ?? 0,
      function: row.decayFunction === 'logarithmic' ? 'logarithmic' : 'linear',
    };
  }
  return { type: 'static', points: row.points };
}

function catalogueQueries(db: Db) {
  const repository = {
    /** The whole catalogue, in five queries (it is then served from memory). */
    async listChallenges(): Promise<Challenge[]> {
      const [rows, hints, files, flags, prereqs] = [
        await db.select().from(challenges).orderBy(asc(challenges.position), asc(challenges.id)),
        await db.select().from(challengeHints).orderBy(asc(challengeHints.position)),
        await db.select().from(challengeAttachments).orderBy(asc(challengeAttachments.position)),
        await db.select().from(challengeFlags).orderBy(asc(challengeFlags.position)),
        await db.select().from(challengePrerequisites),
      ];
      // The instances module's table, read with the catalogue so that views and export know each challenge's service.
      const services = await db.select().from(challengeServices);
      const byId = new Map<string, Challenge>();
      for (const row of rows) {
        byId.set(row.id, {
          id: row.id,
          position: row.position,
          category: row.category,
          level: row.level as Level,
          title: { en: row.titleEn, fr: row.titleFr },
          description: { en: row.descriptionEn, fr: row.descriptionFr },
          explanation: { en: row.explanationEn, fr: row.explanationFr },
          author: row.author,
          tags: row.tags,
          scoring: toScoring(row),
          state: row.state as ChallengeState,
          maxAttempts: row.maxAttempts,
          opensAt: row.opensAt,
          closesAt: row.closesAt,
          lab: row.lab,
          connectionInfo: row.connectionInfo,
          service: null,
          serviceSource: null,
          isBuiltIn: row.isBuiltIn,
          hints: [],
          attachments: [],
          flags: [],
          prerequisites: [],
          updatedAt: row.updatedAt,
        });
      }
      for (const h of hints)
        byId.get(h.challengeId)?.hints.push({ id: h.id, content: { en: h.contentEn, fr: h.contentFr }, cost: h.cost });
      for (const f of files)
        byId.get(f.challengeId)?.attachments.push({
          id: f.id,
          name: f.name,
          contentType: f.contentType,
          sha256: f.sha256,
          size: f.size,
          generator: f.generator,
        });
      for (const f of flags)
        byId
          .get(f.challengeId)
          ?.flags.push({ id: f.id, kind: f.kind as FlagKind, matcher: f.matcher as FlagMatcher, content: f.content });
      for (const p of prereqs) byId.get(p.challengeId)?.prerequisites.push(p.requiredId);
      for (const { challengeId, image, protocol, port, scope, lifetimeMinutes, extendable, memoryMb, cpus, ...row } of services) {
        const challenge = byId.get(challengeId);
        if (!challenge) continue;
        challenge.service = {
          ...{ image, port, lifetimeMinutes, extendable, memoryMb, cpus },
          protocol: protocol as InstanceProtocol,
          scope: scope as InstanceScope,
        };
        if (row.sourceFolder !== null && row.contextSha256 !== null)
          challenge.serviceSource = { folder: row.sourceFolder, contextSha256: row.contextSha256 };
      }
      return [...byId.values()];
    },

    async countChallenges(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(challenges);
      return row?.n ?? 0;
    },

    async listSolveCounts(): Promise<Map<string, number>> {
      const rows = await db.select({ id: solves.challengeId, n: count() }).from(solves).groupBy(solves.challengeId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /**
     * Solve counts and first solvers per challenge, from the solves made up to `until` (the freeze,
     * docs/product.md#freeze) or from all of them.
     */
    async listSolveStats(until: Date | null): Promise<SolveStats> {
      const cut = until === null ? sql`true` : sql`s.solved_at <= ${until.toISOString()}::timestamptz`;
      // One grouped scan, as cheap as counting: the first solve recorded (the lowest id) is the first blood.
      // In team mode the first blood is the team's (docs/product.md#first-blood): named with the member who solved.
      const rows = rowsOf<{
        id: string;
        n: number;
        uid: string;
        username: string;
        team_id: string | null;
        team_name: string | null;
      }>(
        await db.execute(sql`with stats as (
            select s.challenge_id as id, count(*)::int as n, min(s.id) as first_id from solves s where ${cut}
            group by s.challenge_id)
          select stats.id, stats.n, f.user_id as uid, coalesce(u.display_username, u.username, '') as username,
            t.id as team_id, t.name as team_name
          from stats join solves f on f.id = stats.first_id join users u on u.id = f.user_id
            left join teams t on t.id = f.team_id`),
      );
      const firstBloodOf = (r: (typeof rows)[number]): FirstBlood =>
        r.team_id === null || r.team_name === null
          ? { uid: r.uid, username: r.username }
          : { uid: r.uid, username: r.username, teamId: r.team_id, teamName: r.team_name };
      return {
        counts: new Map(rows.map((r) => [r.id, Number(r.n)])),
        firstBloods: new Map(rows.map((r) => [r.id, firstBloodOf(r)])),
      };
    },

    /** The player's team, if any. */
    async findTeamIdOf(userId: string): Promise<string | null> {
      const [membership] = await db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId));
      return membership?.teamId ?? null;
    },
    async listTeamIds(): Promise<string[]> {
      return (await db.select({ id: teams.id }).from(teams)).map((r) => r.id);
    },
    ...playerProgressReads(db),
    ...catalogueWrites(db),
    async findBlob(sha256: string): Promise<Buffer | undefined> {
      const [row] = await db.select({ data: fileBlobs.data }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
      return row?.data;
    },
    async insertAttachment(challengeId: string, file: { name: string; contentType: string; sha256: string; size: number }) {
      const [max] = await db
        .select({ n: sql<number>`coalesce(max(${challengeAttachments.position}), -1)::int` })
        .from(challengeAttachments)
        .where(eq(challengeAttachments.challengeId, challengeId));
      const [row] = await db
        .insert(challengeAttachments)
        .values({ challengeId, position: (max?.n ?? -1) + 1, ...file, generator: null })
        .onConflictDoNothing()
        .returning({ id: challengeAttachments.id });
      return row?.id;
    },
    async replaceAttachment(id: number, file: { name: string; contentType: string; sha256: string; size: number }) {
      await db
        .update(challengeAttachments)
        .set({ ...file, generator: null })
        .where(eq(challengeAttachments.id, id));
    },
    async deleteAttachment(id: number) {
      await db.delete(challengeAttachments).where(eq(challengeAttachments.id, id));
    },
    async touchChallenge(id: string) {
      await db
        .update(challenges)
        .set({ updatedAt: sql`now()` })
        .where(eq(challenges.id, id));
    },

    /** Removes a challenge and its solves (by cascade): the scoring ledger derives the scores without them. */
    async deleteChallenge(id: string): Promise<{ deletedSolves: number; affectedPlayers: number }> {
      const result = await db.execute(sql`select count(*)::int as n from solves where challenge_id = ${id}`);
      const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      await db.delete(challenges).where(eq(challenges.id, id));
      return { deletedSolves: n, affectedPlayers: n };
    },

    async listHintOpenCounts(challengeId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: hintUnlocks.hintId, n: count() })
        .from(hintUnlocks)
        .where(eq(hintUnlocks.challengeId, challengeId))
        .groupBy(hintUnlocks.hintId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /** Opens a hint for a player, or in team mode for their team (`teamId`): false when it was already open. */
    async openHint(userId: string, hintId: number, challengeId: string, teamId: string | null = null): Promise<boolean> {
      const rows = await db
        .insert(hintUnlocks)
        .values({ userId, hintId, challengeId, teamId })
        .onConflictDoNothing()
        .returning({ id: hintUnlocks.hintId });
      return rows.length > 0;
    },
  };
  return repository;
}

export interface CatalogueRepository extends ReturnType<typeof catalogueQueries>, CategoriesRepository {
  /** Runs `fn` in one transaction, with a repository bound to it (the unit of work of a catalogue change). */
  transaction<T>(fn: (repository: CatalogueRepository) => Promise<T>): Promise<T>;
}

/** The catalogue's SQL. `db` may be a transaction (see transaction()). */
export function createCatalogueRepository(db: Db): CatalogueRepository {
  return {
    ...catalogueQueries(db),
    ...createCategoriesRepository(db),
    transaction: (fn) => db.transaction(async (tx) => fn(createCatalogueRepository(tx))),
  };
}
