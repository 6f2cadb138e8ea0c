import { asc, sql } from 'drizzle-orm';

import type { Scoring } from '@drapeau/shared';
import { DEFAULT_EVENT_SETTINGS, EventSettingsSchema } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { challengeHints, challenges, hintUnlocks, platformSettings, scoreAdjustments, solves } from '../../db/schema/index.js';

import type { LedgerAdjustment, LedgerFacts, LedgerHint } from './ledger.js';

type ChallengeRow = Pick<
  typeof challenges.$inferSelect,
  'id' | 'scoringType' | 'points' | 'initialPoints' | 'decay' | 'minimumPoints' | 'decayFunction'
>;

/** A challenge's scoring parameters as the ledger reads them (docs/product.md#scoring). */
function scoringOf(row: ChallengeRow): Scoring {
  if (row.scoringType !== 'dynamic') return { type: 'static', points: row.points };
  return {
    type: 'dynamic',
    initial: row.initialPoints ?? row.points,
    decay: row.decay ?? 1,
    minimum: row.minimumPoints ?? 0,
    function: row.decayFunction === 'logarithmic' ? 'logarithmic' : 'linear',
  };
}

const solveColumns = {
  id: solves.id,
  userId: solves.userId,
  teamId: solves.teamId,
  challengeId: solves.challengeId,
  solvedAt: solves.solvedAt,
};
const toSolve = (row: { id: number; userId: string; teamId: string | null; challengeId: string; solvedAt: Date }) => ({
  ...row,
  solvedAt: row.solvedAt.getTime(),
});

/** The scoring ledger's facts (docs/decisions/007-scoring.md): read, never a score. */
export function createScoringRepository(db: Db) {
  const repository = {
    async listScorings(): Promise<Map<string, Scoring>> {
      const rows = await db
        .select({
          id: challenges.id,
          scoringType: challenges.scoringType,
          points: challenges.points,
          initialPoints: challenges.initialPoints,
          decay: challenges.decay,
          minimumPoints: challenges.minimumPoints,
          decayFunction: challenges.decayFunction,
        })
        .from(challenges);
      return new Map(rows.map((row) => [row.id, scoringOf(row)]));
    },
    async listAdjustments(): Promise<LedgerAdjustment[]> {
      const rows = await db
        .select({
          userId: scoreAdjustments.userId,
          teamId: scoreAdjustments.teamId,
          delta: scoreAdjustments.delta,
          at: scoreAdjustments.createdAt,
        })
        .from(scoreAdjustments)
        .orderBy(asc(scoreAdjustments.id));
      return rows.map((row) => ({ ...row, at: row.at.getTime() }));
    },
    /** Every hint opened, with its cost (those without a cost change nothing). */
    async listHints(): Promise<LedgerHint[]> {
      return db
        .select({
          userId: hintUnlocks.userId,
          teamId: hintUnlocks.teamId,
          challengeId: hintUnlocks.challengeId,
          cost: challengeHints.cost,
          hintId: hintUnlocks.hintId,
        })
        .from(hintUnlocks)
        .innerJoin(challengeHints, sql`${challengeHints.id} = ${hintUnlocks.hintId} and ${challengeHints.cost} > 0`);
    },
    async readFirstBloodBonus(): Promise<number> {
      const [row] = await db.select({ data: platformSettings.data }).from(platformSettings);
      const parsed = EventSettingsSchema.safeParse(row?.data.event);
      return parsed.success ? parsed.data.firstBloodBonus : DEFAULT_EVENT_SETTINGS.firstBloodBonus;
    },
    /** Every fact, at start and after an admin's change that deletes or rewrites some. */
    async loadFacts(): Promise<LedgerFacts> {
      const scoring = await repository.listScorings();
      const solveRows = (await db.select(solveColumns).from(solves)).map(toSolve);
      return {
        scoring,
        solves: solveRows,
        hints: await repository.listHints(),
        adjustments: await repository.listAdjustments(),
        firstBloodBonus: await repository.readFirstBloodBonus(),
      };
    },
  };
  return repository;
}
export type ScoringRepository = ReturnType<typeof createScoringRepository>;
