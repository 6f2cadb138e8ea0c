import { asc, inArray, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { challengeHints, hintUnlocks, solves } from '../../db/schema/index.js';

import type { GraphSolve } from './score-graph.js';

/** The score graph's reads (docs/product.md#score-graph): solves are its history, so it survives restarts. */
export function createScoreGraphRepository(db: Db) {
  const columns = {
    userId: solves.userId,
    challengeId: solves.challengeId,
    points: solves.points,
    solvedAt: solves.solvedAt,
  };
  return {
    /** The solves of a few players (the top of the leaderboard): one indexed lookup per player. */
    async listSolvesOf(userIds: readonly string[]): Promise<GraphSolve[]> {
      if (userIds.length === 0) return [];
      return db
        .select(columns)
        .from(solves)
        .where(inArray(solves.userId, [...userIds]))
        .orderBy(asc(solves.solvedAt), asc(solves.id));
    },
    /** Every solve, in time order (the frozen view counts every solver in dynamic values). */
    async listAllSolves(): Promise<GraphSolve[]> {
      return db.select(columns).from(solves).orderBy(asc(solves.solvedAt), asc(solves.id));
    },
    /** What each player's opened hints cost per challenge (only pairs with a cost). */
    async listHintCosts(): Promise<{ userId: string; challengeId: string; cost: number }[]> {
      return db
        .select({
          userId: hintUnlocks.userId,
          challengeId: hintUnlocks.challengeId,
          cost: sql<number>`sum(${challengeHints.cost})::int`,
        })
        .from(hintUnlocks)
        .innerJoin(challengeHints, sql`${challengeHints.id} = ${hintUnlocks.hintId}`)
        .groupBy(hintUnlocks.userId, hintUnlocks.challengeId);
    },
  };
}
export type ScoreGraphRepository = ReturnType<typeof createScoreGraphRepository>;
