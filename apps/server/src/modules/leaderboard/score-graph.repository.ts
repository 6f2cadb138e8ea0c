import { asc, inArray, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves } from '../../db/schema/index.js';

import type { GraphSolve } from './score-graph.js';

/** The score graph's reads (docs/product.md#score-graph): solves are its history, so it survives restarts. */
export function createScoreGraphRepository(db: Db) {
  const columns = {
    userId: solves.userId,
    standingId: sql<string>`coalesce(${solves.teamId}, ${solves.userId})`,
    challengeId: solves.challengeId,
    points: solves.points,
    solvedAt: solves.solvedAt,
  };
  return {
    /**
     * The solves of a few players, or teams in team mode (the top of the leaderboard): one indexed lookup per standing.
     * Ids are random UUIDs: a team's never matches a player's.
     */
    async listSolvesOf(standingIds: readonly string[]): Promise<GraphSolve[]> {
      if (standingIds.length === 0) return [];
      return db
        .select(columns)
        .from(solves)
        .where(or(inArray(solves.teamId, [...standingIds]), inArray(solves.userId, [...standingIds])))
        .orderBy(asc(solves.solvedAt), asc(solves.id));
    },
  };
}
export type ScoreGraphRepository = ReturnType<typeof createScoreGraphRepository>;
