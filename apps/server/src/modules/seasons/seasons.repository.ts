import { and, count, desc, eq, inArray } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { seasonStandings, seasons } from '../../db/schema/index.js';

export interface KeptStanding {
  pos: number;
  entrantId: string;
  name: string;
  score: number;
  taskStats: Record<string, { points: number; time: number }>;
  lastSolveAt: Date | null;
}

export interface KeptSeason {
  nameEn: string;
  nameFr: string;
  startsAt: Date;
  endsAt: Date;
  freezeAt: Date | null;
  isTeams: boolean;
  tasks: string[];
}

export interface SeasonRow extends KeptSeason {
  id: string;
  keptAt: Date;
  entrants: number;
}

const seasonColumns = {
  id: seasons.id,
  nameEn: seasons.nameEn,
  nameFr: seasons.nameFr,
  startsAt: seasons.startsAt,
  endsAt: seasons.endsAt,
  freezeAt: seasons.freezeAt,
  isTeams: seasons.isTeams,
  tasks: seasons.tasks,
  keptAt: seasons.keptAt,
};

/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters, a standing has 7. */
const BATCH = 1000;

const standingColumns = {
  pos: seasonStandings.pos,
  entrantId: seasonStandings.entrantId,
  name: seasonStandings.name,
  score: seasonStandings.score,
  taskStats: seasonStandings.taskStats,
  lastSolveAt: seasonStandings.lastSolveAt,
};

export function createSeasonsRepository(db: Db) {
  return {
    /**
     * Keeps an ended event and its final standings, in one transaction, once: the unique (starts_at, ends_at) makes a
     * second keeping (another instance, a retry) insert nothing. Returns whether this call kept it.
     */
    async insertSeason(season: KeptSeason, standings: readonly KeptStanding[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(seasons)
          .values(season)
          .onConflictDoNothing({ target: [seasons.startsAt, seasons.endsAt] })
          .returning({ id: seasons.id });
        if (!row) return false;
        for (let start = 0; start < standings.length; start += BATCH) {
          const batch = standings.slice(start, start + BATCH).map((standing) => ({ ...standing, seasonId: row.id }));
          await tx.insert(seasonStandings).values(batch);
        }
        return true;
      });
    },

    /** Every kept event, the latest end first, with the number of standings of each. */
    async listSeasons(): Promise<SeasonRow[]> {
      return db
        .select({ ...seasonColumns, entrants: count(seasonStandings.pos) })
        .from(seasons)
        .leftJoin(seasonStandings, eq(seasonStandings.seasonId, seasons.id))
        .groupBy(seasons.id)
        .orderBy(desc(seasons.endsAt), desc(seasons.keptAt));
    },

    async findSeason(id: string): Promise<SeasonRow | undefined> {
      const [row] = await db
        .select({ ...seasonColumns, entrants: count(seasonStandings.pos) })
        .from(seasons)
        .leftJoin(seasonStandings, eq(seasonStandings.seasonId, seasons.id))
        .where(eq(seasons.id, id))
        .groupBy(seasons.id);
      return row;
    },

    /** The final standings in order: every row, or `limit` rows from `offset` (one page). */
    async listStandings(seasonId: string, range?: { offset: number; limit: number }): Promise<KeptStanding[]> {
      const query = db
        .select(standingColumns)
        .from(seasonStandings)
        .where(eq(seasonStandings.seasonId, seasonId))
        .orderBy(seasonStandings.pos);
      return range ? query.limit(range.limit).offset(range.offset) : query;
    },

    /** The first row, in order, of any of these players (teams); undefined when none is ranked. */
    async findStanding(seasonId: string, entrantIds: readonly string[]): Promise<KeptStanding | undefined> {
      if (entrantIds.length === 0) return undefined;
      const [row] = await db
        .select(standingColumns)
        .from(seasonStandings)
        .where(and(eq(seasonStandings.seasonId, seasonId), inArray(seasonStandings.entrantId, [...entrantIds])))
        .orderBy(seasonStandings.pos)
        .limit(1);
      return row;
    },
  };
}
export type SeasonsRepository = ReturnType<typeof createSeasonsRepository>;
