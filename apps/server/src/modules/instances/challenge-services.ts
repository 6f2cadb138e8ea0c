import type { AdminChallengeServiceResult, ChallengeService, ServiceBuild } from '@drapeau/shared';

import { notFound, type AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';

import type { ImageBuilder } from './image-builder.js';
import type { InstancesRepository } from './instances.repository.js';

const NO_ENGINE = 'No container engine is configured (INSTANCES_ENGINE_SOCKET): the image cannot be built.\n';

/**
 * Challenges' service definitions and their images (docs/challenge-authoring.md "A challenge with a service"): what an
 * admin sets or an import brings, and the builds and pulls that run after either answers. Part of the instances
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

  /**
   * Records a service and makes its image ready on the local engine, the one way for the editor and the import
   * (docs/challenge-authoring.md "A challenge with a service"): an image the engine has is used as it is, recorded
   * `built` before this answers; otherwise it is built from `context` (a folder) or pulled (a reference) after this
   * answers, recorded `building` meanwhile and then `built` or `failed` with the engine's log. Without an engine, a
   * folder cannot be built (`failed`, saying why), and a reference is the provider's to fetch (no record: Kubernetes'
   * nodes pull it).
   */
  async function prepare(
    challengeId: string,
    definition: ChallengeService,
    context: { folder: string; tar: Buffer } | null,
  ): Promise<void> {
    const { image } = definition;
    const images = deps.images;
    const source = context && { folder: context.folder, context: context.tar };
    const now = () => clock.now().toISOString();
    const isPresent = images ? await images.has(image).catch(() => false) : false;
    const build: ServiceBuild | null = !images
      ? context && { status: 'failed', log: NO_ENGINE, finishedAt: now() }
      : isPresent
        ? {
            status: 'built',
            log: `${image} is on the engine${context ? ' (built from the same folder)' : ''}\n`,
            finishedAt: now(),
          }
        : { status: 'building', log: '', finishedAt: null };
    await repository.saveService(challengeId, definition, build, source);
    deps.onServiceChanged?.(challengeId);
    if (!images || isPresent) return;
    const work = (async () => {
      const outcome = context ? await images.build(image, context.tar) : await images.ensure(image);
      await repository.finishBuild(challengeId, image, {
        status: outcome.ok ? 'built' : 'failed',
        log: outcome.log,
        finishedAt: now(),
      });
      if (!outcome.ok) deps.log.warn({ challengeId, image }, 'challenge service: the image could not be built or pulled');
    })().catch((error: unknown) => deps.log.warn({ err: error, challengeId }, 'challenge service: recording the build failed'));
    builds.add(work);
    void work.finally(() => builds.delete(work));
  }

  return {
    async getService(challengeId: string): Promise<ChallengeService | null> {
      return (await repository.findService(challengeId)) ?? null;
    },
    async getServiceAndBuild(challengeId: string): Promise<AdminChallengeServiceResult> {
      const found = await repository.findServiceAndBuild(challengeId);
      return found ? { service: found.service, build: found.build } : { service: null, build: null };
    },
    /**
     * What the editor saves. A new or changed image is made ready as an import's is (`prepare`), and so is the same
     * reference again when its pull did not end well (saving again tries again); otherwise the record of its build or
     * pull stays, with the folder it was built from.
     */
    async setService(challengeId: string, definition: ChallengeService): Promise<void> {
      if (!(await challenges.findChallenge(challengeId))) throw notFound('CHALLENGE_NOT_FOUND', 'Challenge not found.');
      const before = await repository.findServiceAndBuild(challengeId);
      if (before?.service.image === definition.image && (before.build?.status === 'built' || before.source !== null)) {
        await repository.saveService(challengeId, definition, before.build, before.source);
        deps.onServiceChanged?.(challengeId);
      } else await prepare(challengeId, definition, null);
    },
    async deleteService(challengeId: string): Promise<void> {
      if (!(await repository.deleteService(challengeId))) throw noService();
      deps.onServiceChanged?.(challengeId);
    },

    /**
     * An imported challenge's service (docs/challenge-authoring.md "A challenge with a service"): an image built from
     * the imported folder (`context`: the folder as `image:` named it and its files as a tar; `definition.image` is
     * then the tag builtImageTag gave) or a referenced one, made ready by `prepare` as the editor's.
     */
    async importService(
      challengeId: string,
      definition: ChallengeService,
      context: { folder: string; tar: Buffer } | null,
    ): Promise<void> {
      await prepare(challengeId, definition, context);
    },
    /**
     * At start: the builds and pulls recorded under way, which a stop of the server (a restart, a crash) cut short, are
     * made again as `prepare` makes them (from the folder kept with the service, or the reference), instead of staying
     * `building`, which refuses every start. Several instances starting together may each make one: the engine's result
     * is the same image.
     */
    resumeBuilds(): Promise<void> {
      const work = (async () => {
        for (const challengeId of await repository.listBuildingServices()) {
          const found = await repository.findServiceAndBuild(challengeId);
          if (found?.build?.status !== 'building') continue;
          const tar = found.source && (await repository.readContext(found.source.contextSha256));
          await prepare(challengeId, found.service, found.source && tar ? { folder: found.source.folder, tar } : null);
        }
      })();
      builds.add(work);
      void work.finally(() => builds.delete(work));
      return work;
    },
    /** Resolves once the builds and pulls under way have ended (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.all([...builds]);
    },
  };
}
