import type { SqlRunner } from './sql-runner.js';

/**
 * The score invariant every figure that changes scores checks afterwards, in one place (docs/performance.md "The score
 * invariant"): today every player's stored score is the sum of their solves' stored points plus their adjustment, so it
 * counts the players for whom it is not. When scores are derived by the ledger (issue #35), this becomes "the ledger
 * equals a recomputation from the rows", and only this function changes (every caller checks after the server has
 * stopped, on the database it wrote).
 */
export async function countScoreInvariantBreaks(db: SqlRunner): Promise<number> {
  const [mismatch] = await db.query<{ n: number }>(
    `select count(*)::int as n from users u
      where u.score <> u.score_adjustment + coalesce((select sum(s.points) from solves s where s.user_id = u.id), 0)`,
  );
  return mismatch?.n ?? -1;
}
