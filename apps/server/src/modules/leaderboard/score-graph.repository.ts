import { asc, inArray } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves } from '../../db/schema/index.js';

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
  };
}
export type ScoreGraphRepository = ReturnType<typeof createScoreGraphRepository>;
