import path from 'node:path';

import type { Config } from '../config.js';
import type { LimiterFor } from '../http/rate-limits.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import type { EventBus } from '../modules/events/event-bus.js';
import type { LeaderboardService } from '../modules/leaderboard/leaderboard.service.js';
import type { ScoringService } from '../modules/scoring/scoring.service.js';
import { createAvatarsService } from '../modules/users/avatars.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';

/** Profiles and avatars, part of the composition root (docs/conventions.md#layers-and-dependency-rules). */
export function wireProfiles(deps: {
  config: Config;
  users: UsersRepository;
  events: EventBus;
  limiterFor: LimiterFor;
  checkUsername: Parameters<typeof createUsersService>[0]['checkUsername'];
  /** The standings are wired after the profiles: read at each use. */
  leaderboard: () => LeaderboardService;
  scoring: Pick<ScoringService, 'ownView'>;
  challenges: ChallengesService;
  /** The `emailVerification` setting is not `off`, read at each use (the settings are wired after the profiles). */
  isVerificationOn: () => boolean;
}) {
  const { limiterFor, leaderboard, challenges } = deps;
  const avatarsService = createAvatarsService({ dir: path.join(deps.config.dataDir, 'files', 'avatars') });
  const usersService = createUsersService({
    repository: deps.users,
    avatars: avatarsService,
    events: deps.events,
    profileLimiter: limiterFor('profile'),
    avatarLimiter: limiterFor('avatar'),
    checkUsername: deps.checkUsername,
    scoreOf: async (userId) => (await deps.scoring.ownView(userId, null)).score,
    // docs/product.md#freeze: other players' profiles as at the freeze.
    freeze: {
      frozenProfileOf: (userId, frozenAt) => leaderboard().getFrozenProfile(userId, frozenAt),
      ownScoreOf: async (userId, frozenAt) => (await deps.scoring.ownView(userId, frozenAt)).score,
      solvedAfter: async (userId, frozenAt) => (await deps.scoring.ownView(userId, frozenAt)).solvedAfterFreeze ?? [],
    },
    firstBloodsOf: async (userId, frozenAt) => {
      const { firstBloods } = await challenges.getSolveStats(frozenAt);
      return [...firstBloods].filter(([, first]) => first.uid === userId).map(([challengeId]) => challengeId);
    },
    isVerificationOn: deps.isVerificationOn,
  });
  return { usersService, avatarsService };
}
