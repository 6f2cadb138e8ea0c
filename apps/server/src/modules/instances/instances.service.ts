import { randomUUID } from 'node:crypto';

import type { AdminInstanceList, ChallengeService, PlayerInstance, PlayerInstanceState, ServiceBuild } from '@drapeau/shared';

import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Challenge } from '../challenges/model/challenge.js';
import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';

import { createChallengeServices } from './challenge-services.js';
import { createGoneSweep } from './gone-sweep.js';
import type { ImageBuilder } from './image-builder.js';
import type { InstanceMetrics } from './instance-metrics.js';
import type { InstanceRow, InstancesRepository } from './instances.repository.js';
import type { InstanceProvider } from './provider.js';
import { toAdminInstance, toPlayerView } from './instance-views.js';

export interface InstanceLimits {
  /** Live instances one player may have started, all challenges together. */
  perPlayer: number;
  /** Live instances on this deployment. */
  global: number;
}

/** When a player is told to try a start again while the service's image is being made ready. */
const IMAGE_PENDING_RETRY_SECONDS = 30;

const noService = () => notFound('NO_INSTANCE_SERVICE', 'This challenge has no service to start.');
const noInstance = () => notFound('INSTANCE_NOT_FOUND', 'You have no instance of this challenge running.');

/**
 * Challenge instances (docs/product.md "Challenge instances"): a player (or their team) starts the challenge's service for
 * themselves, within the limits; its flag is their own per-user flag (docs/decisions/006-secrets-and-flags.md), so the
 * submission check needs nothing of the instance and still accepts it once the instance is gone. The reaper stops what
 * expired, what the server has no record of (after a restart) and what belongs to a hidden or deleted challenge.
 */
