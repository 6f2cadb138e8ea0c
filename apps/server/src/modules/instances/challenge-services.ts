import type { AdminChallengeServiceResult, ChallengeService } from '@drapeau/shared';

import { notFound, type AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ChallengesService } from '../challenges/challenges.service.js';

import type { ImageBuilder } from './image-builder.js';
import type { InstancesRepository } from './instances.repository.js';

/**
 * Challenges' service definitions and their images (docs/challenge-authoring.md "A challenge with a service"): what an
 * admin sets or an import brings, and the builds and pulls that run after the import answers. Part of the instances
 * service (instances.service.ts), which starts what is defined here.
 */
export function createChallengeServices(deps: {
  repository: InstancesRepository;
  challenges: Pick<ChallengesService, 'findChallenge'>;
  clock: Clock;
  images?: ImageBuilder | undefined;
  onServiceChanged?: ((challengeId: string) => void) | undefined;
  log: { warn: (object: object, message: string) => void };
  noService: () => AppError;
}) {
  const { repository, challenges, clock, noService } = deps;
  const builds = new Set<Promise<void>>();
  return {
    async getService(challengeId: string): Promise<ChallengeService | null> {
      return (await repository.findService(challengeId)) ?? null;
    },
    async getServiceAndBuild(challengeId: string): Promise<AdminChallengeServiceResult> {
      const found = await repository.findServiceAndBuild(challengeId);
      return found ? { service: found.service, build: found.build } : { service: null, build: null };
    },
    async setService(challengeId: string, definition: ChallengeService): Promise<void> {
      if (!(await challenges.findChallenge(challengeId))) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      const before = await repository.findServiceAndBuild(challengeId);
      // The same image keeps what its build or pull recorded, and the folder it was built from; another one is the
      // admin's to name.
      const isSameImage = before?.service.image === definition.image;
      await repository.saveService(
        challengeId,
        definition,
        isSameImage ? before.build : null,
        isSameImage ? before.source : null,
      );
      deps.onServiceChanged?.(challengeId);
    },
    async deleteService(challengeId: string): Promise<void> {
      if (!(await repository.deleteService(challengeId))) throw noService();
      deps.onServiceChanged?.(challengeId);
    },

    /**
     * An imported challenge's service (docs/challenge-authoring.md "A challenge with a service"): an image built from
     * the imported folder (`context`: the folder as `image:` named it and its files as a tar; `definition.image` is
     * then the tag builtImageTag gave) or a referenced one, pulled when the engine lacks it. The build or pull runs
     * after the import answers; its log is kept for the admin.
     */
    async importService(
      challengeId: string,
      definition: ChallengeService,
      context: { folder: string; tar: Buffer } | null,
    ): Promise<void> {
      const image = definition.image;
      const tar = context?.tar ?? null;
      const noEngine = 'No container engine is configured (INSTANCES_ENGINE_SOCKET): the image cannot be built or pulled.\n';
      const images = deps.images;
      await repository.saveService(
        challengeId,
        definition,
        {
          status: images ? 'building' : 'failed',
          log: images ? '' : noEngine,
          finishedAt: images ? null : clock.now().toISOString(),
        },
        context && { folder: context.folder, context: context.tar },
      );
      deps.onServiceChanged?.(challengeId);
      if (!images) return;
      const work = (async () => {
        const outcome = tar ? await images.build(image, tar) : await images.ensure(image);
        await repository.finishBuild(challengeId, image, {
          status: outcome.ok ? 'built' : 'failed',
          log: outcome.log,
          finishedAt: clock.now().toISOString(),
        });
        if (!outcome.ok) deps.log.warn({ challengeId, image }, 'challenge service: the image could not be built or pulled');
      })().catch((error: unknown) => deps.log.warn({ err: error, challengeId }, 'challenge service: recording the build failed'));
      builds.add(work);
      void work.finally(() => builds.delete(work));
    },
    /** Resolves once the builds and pulls under way have ended (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.all([...builds]);
    },
  };
}
