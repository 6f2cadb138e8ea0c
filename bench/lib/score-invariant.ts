import type { SqlRunner } from './sql-runner.js';

/**
 * Whether the database was migrated by a build before the scoring ledger (migration 0021), which stores each player's
 * score and each solve's points: the previous build a comparison or the event-start figure runs beside this one.
 */
export async function storesScores(db: SqlRunner): Promise<boolean> {
  const rows = await db.query(`select 1 from information_schema.columns where table_name = 'solves' and column_name = 'points'`);
  return rows.length > 0;
}

/**
 * The score invariant every figure that changes scores checks afterwards, in one place (docs/performance.md "The score
 * invariant"). No score is stored any more (docs/decisions/007-scoring.md): every score is derived from the facts by the
 * scoring ledger, so what can break in the rows is a fact counted twice or one that belongs to nobody: a challenge solved
 * twice by one team, or an adjustment with neither or both of a player and a team. It counts those rows (every caller
 * checks after the server has stopped, on the database it wrote). Comparing the live ledger with a recomputation is the
 * route tests' check (apps/server/test/score-invariant.ts). On the database of a build before the ledger (the previous
 * build of a comparison), the invariant is that build's: every player's stored score is the sum of their solves' stored
 * points plus their adjustment.
 */
export async function countScoreInvariantBreaks(db: SqlRunner): Promise<number> {
  const [broken] = (await storesScores(db))
    ? await db.query<{ n: number }>(
        `select count(*)::int as n from users u
          where u.score <> u.score_adjustment + coalesce((select sum(s.points) from solves s where s.user_id = u.id), 0)`,
      )
    : await db.query<{ n: number }>(
        `select (select count(*) from (select 1 from solves where team_id is not null
                                        group by team_id, challenge_id having count(*) > 1) d)::int
              + (select count(*) from score_adjustments where (user_id is null) = (team_id is null))::int as n`,
      );
  return broken?.n ?? -1;
}
