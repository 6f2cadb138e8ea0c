import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { createChallengeFilesService } from '../modules/challenge-files/challenge-files.service.js';
import { createAttachmentsService } from '../modules/challenges/attachments/attachments.service.js';
import { createAuthoringService } from '../modules/challenges/authoring/authoring.service.js';
import { createCatalogueRepository } from '../modules/challenges/catalogue/catalogue.repository.js';
import {
  type CatalogueTransferDeps,
  createCatalogueTransferService,
} from '../modules/challenges/import-export/catalogue-transfer.service.js';
import { createChallengesRepository } from '../modules/challenges/import-export/challenges.repository.js';
import { followCatalogueEvents } from '../modules/challenges/catalogue/catalogue.handlers.js';
import { createChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import { type EventBus, publishChallengesChanged } from '../modules/events/event-bus.js';
import { createLabPool } from '../modules/labs/lab-pool.js';
import { createLabsService } from '../modules/labs/labs.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import type { ScoringService } from '../modules/scoring/scoring.service.js';

/**
 * The catalogue, part of the composition root (docs/conventions.md#layers-and-dependency-rules): the players' view served
 * from memory, the admins' editor, import and export, attachments (docs/decisions/014-catalogue-as-data.md), the
 * generated files and the in-page labs.
 */
export function wireCatalogue(deps: {
  database: Database;
  instanceSecret: string;
  events: EventBus;
  clock: Clock;
  users: UsersRepository;
  /** Where generated challenge files are kept (DATA_DIR/files). */
  filesDir: string;
  labLimiter: RateLimiter;
  /** The labs' worker pool (docs/decisions/011-real-labs.md#workers); `onDemand` for tests that run no lab. */
  labs: { workers: number; timeLimitMs: number; queueLength: number; onDemand: boolean };
  log: { warn(details: object, message: string): void };
  /** Team mode (docs/decisions/016-teams.md): per-user flags and opened hints are then the team's. */
  isTeamMode: () => boolean;
  /** Whether challenge instances can run (wiring/instances.ts hasInstanceProvider). */
  canStartInstances: boolean;
  /** Where imported services go (the instances module, wired after the catalogue: called only once both are). */
  services: CatalogueTransferDeps['services'];
  scoring: Pick<ScoringService, 'scoreOf'>;
}) {
  const { database, instanceSecret, events, clock } = deps;
  const repository = createCatalogueRepository(database.db);
  const challengesService = createChallengesService({
    repository,
    instanceSecret,
    clock,
    onScoresChanged: () => events.publish('leaderboard', { reason: 'hint' }),
    onHintOpened: (opened) => events.publish('hint-opened', opened),
    scoreOf: (userId) => deps.scoring.scoreOf('players', userId),
    isTeamMode: deps.isTeamMode,
    canStartInstances: deps.canStartInstances,
  });
  const onCatalogueChanged = (challengeIds: string[]) => {
    publishChallengesChanged(events, challengeIds);
    events.publish('leaderboard', { reason: 'catalogue' });
  };
  const authoringService = createAuthoringService({
    repository,
    challenges: challengesService,
    instanceSecret,
    onCatalogueChanged,
    listUserIds: () => deps.users.listUserIds(),
  });
  followCatalogueEvents(events, { challenges: challengesService, authoring: authoringService });
  // The labs' worker threads, started now so that no lab call waits for one (docs/decisions/011-real-labs.md#workers).
  const labPool = createLabPool({
    size: deps.labs.workers,
    timeLimitMs: deps.labs.timeLimitMs,
    maxQueue: deps.labs.queueLength,
    heapLimitMb: 64,
    log: deps.log,
    onDemand: deps.labs.onDemand,
  });
  return {
    challengesService,
    authoringService,
    transferService: createCatalogueTransferService({
      repository,
      badgesRepository: createChallengesRepository(database.db),
      challenges: challengesService,
      onCatalogueChanged,
      services: deps.services,
    }),
    onCatalogueChanged,
    attachmentsService: createAttachmentsService({ repository, challenges: challengesService, onCatalogueChanged }),
    challengeFilesService: createChallengeFilesService({
      challenges: challengesService,
      filesDir: deps.filesDir,
      instanceSecret,
    }),
    labsService: createLabsService({ challenges: challengesService, limiter: deps.labLimiter, pool: labPool }),
    labPool,
  };
}
