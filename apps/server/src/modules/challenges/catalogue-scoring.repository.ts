import { and, count, eq, type SQL, sql } from 'drizzle-orm';

import { DEFAULT_EVENT_SETTINGS, EventSettingsSchema } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { challenges, solves } from '../../db/schema/index.js';
import { HINTS_OF_SOLVE } from '../../db/solve-points.js';

import { rowsOf } from './categories.repository.js';
import type { SolveOwner } from './challenge.js';

/**
 * The one rule of a solve's points (docs/product.md#scoring): max(0, the challenge's value − the costs of the hints its
 * solver (in team mode, its team) opened on it), plus `bonus` for the challenge's first solve (the lowest id: first
 * blood). Rewrites the points that differ and moves each solver's score by the difference. `value` null: each
 * challenge's stored current value. Each challenge's first solve is found once (a subquery per solve would read every
 * solve of the challenge again: quadratic at thousands of solvers).
 */
function rescoreSolves(options: { challenges: SQL; value: number | null; bonus: number; only?: SolveOwner }): SQL {
  const { only } = options;
  const ownerFilter =
    only === undefined ? sql`true` : 'teamId' in only ? sql`s.team_id = ${only.teamId}` : sql`s.user_id = ${only.userId}`;
  const value = options.value === null ? sql`c.points` : sql`${options.value}::int`;
  return sql`
    with first_solves as (
      select s.challenge_id, min(s.id) as id from solves s where ${options.challenges} group by s.challenge_id
    ), target as (
      select s.id, s.user_id, s.points as old_points,
        (greatest(0, ${value} - coalesce((
          select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id where ${HINTS_OF_SOLVE}), 0))
        + case when s.id = f.id then ${options.bonus}::int else 0 end)::int as new_points
      from solves s join challenges c on c.id = s.challenge_id join first_solves f on f.challenge_id = s.challenge_id
      where ${options.challenges} and ${ownerFilter}
    ), changed as (
      update solves s set points = t.new_points from target t
      where s.id = t.id and t.new_points <> t.old_points
      returning s.user_id, t.new_points - t.old_points as delta
    ), moved as (
      select user_id, sum(delta)::int as delta from changed group by user_id
    )
    update users set score = users.score + m.delta from moved m where users.id = m.user_id`;
}

/** The catalogue's scoring SQL: the locks a solve takes, and the rescoring of solves (docs/product.md#scoring). */
export function catalogueScoring(db: Db) {
  const scoring = {
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
     * Serialises, for one player (solo mode) or one team (team mode) and one challenge, the opening of a costly hint and
     * the solve (docs/decisions/016-teams.md): taken first by both transactions, it makes a hint opened while a member
     * solves either counted by the solve, or seen by the hint's transaction once the solve is committed, never missed by
     * both. Released at the end of the transaction.
     */
    async lockHintsOf(owner: SolveOwner, challengeId: string): Promise<void> {
      const key = 'teamId' in owner ? `team:${owner.teamId}` : `user:${owner.userId}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`hints:${key}:${challengeId}`}))`);
    },

    /** Whether this player (solo mode) or team (team mode) has a committed solve of the challenge. */
    async hasSolveOf(owner: SolveOwner, challengeId: string): Promise<boolean> {
      const who = 'teamId' in owner ? sql`team_id = ${owner.teamId}` : sql`user_id = ${owner.userId} and team_id is null`;
      const result = await db.execute(sql`select 1 as one from solves where challenge_id = ${challengeId} and ${who} limit 1`);
      return rowsOf(result).length > 0;
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
    async recomputeSolvePoints(challengeId: string, value: number, only?: SolveOwner): Promise<void> {
      const bonus = await scoring.lockFirstBloodBonus();
      await db.execute(rescoreSolves({ challenges: sql`s.challenge_id = ${challengeId}`, value, bonus, only }));
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
  };
  return scoring;
}
