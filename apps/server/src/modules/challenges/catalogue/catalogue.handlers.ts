import { type EventBus, subscribeHandlers } from '../../events/event-bus.js';
import type { AuthoringService } from '../authoring/authoring.service.js';

import type { ChallengesService } from './challenges.service.js';

/**
 * How the catalogue in memory follows the bus (docs/performance.md): another instance's solve or opened hint, or an
 * admin's change, and the catalogue follows; players and teams added or removed, and so does the index of per-user flags;
 * a membership change on any instance, and the players' solved challenges are reread here too (docs/decisions/016-teams.md).
 */
export function followCatalogueEvents(
  events: Pick<EventBus, 'subscribe'>,
  deps: {
    challenges: Pick<ChallengesService, 'noteSolve' | 'noteHintOpened' | 'reload' | 'forgetPlayer' | 'forgetMembership'>;
    authoring: Pick<AuthoringService, 'flagOwnersChanged'>;
  },
): () => void {
  const { challenges, authoring } = deps;
  return subscribeHandlers(events, {
    solve: (data) => challenges.noteSolve(data.userId, data.challengeId, new Date(data.solvedAt), data.teamId ?? null),
    'hint-opened': (data) => void challenges.noteHintOpened(data.userId, data.hintId, data.teamId),
    challenges: () => challenges.reload(),
    leaderboard: ({ reason }) => {
      if (reason.startsWith('user')) challenges.forgetPlayer();
      if (reason === 'user-updated') authoring.flagOwnersChanged('players-added');
      else if (reason === 'user-deleted') authoring.flagOwnersChanged('players-removed');
      else if (reason === 'team') authoring.flagOwnersChanged('teams-changed');
    },
    'team-members': ({ userIds }) => {
      for (const userId of userIds) challenges.forgetMembership(userId);
    },
  });
}
