import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { isListed } from '../modules/challenges/model/challenge-views.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import type { EventService } from '../modules/seasons/event.service.js';
import type { EventBus } from '../modules/events/event-bus.js';
import { createLeaderboardRepository } from '../modules/leaderboard/leaderboard.repository.js';
import { createLeaderboardService } from '../modules/leaderboard/leaderboard.service.js';
import { createScoreGraphService } from '../modules/leaderboard/score-graph.service.js';
import type { ScoringService } from '../modules/scoring/scoring.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/**
 * The standings, part of the composition root: the leaderboard and its CTFtime feed, kept in memory
 * (docs/architecture.md#leaderboard-in-memory), and the score graph built from the same standings and the solves
 * (docs/product.md#score-graph).
 */
export function wireStandings(deps: {
  database: Database;
  events: EventBus;
  clock: Clock;
  settings: SettingsService;
  event: EventService;
  challenges: ChallengesService;
  scoring: ScoringService;
}) {
  const { event, challenges, clock } = deps;
  const leaderboard = createLeaderboardService({
    repository: createLeaderboardRepository(deps.database.db),
    events: deps.events,
    scoring: deps.scoring,
    settings: deps.settings,
    listFeedTasks: async () => {
      // Before an event starts, the feed names no challenge (docs/product.md#events).
      if (event.state().phase === 'before') return [];
      const now = clock.now();
      return (await challenges.listAllChallenges())
        .filter((challenge) => isListed(challenge, now))
        .map((challenge) => ({ id: challenge.id, name: challenge.title.en }));
    },
    feedScope: () => `${event.state().phase}`,
    // docs/product.md#events: during a timed event, the boards count what was solved from its start to its end.
    boardWindow: () => {
      const { mode, startsAt, endsAt } = deps.settings.get().event;
      if (mode !== 'event') return {};
      return {
        ...(startsAt === null ? {} : { from: Date.parse(startsAt) }),
        ...(endsAt === null ? {} : { until: Date.parse(endsAt) - 1 }),
      };
    },
  });
  const scoreGraph = createScoreGraphService({
    listLiveSolves: () => leaderboard.listLiveSolves(),
    events: deps.events,
    settings: deps.settings,
    listStandings: () => leaderboard.listStandings(),
    eventState: () => deps.event.state(),
    eventSettings: () => deps.settings.get().event,
    frozenStandings: (frozenAt) => leaderboard.getFrozenStandings(frozenAt),
    clock: deps.clock,
    isTeamMode: () => deps.settings.get().teams.enabled,
  });
  return { leaderboardService: leaderboard, scoreGraphService: scoreGraph };
}
