import { and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';

import {
  type ChallengeState,
  DEFAULT_EVENT_SETTINGS,
  EventSettingsSchema,
  type FlagKind,
  type FlagMatcher,
  type Level,
  type Scoring,
} from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import {
  challengeAttachments,
  challengeFlags,
  challengeHints,
  challengePrerequisites,
  challenges,
  fileBlobs,
  hintUnlocks,
  solves,
  submissions,
  teamMembers,
} from '../../db/schema/index.js';

import { createCategoriesRepository, rowsOf, type CategoriesRepository } from './categories.repository.js';
import type { Challenge } from './challenge.js';
import { catalogueWrites } from './catalogue-writes.repository.js';

type ChallengeRow = typeof challenges.$inferSelect;

/** Per challenge: how many solved it, and who solved it first (first blood, docs/product.md#first-blood). */
export interface SolveStats {
  counts: Map<string, number>;
  firstBloods: Map<string, { uid: string; username: string }>;
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

/**
 * The one rule of a solve's points (docs/product.md#scoring): max(0, the challenge's value − the costs of the hints its
 * solver opened on it), plus `bonus` for the challenge's first solve (the lowest id: first blood). Rewrites the points that
 * differ and moves each solver's score by the difference. `value` null: each challenge's stored current value.
 */
function rescoreSolves(options: { challenges: SQL; value: number | null; bonus: number; onlyUserId?: string }): SQL {
  const userFilter = options.onlyUserId === undefined ? sql`true` : sql`s.user_id = ${options.onlyUserId}`;
  const value = options.value === null ? sql`c.points` : sql`${options.value}::int`;
  return sql`
    with target as (
      select s.id, s.user_id, s.points as old_points,
        (greatest(0, ${value} - coalesce((
          select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id
          where u.user_id = s.user_id and u.challenge_id = s.challenge_id), 0))
        + case when s.id = (select min(f.id) from solves f where f.challenge_id = s.challenge_id)
            then ${options.bonus}::int else 0 end)::int as new_points
      from solves s join challenges c on c.id = s.challenge_id where ${options.challenges} and ${userFilter}
    ), changed as (
      update solves s set points = t.new_points from target t
      where s.id = t.id and t.new_points <> t.old_points
      returning s.user_id, t.new_points - t.old_points as delta
    ), moved as (
      select user_id, sum(delta)::int as delta from changed group by user_id
    )
    update users set score = users.score + m.delta from moved m where users.id = m.user_id`;
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
      const rows = rowsOf<{ id: string; n: number; uid: string; username: string }>(
        await db.execute(sql`with stats as (
            select s.challenge_id as id, count(*)::int as n, min(s.id) as first_id from solves s where ${cut}
            group by s.challenge_id)
          select stats.id, stats.n, f.user_id as uid, coalesce(u.display_username, u.username, '') as username
          from stats join solves f on f.id = stats.first_id join users u on u.id = f.user_id`),
      );
      return {
        counts: new Map(rows.map((r) => [r.id, Number(r.n)])),
        firstBloods: new Map(rows.map((r) => [r.id, { uid: r.uid, username: r.username }])),
      };
    },

    /**
     * One player's progress: solved challenges, opened hints, and wrong attempts per challenge. The solved ones are their
     * own in solo mode, their team's in team mode (docs/product.md#teams): a player who left a team keeps none of its.
     */
    async findPlayerProgress(userId: string) {
      const [membership] = await db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId));
      const teamId = membership?.teamId ?? null;
      const [solved, opened, attempts] = [
        await db
          .select({ id: solves.challengeId, at: solves.solvedAt })
          .from(solves)
          .where(
            or(and(isNull(solves.teamId), eq(solves.userId, userId)), teamId === null ? undefined : eq(solves.teamId, teamId)),
          ),
        await db.select({ id: hintUnlocks.hintId }).from(hintUnlocks).where(eq(hintUnlocks.userId, userId)),
        await db
          .select({ id: submissions.challengeId, n: count() })
          .from(submissions)
          .where(and(eq(submissions.userId, userId), eq(submissions.isCorrect, false)))
          .groupBy(submissions.challengeId),
      ];
      return {
        teamId,
        solved: new Set(solved.map((r) => r.id)),
        solvedAt: new Map(solved.map((r) => [r.id, r.at.getTime()])),
        openedHints: new Set(opened.map((r) => r.id)),
        wrongAttempts: new Map(attempts.map((r) => [r.id, r.n])),
      };
    },

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

    /**
     * Locks the challenge's row until the transaction ends: solves of one challenge then count one at a time. `for no key
     * update`, not `for update`: the transaction's attempt (or hint) row already holds a key-share lock on this row
     * through its foreign key, and so do the concurrent solvers'; `for update` would wait for theirs while they wait for
     * it (a deadlock, answered 500: dynamic-concurrency.routes.test.ts).
     */
    async lockChallenge(id: string): Promise<number> {
      await db.execute(sql`select 1 from ${challenges} where ${challenges.id} = ${id} for no key update`);
      const [row] = await db.select({ n: count() }).from(solves).where(eq(solves.challengeId, id));
      return row?.n ?? 0;
    },

    /**
     * The first-blood bonus (docs/product.md#first-blood), read from the stored `event` setting and held until the
     * transaction ends (a key-share lock on the settings row): a change of the bonus, which rescores under an update lock
     * on that row, then waits for this transaction, or this one for it, so that no solve is scored with a stale bonus.
     * A stored value that does not parse counts as the default, as in settings.service.
     */
    async lockFirstBloodBonus(): Promise<number> {
      const rows = rowsOf<{ event: unknown }>(
        await db.execute(sql`select data->'event' as event from platform_settings for key share`),
      );
      const parsed = EventSettingsSchema.safeParse(rows[0]?.event);
      return parsed.success ? parsed.data.firstBloodBonus : DEFAULT_EVENT_SETTINGS.firstBloodBonus;
    },

    /**
     * Sets every solver's points on this challenge to max(0, value − costs of the hints they opened on it), plus the
     * first-blood bonus for its first solve, and moves their scores by the difference, in one statement:
     * score == sum(solve points) + adjustment keeps holding.
     */
    async recomputeSolvePoints(challengeId: string, value: number, onlyUserId?: string): Promise<void> {
      const bonus = await repository.lockFirstBloodBonus();
      await db.execute(rescoreSolves({ challenges: sql`s.challenge_id = ${challengeId}`, value, bonus, onlyUserId }));
      await db
        .update(challenges)
        .set({ points: value })
        .where(and(eq(challenges.id, challengeId), sql`${challenges.points} <> ${value}`));
    },

    /**
     * Rescores the solves of these challenges (all when omitted) at the challenges' current values with this first-blood
     * bonus: after a change of the bonus (retroactive, docs/product.md#first-blood), or once a first solver is gone
     * (their next solver becomes the first blood). The caller holds the settings row (lockFirstBloodBonus, or its update).
     */
    async rescoreFirstBloods(bonus: number, challengeIds?: readonly string[]): Promise<void> {
      if (challengeIds?.length === 0) return;
      const which =
        challengeIds === undefined
          ? sql`true`
          : sql`s.challenge_id in (${sql.join(
              challengeIds.map((id) => sql`${id}`),
              sql`, `,
            )})`;
      await db.execute(rescoreSolves({ challenges: which, value: null, bonus }));
    },

    /** Removes a challenge: its solvers lose its points first, then the rows go (solves by cascade). */
    async deleteChallenge(id: string): Promise<{ deletedSolves: number; affectedPlayers: number }> {
      const result = await db.execute(sql`
        with removed as (select user_id, points from solves where challenge_id = ${id}),
        lowered as (update users set score = users.score - r.points from removed r where users.id = r.user_id returning 1)
        select (select count(*) from removed)::int as n`);
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
    async openHint(userId: string, hintId: number, challengeId: string): Promise<boolean> {
      const rows = await db
        .insert(hintUnlocks)
        .values({ userId, hintId, challengeId })
        .onConflictDoNothing()
        .returning({ id: hintUnlocks.hintId });
      return rows.length > 0;
    },
    async findScore(userId: string): Promise<number> {
      const result = await db.execute(sql`select score from users where id = ${userId}`);
      return Number(rowsOf<{ score: number }>(result)[0]?.score ?? 0);
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
