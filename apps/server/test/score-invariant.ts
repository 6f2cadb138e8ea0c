import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import { DEFAULT_EVENT_SETTINGS, EventSettingsSchema } from '@drapeau/shared';

import type { Database } from '../src/db/client.js';
import { challenges, platformSettings } from '../src/db/schema/index.js';
import { challengeValue } from '../src/modules/scoring/ledger.js';

/**
 * The score invariant of docs/product.md#scoring, checked on the stored rows: every user's score is the sum of their
 * solves' points plus the first-blood bonuses of the challenges they solved first plus the admin adjustment, where every
 * solve's points are max(0, the challenge's current value − the costs of the hints its solver, in team mode its team,
 * opened on it) (the
 * challenge's value from its scoring and its solve count) and the first-blood bonus is the `event` setting's
 * (docs/product.md#first-blood), given to the first solve of each challenge (the lowest id).
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
  const valueOf = (id: string, n: number) => challengeValue(scorings.get(id)!, n);
  const [stored] = await database.db.select({ data: platformSettings.data }).from(platformSettings);
  const event = EventSettingsSchema.safeParse(stored?.data.event);
  const bonus = event.success ? event.data.firstBloodBonus : DEFAULT_EVENT_SETTINGS.firstBloodBonus;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const users = rowsOf<{ id: string; score: number; adjustment: number }>(
    await database.db.execute(sql`select u.id, u.score, u.score_adjustment as adjustment from users u`),
  );
  const solves = rowsOf<{ user_id: string; challenge_id: string; points: number; costs: number; n: number; first: boolean }>(
    await database.db.execute(sql`select s.user_id, s.challenge_id, s.points,
      coalesce((select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id
        where u.challenge_id = s.challenge_id and (u.team_id = s.team_id
          or (s.team_id is null and u.team_id is null and u.user_id = s.user_id))), 0)::int as costs,
      (select count(*)::int from solves o where o.challenge_id = s.challenge_id) as n,
      s.id = (select min(f.id) from solves f where f.challenge_id = s.challenge_id) as first from solves s`),
  );
  const expected = new Map(users.map((user) => [user.id, user.adjustment]));
  for (const solve of solves) {
    const earned = Math.max(0, valueOf(solve.challenge_id, Number(solve.n)) - Number(solve.costs));
    const firstBloodBonus = solve.first === true || String(solve.first) === 't' ? bonus : 0;
    expect(solve.points, `points of ${solve.user_id} on ${solve.challenge_id}`).toBe(earned + firstBloodBonus);
    expected.set(solve.user_id, (expected.get(solve.user_id) ?? 0) + earned + firstBloodBonus);
  }
  for (const user of users) expect(user.score, `score of ${user.id}`).toBe(expected.get(user.id));
}

/**
 * The team side of the invariant (docs/decisions/016-teams.md), checked on the stored rows and on what the server serves:
 * a challenge is solved at most once per team, and every team's score (`servedScoreOf`, e.g. from its page or the
 * leaderboard) is the sum of its solves' points, past members' included, plus the team's adjustment (set by admins). Each solve's points are checked by
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
    await database.db.execute(sql`select t.id, (coalesce((select sum(s.points) from solves s where s.team_id = t.id), 0)
      + t.score_adjustment)::int as sum from teams t`),
  );
  for (const team of teams) expect(await servedScoreOf(team.id), `score of team ${team.id}`).toBe(Number(team.sum));
}
