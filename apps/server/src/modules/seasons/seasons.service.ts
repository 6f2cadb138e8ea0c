import {
  type CtftimeFeed,
  type EventSettings,
  LEADERBOARD_PAGE_SIZE,
  type Season,
  type SeasonListResult,
  type SeasonStanding,
  type SeasonStandingsResult,
} from '@drapeau/shared';

import { notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';

import { eventStateAt } from './event-phase.js';
import type { KeptStanding, SeasonRow, SeasonsRepository } from './seasons.repository.js';
import { toStandingsCsv } from './standings-csv.js';

/** An event's board over its window, in the CTFtime feed's terms, each standing with its player's (team's) id. */
interface FinalStandings {
  isTeams: boolean;
  tasks: string[];
  standings: { id: string; name: string; score: number; taskStats: KeptStanding['taskStats']; lastAccept?: number }[];
}

export interface SeasonsServiceDeps {
  repository: SeasonsRepository;
  /** The `event` platform setting: the current (or last) event. */
  currentEvent: () => EventSettings;
  clock: Clock;
  /** The board of what was solved in [from, until) (docs/product.md#events): the final standings of an event. */
  /** The player's current team, whose row is theirs in a team-mode event's standings. */
  teamIdOf: (userId: string) => Promise<string | undefined>;
  finalStandingsOf: (window: { from: Date; until: Date }) => Promise<FinalStandings>;
  onError: (error: unknown) => void;
}

const toStanding = (standing: KeptStanding): SeasonStanding => ({
  pos: standing.pos,
  id: standing.entrantId,
  name: standing.name,
  score: standing.score,
  solved: Object.keys(standing.taskStats).length,
  lastSolveAt: standing.lastSolveAt?.toISOString() ?? null,
});

const keyOf = (event: EventSettings) => `${event.startsAt}|${event.endsAt}`;

const toSeason = (row: SeasonRow): Season => ({
  id: row.id,
  name: { en: row.nameEn, fr: row.nameFr },
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  freezeAt: row.freezeAt?.toISOString() ?? null,
  isTeams: row.isTeams,
  entrants: row.entrants,
  keptAt: row.keptAt.toISOString(),
});

/**
 * Events as seasons (docs/product.md#events): the current event is the `event` setting; once it has ended, its name,
 * times and final standings are kept, once, in the database (at the first read of the events after its end, or when
 * admins change the event), and stay listed and exportable whatever happens to the platform after.
 */
export function createSeasonsService(deps: SeasonsServiceDeps) {
  const { repository, clock } = deps;
  /** Events this instance knows are kept (or being kept): the check before each read costs no query after the first. */
  const keeping = new Map<string, Promise<void>>();

  const keep = (event: EventSettings): Promise<void> => {
    const key = keyOf(event);
    let pending = keeping.get(key);
    if (!pending) {
      pending = (async () => {
        const from = new Date(event.startsAt!);
        const until = new Date(event.endsAt!);
        const final = await deps.finalStandingsOf({ from, until });
        await repository.insertSeason(
          {
            nameEn: event.name.en,
            nameFr: event.name.fr,
            startsAt: from,
            endsAt: until,
            freezeAt: event.freezeAt === null ? null : new Date(event.freezeAt),
            isTeams: final.isTeams,
            tasks: final.tasks,
          },
          final.standings.map((standing, index) => ({
            pos: index + 1,
            entrantId: standing.id,
            name: standing.name,
            score: standing.score,
            taskStats: standing.taskStats,
            lastSolveAt: standing.lastAccept === undefined ? null : new Date(standing.lastAccept * 1000),
          })),
        );
      })();
      keeping.set(key, pending);
      // A failure is tried again at the next read.
      pending.catch(() => keeping.delete(key));
    }
    return pending;
  };

  /** Waits for the keeping of the current event if it has ended, and for any this instance has started. */
  const settle = async (): Promise<void> => {
    await keepIfEnded(deps.currentEvent());
    await Promise.allSettled(keeping.values());
  };

  /** Keeps `event` if it is an event that has ended by now. */
  const keepIfEnded = async (event: EventSettings): Promise<void> => {
    if (eventStateAt(event, clock.now()).phase === 'ended') await keep(event);
  };

  const findSeason = async (id: string): Promise<SeasonRow> => {
    await settle();
    const row = await repository.findSeason(id);
    if (!row) throw notFound('SEASON_NOT_FOUND', 'No such event.');
    return row;
  };

  return {
    /**
     * On every instance, when the `event` setting changes: an event that had ended is kept before anything can read the
     * platform's next state (the write is idempotent, so every instance may try).
     */
    onEventChanged(next: EventSettings, previous: EventSettings): void {
      if (keyOf(next) === keyOf(previous) && next.mode === previous.mode) return;
      keepIfEnded(previous).catch(deps.onError);
    },

    /** GET /api/seasons: every event that ended, the latest first. */
    async listSeasons(): Promise<SeasonListResult> {
      await settle();
      return { seasons: (await repository.listSeasons()).map(toSeason) };
    },

    /**
     * GET /api/seasons/{id}?page=N: the event, one page of its final standings, and the viewer's own row (theirs, or
     * their current team's) wherever it is.
     */
    async getSeason(id: string, { page, userId }: { page: number; userId: string }): Promise<SeasonStandingsResult> {
      const row = await findSeason(id);
      const pageSize = LEADERBOARD_PAGE_SIZE;
      const teamId = row.isTeams ? await deps.teamIdOf(userId) : undefined;
      const [standings, mine] = await Promise.all([
        repository.listStandings(id, { offset: (page - 1) * pageSize, limit: pageSize }),
        repository.findStanding(id, teamId ? [teamId] : [userId]),
      ]);
      return {
        season: toSeason(row),
        standings: standings.map(toStanding),
        total: row.entrants,
        page,
        pageSize,
        mine: mine ? toStanding(mine) : null,
      };
    },

    /** GET /api/seasons/{id}/standings.csv: every row. */
    async getStandingsCsv(id: string): Promise<string> {
      await findSeason(id);
      return toStandingsCsv((await repository.listStandings(id)).map(toStanding));
    },

    /** GET /api/seasons/{id}/ctftime: CTFtime's feed of that event, from the kept standings (docs/product.md#ctftime-feed). */
    async getCtftimeFeed(id: string): Promise<CtftimeFeed> {
      const row = await findSeason(id);
      const standings = await repository.listStandings(id);
      return {
        tasks: row.tasks,
        standings: standings.map((standing) => ({
          pos: standing.pos,
          team: standing.name,
          score: standing.score,
          taskStats: standing.taskStats,
          ...(standing.lastSolveAt === null ? {} : { lastAccept: Math.floor(standing.lastSolveAt.getTime() / 1000) }),
        })),
      };
    },
  };
}
export type SeasonsService = ReturnType<typeof createSeasonsService>;