export function createInstancesService(deps: {
  repository: InstancesRepository;
  /** Undefined when no provider is configured: challenges with a service cannot be started. */
  provider: InstanceProvider | undefined;
  challenges: Pick<
    ChallengesService,
    'getListedChallenge' | 'getPlayableChallenge' | 'findChallenge' | 'embeddedFlagFor' | 'flagsFor' | 'isTeamMode'
  >;
  findTeamIdOf: (userId: string) => Promise<string | null>;
  limits: () => InstanceLimits;
  clock: Clock;
  metrics: InstanceMetrics;
  /** Builds and pulls services' images (undefined without an engine: an imported folder is then not built). */
  images?: ImageBuilder | undefined;
  /** A challenge's service was set or removed: the catalogue (its `hasService`) follows. */
  onServiceChanged?: (challengeId: string) => void;
  /** Whether the host rule that isolates instances is in place (a start is refused when it is missing). */
  isolation?: () => AdminInstanceList['isolation'];
  /** Records an admin's stop in the audit log. */
  audit?: (entry: {
    actorId: string;
    action: 'challenge-instance.stop' | 'challenge-instance.stop-all';
    details: Record<string, unknown>;
  }) => Promise<void>;
  log: { warn: (object: object, message: string) => void };
}) {
  const { repository, provider, challenges, clock } = deps;

  const isolation = () => (provider ? (deps.isolation?.() ?? 'unknown') : 'off');
  const requireProvider = (): InstanceProvider => {
    if (!provider) throw notFound('NO_INSTANCE_SERVICE', 'Challenge instances are not enabled on this server.');
    if (isolation() === 'missing')
      throw new AppError('INSTANCES_UNSAFE', 503, "The host's isolation of instances is missing: nothing is started.");
    return provider;
  };

  const serviceOf = async (
    challengeId: string,
  ): Promise<{ challenge: Challenge; service: ChallengeService; build: ServiceBuild | null }> => {
    const challenge = await challenges.getListedChallenge(challengeId);
    const found = await repository.findServiceAndBuild(challengeId);
    if (!found) throw noService();
    return { challenge, service: found.service, build: found.build };
  };

  /**
   * Refuses a start while the service's image is being built or pulled and the engine does not have it yet
   * (docs/challenge-authoring.md "A challenge with a service"): the player is told to try again shortly, rather than
   * a failed start.
   */
  const requireImage = async (build: ServiceBuild | null, image: string): Promise<void> => {
    if (build?.status !== 'building' || (await deps.images?.has(image).catch(() => false))) return;
    throw new AppError(
      'INSTANCE_IMAGE_PENDING',
      409,
      "The service's image is being built or pulled: try again in a minute.",
      IMAGE_PENDING_RETRY_SECONDS,
    );
  };

  /** Whose instance a player's is: theirs, their team's (a per-team service in team mode), or everybody's (shared). */
  const ownerKeyOf = async (service: ChallengeService, userId: string): Promise<string> => {
    if (service.scope === 'shared') return 'shared';
    if (service.scope === 'per-team' && challenges.isTeamMode()) {
      const teamId = await deps.findTeamIdOf(userId);
      if (teamId === null) throw forbidden('TEAM_REQUIRED', 'Create or join a team first: this service is started per team.');
      return `team:${teamId}`;
    }
    return `user:${userId}`;
  };

  /** The flag the instance holds: the player's (team's) own, or for a shared one the flag everybody finds. */
  const flagFor = async (challenge: Challenge, service: ChallengeService, userId: string): Promise<string> => {
    if (service.scope !== 'shared') return challenges.embeddedFlagFor(challenge, userId);
    const shared = (await challenges.flagsFor(challenge, userId, null)).find((f) => !f.isPerUser && f.spec.type === 'exact');
    if (!shared)
      throw badRequest('VALIDATION_FAILED', 'A shared service needs a flag that is the same for everybody (static or derived).');
    return shared.spec.value;
  };

  /**
   * Ends the record first (whoever ends it first does the rest), then removes what the provider runs. When the engine
   * cannot be reached, the record stays ended and the reaper's pass removes the container once it can (what the provider
   * runs that no live record holds).
   */
  const end = async (row: InstanceRow, status: 'stopped' | 'expired'): Promise<boolean> => {
    if (!(await repository.end(row.id, status, clock.now()))) return false;
    try {
      await provider?.delete(row.id);
    } catch (error) {
      deps.log.warn({ err: error, challengeId: row.challengeId }, 'challenge instance ended, its removal left to the reaper');
    }
    return true;
  };

  /** The owner's live instance; one past its expiry is ended now rather than at the reaper's next pass. */
  const liveRow = async (challengeId: string, ownerKey: string): Promise<InstanceRow | undefined> => {
    const row = await repository.findLive(challengeId, ownerKey);
    if (!row || row.expiresAt > clock.now()) return row;
    await end(row, 'expired');
    return undefined;
  };

  const stopGone = createGoneSweep({ repository, provider, challenges, end });

  const services = createChallengeServices({ ...deps, noService });
  const service = {
    ...services,
    /** Removing a service stops its instances at once (docs/product.md "Challenge instances"), not at the reaper's pass. */
    async deleteService(challengeId: string): Promise<void> {
      await services.deleteService(challengeId);
      await stopGone(new Set([challengeId]));
    },
    /** After a catalogue change (a challenge hidden or deleted): its instances are stopped now. */
    async stopInstancesOfGone(challengeIds: readonly string[]): Promise<number> {
      return stopGone(new Set(challengeIds));
    },

    async getForPlayer(userId: string, challengeId: string): Promise<PlayerInstanceState> {
      const { service: definition } = await serviceOf(challengeId);
      const row = await liveRow(challengeId, await ownerKeyOf(definition, userId));
      return {
        instance: row ? toPlayerView(row, definition) : null,
        enabled: provider !== undefined && isolation() !== 'missing',
        service: {
          protocol: definition.protocol,
          lifetimeMinutes: definition.lifetimeMinutes,
          extendable: definition.extendable,
        },
      };
    },

    /** Starts the player's instance, or returns the one they have (one per player, or team, and challenge). */
    async start(userId: string, challengeId: string): Promise<PlayerInstance> {
      // The access rule of every route that reveals a challenge (docs/product.md "Challenge detail"): a locked, closed
      // or unopened challenge starts nothing.
      await challenges.getPlayableChallenge(challengeId, userId);
      const { challenge, service: definition, build } = await serviceOf(challengeId);
      const engine = requireProvider();
      await requireImage(build, definition.image);
      const ownerKey = await ownerKeyOf(definition, userId);
      await liveRow(challengeId, ownerKey);
      const flag = await flagFor(challenge, definition, userId);
      const startedAt = clock.now();
      const expiresAt = new Date(startedAt.getTime() + definition.lifetimeMinutes * 60_000);
      const id = randomUUID();
      const reserved = await repository.reserve(
        { id, challengeId, ownerKey, startedBy: userId, startedAt, expiresAt },
        deps.limits(),
      );
      if (!reserved.reserved) {
        if (reserved.reason === 'exists') {
          const existing = await repository.findLive(challengeId, ownerKey);
          if (existing) return toPlayerView(existing, definition);
          throw conflict('INSTANCE_LIMIT', 'An instance of this challenge is being started: try again in a moment.');
        }
        if (reserved.reason === 'player-limit')
          throw conflict('INSTANCE_LIMIT', `You already run ${deps.limits().perPlayer} instances: stop one first.`);
        const freeAt = (await repository.soonestExpiry()) ?? new Date(startedAt.getTime() + 60_000);
        const seconds = Math.max(1, Math.ceil((freeAt.getTime() - startedAt.getTime()) / 1000));
        throw new AppError(
          'INSTANCES_FULL',
          429,
          `Every instance slot is taken: try again at ${freeAt.toISOString().slice(11, 16)} UTC.`,
          seconds,
        );
      }
      try {
        const created = await engine.create({
          id,
          image: definition.image,
          port: definition.port,
          memoryMb: definition.memoryMb,
          cpus: definition.cpus,
          ownerKey,
          challengeId,
          expiresAt,
          flag,
        });
        await repository.markRunning(id, {
          providerRef: created.id,
          endpointHost: created.endpoint?.host ?? null,
          endpointPort: created.endpoint?.port ?? null,
        });
        deps.metrics.started((clock.now().getTime() - startedAt.getTime()) / 1000);
      } catch (error) {
        deps.metrics.failed();
        await repository.end(id, 'failed', clock.now());
        deps.log.warn({ err: error, challengeId }, 'challenge instance failed to start');
        throw new AppError('INSTANCE_START_FAILED', 503, 'The instance could not be started: try again, or tell an organiser.');
      }
      const row = await repository.findLiveById(id);
      if (!row) throw noInstance();
      return toPlayerView(row, definition);
    },

    /** Pushes the expiry to one lifetime from now (never earlier than it was). */
    async extend(userId: string, challengeId: string): Promise<PlayerInstance> {
      const { service: definition } = await serviceOf(challengeId);
      if (!definition.extendable) throw conflict('INSTANCE_NOT_EXTENDABLE', 'This instance cannot be extended.');
      const row = await liveRow(challengeId, await ownerKeyOf(definition, userId));
      if (!row || row.status !== 'running') throw noInstance();
      const wanted = new Date(clock.now().getTime() + definition.lifetimeMinutes * 60_000);
      const expiresAt = wanted > row.expiresAt ? wanted : row.expiresAt;
      try {
        await requireProvider().extend(row.id, expiresAt);
      } catch (error) {
        deps.log.warn({ err: error, challengeId }, 'challenge instance could not be extended');
        throw new AppError('INSTANCE_ENGINE_UNAVAILABLE', 503, 'The instance could not be extended: try again in a moment.');
      }
      if (!(await repository.setExpiry(row.id, expiresAt))) throw noInstance();
      return toPlayerView({ ...row, expiresAt }, definition);
    },

    async stop(userId: string, challengeId: string): Promise<void> {
      const { service: definition } = await serviceOf(challengeId);
      if (definition.scope === 'shared') throw forbidden('FORBIDDEN', 'A shared instance is stopped by an organiser.');
      const row = await liveRow(challengeId, await ownerKeyOf(definition, userId));
      if (!row || !(await end(row, 'stopped'))) throw noInstance();
    },

    async listForAdmin(): Promise<AdminInstanceList> {
      const rows = await repository.listLive();
      const instances = await Promise.all(
        rows.map(async (row) =>
          toAdminInstance(row, await repository.findService(row.challengeId), (ownerKey) => repository.ownerName(ownerKey)),
        ),
      );
      return { instances, isolation: isolation() };
    },
    async stopForAdmin(id: string, actorId: string): Promise<void> {
      const row = await repository.findLiveById(id);
      if (!row || !(await end(row, 'stopped'))) throw notFound('INSTANCE_NOT_FOUND', 'No such running instance.');
      await deps.audit?.({
        actorId,
        action: 'challenge-instance.stop',
        details: { challengeId: row.challengeId, owner: row.ownerKey, instanceId: row.id },
      });
    },
    async stopAll(actorId: string): Promise<number> {
      let stopped = 0;
      for (const row of await repository.listLive()) if (await end(row, 'stopped')) stopped++;
      await deps.audit?.({ actorId, action: 'challenge-instance.stop-all', details: { stopped } });
      return stopped;
    },

    /**
     * One pass of the reaper: instances past their expiry, of a challenge now hidden, deleted or without a service, and
     * whatever the provider runs that the record does not hold live (left by a crash or a restart).
     */
    async reap(): Promise<number> {
      let reaped = 0;
      for (const row of await repository.listExpired(clock.now())) if (await end(row, 'expired')) reaped++;
      return reaped + (await stopGone(null));
    },
  };
  return service;
}
export type InstancesService = ReturnType<typeof createInstancesService>;
