import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { isListed } from '../modules/challenges/model/challenge-views.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import { buildCtftimeFeed } from '../modules/leaderboard/ctftime-feed.js';
import type { LeaderboardService } from '../modules/leaderboard/leaderboard.service.js';
import { createSeasonsRepository } from '../modules/seasons/seasons.repository.js';
import { createSeasonsService } from '../modules/seasons/seasons.service.js';
import type { TeamsService } from '../modules/teams/teams.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/**
 * Events as seasons, part of the composition root (docs/product.md#events): the events that ended, kept with their final
 * standings when an admin changes the event on any instance, or at the first read after the end.
 */
export function wireSeasons(deps: {
  database: Database;
  clock: Clock;
  settings: SettingsService;
  leaderboard: () => LeaderboardService;
  challenges: ChallengesService;
  teams: TeamsService;
  log: FastifyBaseLogger;
}) {
  const { settings, clock, challenges } = deps;
  const seasons = createSeasonsService({
    repository: createSeasonsRepository(deps.database.db),
    currentEvent: () => settings.get().event,
    clock,
    teamIdOf: (userId) => deps.teams.findTeamIdOf(userId),
    // What was solved from the start (inclusive) to the end (exclusive), the freeze lifted (docs/product.md#events).
    finalStandingsOf: async ({ from, until }) => {
      const window = { from: from.getTime(), until: until.getTime() - 1 };
      const { standings, solves } = await deps.leaderboard().getStandingsIn(window);
      const now = clock.now();
      const tasks = (await challenges.listAllChallenges())
        .filter((challenge) => isListed(challenge, now))
        .map((challenge) => ({ id: challenge.id, name: challenge.title.en }));
      const feed = buildCtftimeFeed(standings, tasks, solves);
      return {
        isTeams: settings.get().teams.enabled,
        tasks: feed.tasks,
        standings: feed.standings.map((row, index) => ({
          id: standings[index]!.uid,
          name: row.team,
          score: row.score,
          taskStats: row.taskStats,
          ...(row.lastAccept === undefined ? {} : { lastAccept: row.lastAccept }),
        })),
      };
    },
    onError: (error) => deps.log.error({ err: error }, 'keeping the final standings of an event failed'),
  });
  settings.subscribe((next, previous) => seasons.onEventChanged(next.event, previous.event));
  return seasons;
}
