import { createHash } from 'node:crypto';

import type { Registry } from 'prom-client';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { ChallengesService } from '../modules/challenges/catalogue/challenges.service.js';
import type { EventBus } from '../modules/events/event-bus.js';
import { createContainerEngineProvider } from '../modules/instances/container-engine-provider.js';
import { createEngineApi, createEngineStream } from '../modules/instances/engine-api.js';
import { createImageBuilder } from '../modules/instances/image-builder.js';
import { createInstanceMetrics } from '../modules/instances/instance-metrics.js';
import { createInstancesRepository } from '../modules/instances/instances.repository.js';
import { followInstancesEvents } from '../modules/instances/instances.handlers.js';
import { createInstancesService } from '../modules/instances/instances.service.js';
import { checkIsolationRule, type IsolationStatus } from '../modules/instances/isolation-check.js';
import { createKubernetesProvider } from '../modules/instances/kubernetes-provider.js';
import type { InstanceProvider } from '../modules/instances/provider.js';

/** How often the reaper looks for expired and orphaned instances. */
const REAP_EVERY_MS = 30_000;

/** Whether the configuration names a provider: Kubernetes, or the local engine's socket (docs/operations.md). */
export const hasInstanceProvider = (config: Config['instances']): boolean =>
  config.provider === 'kubernetes' || config.engineSocket !== undefined;

/**
 * Challenge instances, part of the composition root (docs/conventions.md#layers-and-dependency-rules; docs/product.md
 * "Challenge instances"): the provider the configuration names (none, the local container engine, or a Kubernetes
 * cluster: INSTANCES_PROVIDER), the service, and
 * the reaper, which runs at start (what a restart left behind) and then every 30 s.
 */
export function wireInstances(deps: {
  database: Database;
  config: Config['instances'];
  instanceSecret: string;
  challenges: ChallengesService;
  findTeamIdOf: (userId: string) => Promise<string | null | undefined>;
  clock: Clock;
  registry: Registry;
  log: { warn: (object: object, message: string) => void; error: (object: object, message: string) => void };
  onServiceChanged: (challengeId: string) => void;
  audit: NonNullable<Parameters<typeof createInstancesService>[0]['audit']>;
}) {
  const { config } = deps;
  const repository = createInstancesRepository(deps.database.db);
  // Not the secret itself: a label anyone with access to the engine or the namespace reads.
  const deployment = createHash('sha256').update(`instances:${deps.instanceSecret}`).digest('hex').slice(0, 16);
  const socketPath = config.engineSocket;
  // The same choice as hasInstanceProvider's.
  const provider: InstanceProvider | undefined =
    config.provider === 'kubernetes'
      ? createKubernetesProvider({ namespace: config.namespace, endpointHost: config.host, deployment })
      : config.engineSocket === undefined
        ? undefined
        : createContainerEngineProvider({
            api: createEngineApi({ socketPath: config.engineSocket }),
            publishHost: config.publishAddress,
            endpointHost: config.host,
            subnetPool: config.subnetPool,
            deployment,
          });
  const instancesService = createInstancesService({
    repository,
    provider,
    challenges: deps.challenges,
    findTeamIdOf: async (userId) => (await deps.findTeamIdOf(userId)) ?? null,
    limits: () => config.limits,
    clock: deps.clock,
    // Without a provider nothing runs: a scrape then costs no statement.
    metrics: createInstanceMetrics(deps.registry, provider ? () => repository.countRunning() : async () => 0),
    log: deps.log,
    images:
      socketPath === undefined
        ? undefined
        : createImageBuilder({ api: createEngineApi({ socketPath }), stream: createEngineStream({ socketPath }) }),
    onServiceChanged: deps.onServiceChanged,
    isolation: () => isolation ?? 'unknown',
    audit: deps.audit,
  });
  // Checked at start (docs/operations.md "Challenge instances"); `unknown` until then.
  let isolation: IsolationStatus | undefined;
  let timer: NodeJS.Timeout | undefined;
  // The host rule, checked at start and at each reaper pass: adding it is enough, no restart needed.
  // On Kubernetes, each instance's NetworkPolicy isolates it: the host rule is the local engine's.
  const checkIsolation = () =>
    (config.provider === 'kubernetes' ? Promise.resolve<IsolationStatus>('ok') : checkIsolationRule(config.subnetPool)).then(
      (status) => {
        if (status !== isolation && status === 'missing')
          deps.log.error(
            { pool: config.subnetPool },
            'challenge instances: the host rule that isolates them is missing (docs/operations.md "Challenge instances"): no instance is started until it is added',
          );
        else if (status !== isolation && status === 'unknown')
          deps.log.warn(
            { pool: config.subnetPool },
            'challenge instances: could not check the host rule that isolates them (iptables)',
          );
        isolation = status;
      },
    );
  const reap = () =>
    checkIsolation()
      .then(() => instancesService.reap())
      .catch((error: unknown) => deps.log.warn({ err: error }, 'challenge instances: reaper failed'));
  return {
    instancesService,
    /** Makes again the builds a stop cut short, then starts the reaper (only with a provider: without one, nothing runs). */
    startReaper(): void {
      void instancesService
        .resumeBuilds()
        .catch((error: unknown) => deps.log.warn({ err: error }, 'challenge services: resuming the builds cut short failed'));
      if (!provider || timer) return;
      void reap();
      timer = setInterval(() => void reap(), REAP_EVERY_MS);
      timer.unref();
    },
    /** Hands the bus to the instances' handlers (instances.handlers.ts); without a provider nothing runs. */
    followCatalogue(events: Pick<EventBus, 'subscribe'>): void {
      if (!provider) return;
      followInstancesEvents(events, { instances: instancesService, log: deps.log });
    },
    stopReaper(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
