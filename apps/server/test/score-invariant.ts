import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Database } from '../src/db/client.js';
import { challenges } from '../src/db/schema/index.js';
import { currentValue } from '../src/modules/challenges/challenge.js';

/**
 * The score invariant of docs/product.md#scoring, checked on the stored rows: every user's score is the sum of their
 * solves' points plus the admin adjustment, and every solve's points are max(0, the challenge's current value − the costs
 * of the hints its solver opened on it) (the challenge's value from its scoring and its solve count).
 */
export async function expectScoreInvariant(database: Database): Promise<void> {
  const scorings = new Map(
    (await database.db.select().from(challenges)).map((row) => [
      row.id,
      row.scoringType === 'dynamic'
        ? {
            type: 'dynamic' as const,
            initial: row.initialPoints ?? row.points,
            decay: row.decay ?? 1,
            minimum: row.minimumPoints ?? 0,
            function: row.decayFunction === 'logarithmic' ? ('logarithmic' as const) : ('linear' as const),
          }
        : { type: 'static' as const, points: row.points },
    ]),
  );
  const valueOf = (id: string, n: number) => currentValue(scorings.get(id)!, n);
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const users = rowsOf<{ id: string; score: number; adjustment: number; sum: number }>(
    await database.db.execute(sql`select u.id, u.score, u.score_adjustment as adjustment,
      coalesce((select sum(s.points) from solves s where s.user_id = u.id), 0)::int as sum from users u`),
  );
  for (const user of users) expect(user.score, `score of ${user.id}`).toBe(Number(user.sum) + user.adjustment);
  const solves = rowsOf<{ user_id: string; challenge_id: string; points: number; costs: number; n: number }>(
    await database.db.execute(sql`select s.user_id, s.challenge_id, s.points,
      coalesce((select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id
        where u.user_id = s.user_id and u.challenge_id = s.challenge_id), 0)::int as costs,
      (select count(*)::int from solves o where o.challenge_id = s.challenge_id) as n from solves s`),
  );
  for (const solve of solves)
    expect(solve.points, `points of ${solve.user_id} on ${solve.challenge_id}`).toBe(
      Math.max(0, valueOf(solve.challenge_id, Number(solve.n)) - Number(solve.costs)),
    );
}

/**
 * The team side of the invariant (docs/decisions/016-teams.md), checked on the stored rows and on what the server serves:
 * a challenge is solved at most once per team, and every team's score (`servedScoreOf`, e.g. from its page or the
 * leaderboard) is the sum of its solves' points, past members' included. Each solve's points are checked by
 * expectScoreInvariant, which counts a challenge's solves as its value does: one per team in team mode.
 */
export async function expectTeamScoreInvariant(
  database: Database,
  servedScoreOf: (teamId: string) => Promise<number>,
): Promise<void> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const doubled = rowsOf<{ team_id: string; challenge_id: string }>(
    await database.db.execute(sql`select team_id, challenge_id from solves where team_id is not null
      group by team_id, challenge_id having count(*) > 1`),
  );
  expect(doubled, 'challenges solved twice by one team').toEqual([]);
  const teams = rowsOf<{ id: string; sum: number }>(
    await database.db.execute(sql`select t.id, coalesce((select sum(s.points) from solves s where s.team_id = t.id), 0)::int
      as sum from teams t`),
  );
  for (const team of teams) expect(await servedScoreOf(team.id), `score of team ${team.id}`).toBe(Number(team.sum));
}
