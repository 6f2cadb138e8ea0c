import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Database } from '../src/db/client.js';
import { computeStandings } from '../src/modules/scoring/ledger.js';
import { createScoringRepository } from '../src/modules/scoring/scoring.repository.js';

import { loginAdmin, type TestApp } from './build-test-app.js';

/** What the rows say every score is: the scoring ledger's rules (ledger.ts) over the facts read from the database. */
export async function recomputeFromRows(database: Database, kind: 'players' | 'teams'): Promise<Map<string, number>> {
  const facts = await createScoringRepository(database.db).loadFacts();
  return new Map([...computeStandings(facts, kind)].map(([id, standing]) => [id, standing.score]));
}

/** A player's or a team's score as the rows make it (a test's expectation, from the ledger's rules). */
export async function recomputeScoreOf(database: Database, kind: 'players' | 'teams', id: string): Promise<number> {
  return (await recomputeFromRows(database, kind)).get(id) ?? 0;
}

/**
 * The score invariant (docs/decisions/007-scoring.md): every player's score the server serves (the admin panel's list,
 * read from the app's live scoring ledger) equals a recomputation from the rows (solves, hints, challenges' scoring,
 * the first-blood bonus, adjustments).
 */
export async function expectScoreInvariant(t: Pick<TestApp, 'app' | 'database'>): Promise<void> {
  const expected = await recomputeFromRows(t.database, 'players');
  const admin = await loginAdmin(t.app);
  for (const [uid, score] of await servedScores((url) => admin.get(url), 'users'))
    expect(score, `score of ${uid}`).toBe(expected.get(uid) ?? 0);
}

/** Every player's (`users`) or team's score as the admin lists serve them (the app's live ledger), page by page. */
export async function servedScores(
  get: (url: string) => Promise<{ json<T>(): T }>,
  list: 'users' | 'teams',
): Promise<Map<string, number>> {
  const served = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const body = (await get(`/api/admin/${list}?page=${page}`)).json<Record<string, unknown> & { total: number }>();
    const items = body[list] as { uid?: string; id?: string; score: number }[];
    for (const item of items) served.set(item.uid ?? item.id!, item.score);
    if (items.length === 0 || served.size >= body.total) return served;
  }
}

/**
 * The team side of the invariant (docs/decisions/016-teams.md): a challenge is solved at most once per team, and every
 * team's score the server serves (`servedScoreOf`, e.g. from its page or the leaderboard) equals the recomputation from
 * the rows: its solves' points, past members' included, plus its adjustments.
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
  const expected = await recomputeFromRows(database, 'teams');
  const teams = rowsOf<{ id: string }>(await database.db.execute(sql`select id from teams`));
  for (const team of teams) expect(await servedScoreOf(team.id), `score of team ${team.id}`).toBe(expected.get(team.id) ?? 0);
}
