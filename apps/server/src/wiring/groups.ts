import type { TeamSettings } from '@drapeau/shared';

import type { Database } from '../db/client.js';
import { createUnitOfWork } from '../db/unit-of-work.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import type { Clock } from '../lib/clock.js';
import { type EventBus, publishChallengesChanged } from '../modules/events/event-bus.js';
import type { LimiterFor } from '../http/rate-limits.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import { createClassesRepository } from '../modules/classes/classes.repository.js';
import { createClassesService } from '../modules/classes/classes.service.js';
import type { LeaderboardService } from '../modules/leaderboard/leaderboard.service.js';
import type { ScoringService } from '../modules/scoring/scoring.service.js';
import { createTeamsAdminRepository } from '../modules/teams/teams-admin.repository.js';
import { createTeamsAdminService } from '../modules/teams/teams-admin.service.js';
import { createTeamsRepository } from '../modules/teams/teams.repository.js';
import { createTeamsService } from '../modules/teams/teams.service.js';

/** Teams, part of the composition root (docs/conventions.md#layers-and-dependency-rules; docs/decisions/016-teams.md). */
export function wireTeams(deps: {
  database: Database;
  settings: () => TeamSettings;
  limiterFor: LimiterFor;
  /** A team's page names its first bloods. */
  challengesService: Pick<ChallengesService, 'getSolveStats'>;
  /**
   * A team's name or existence changed: the team standings are rebuilt (docs/architecture.md#leaderboard-in-memory); a
   * membership changed: the catalogue rereads the players' solves (catalogue.handlers.ts).
   */
  events: Pick<EventBus, 'publish'>;
  /** The standings are wired after the teams: read at each use. A team's page shows the leaderboard's numbers. */
  leaderboard: () => Pick<LeaderboardService, 'getTeamView'>;
  scoring: Pick<ScoringService, 'liveStandings' | 'heldStandings' | 'reload'>;
}) {
  const { db } = deps.database;
  const { events } = deps;
  // The bus tells this instance at once and the others through PostgreSQL (modules/events/event-bus.ts): a player's next
  // request here reads their new team's solves, or the renamed or new team.
  const membershipChanged = (userIds: string[]) => events.publish('team-members', { userIds });
  const teamsChanged = () => events.publish('leaderboard', { reason: 'team' });
  const teamsService = createTeamsService({
    repository: createTeamsRepository(db),
    transaction: createUnitOfWork(db, (tx) => ({ teams: createTeamsRepository(tx) })),
    settings: deps.settings,
    joinLimiter: deps.limiterFor('team-join'),
    onMembershipChanged: (userId) => membershipChanged([userId]),
    onTeamsChanged: teamsChanged,
    standings: () => ({
      async teamView(teamId, frozenAt, isOwnTeam) {
        const [view, { firstBloods }] = [
          await deps.leaderboard().getTeamView(teamId, frozenAt, isOwnTeam),
          // The first bloods of the solves made up to the freeze (null: all of them).
          await deps.challengesService.getSolveStats(frozenAt),
        ];
        const ids = [...firstBloods].filter(([, first]) => first.teamId === teamId).map(([challengeId]) => challengeId);
        return { ...view, firstBloods: ids };
      },
    }),
  });
  const teamsAdminService = createTeamsAdminService({
    admin: createTeamsAdminRepository(db),
    // The change, its audit entry and the scores it moves commit together.
    transaction: createUnitOfWork(db, (tx) => ({
      teams: createTeamsRepository(tx),
      admin: createTeamsAdminRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
    })),
    settings: deps.settings,
    onMembershipChanged: membershipChanged,
    onTeamsChanged: teamsChanged,
    // Solve counts, values and first bloods changed: every instance reloads the catalogue (and the players' progress).
    onSolvesRemoved: (challengeIds) => publishChallengesChanged(events, challengeIds),
    scoring: deps.scoring,
  });
  return { teamsService, teamsAdminService };
}

/** Classes, part of the composition root (docs/product.md#classes). */
export function wireClasses(deps: {
  database: Database;
  clock: Clock;
  limiterFor: LimiterFor;
  challenges: ChallengesService;
  leaderboard: LeaderboardService;
  scoring: Pick<ScoringService, 'liveStandings'>;
}) {
  const { db } = deps.database;
  return createClassesService({
    repository: createClassesRepository(db),
    transaction: createUnitOfWork(db, (tx) => ({ classes: createClassesRepository(tx) })),
    clock: deps.clock,
    joinLimiter: deps.limiterFor('class-join'),
    listListedChallenges: () => deps.challenges.listListedChallenges(),
    standingsAt: (frozenAt) => deps.leaderboard.listStandingsAt(frozenAt),
    liveScores: () => deps.scoring.liveStandings('players'),
  });
}
