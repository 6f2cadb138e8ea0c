import type { CoreV1Api, KubeConfig, NetworkingV1Api, V1OwnerReference, V1Pod, V1Service } from '@kubernetes/client-node';

import { ANNOTATION, buildInstanceManifests, expiresLabel, LABEL, objectName, selectorOf } from './kubernetes-manifests.js';
import type { InstanceProvider, InstanceSpec, ProvidedInstance } from './provider.js';
import { InstanceGoneError } from './provider.js';

/** How often a starting Pod is looked at, and for how long at most. */
const POLL_MS = 500;
const DEFAULT_START_TIMEOUT_MS = 180_000;
/** Container states that will not become running by waiting. */
const STUCK = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
]);

interface Clients {
  core: CoreV1Api;
  networking: NetworkingV1Api;
  mergePatch: Parameters<CoreV1Api['patchNamespacedPod']>[1];
}

/** The client is loaded on the first call: a deployment on the local engine never loads it. */
async function connect(kubeconfig?: string): Promise<Clients> {
  const k8s = await import('@kubernetes/client-node');
  const config: KubeConfig = new k8s.KubeConfig();
  if (kubeconfig) config.loadFromFile(kubeconfig);
  else config.loadFromDefault();
  return {
    core: config.makeApiClient(k8s.CoreV1Api),
    networking: config.makeApiClient(k8s.NetworkingV1Api),
    mergePatch: k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
  };
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;

async function ignoreMissing(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}

/**
 * Instances as Pods of a Kubernetes cluster, through the official client (docs/operations.md "Challenge instances on
 * Kubernetes"). Per instance, in one namespace: a Pod (non-root, no privileges, read-only root, memory and CPU limits,
 * no service account token), a Secret with its flag, a NodePort Service and a NetworkPolicy that lets players in on the
 * port and nothing out. The three others are owned by the Pod, so the cluster removes them with it even if Drapeau
 * stops between two calls. Players reach `endpointHost` on the Service's node port.
 */
export function createKubernetesProvider(deps: {
  namespace: string;
  /** The host name players reach the cluster's nodes at (never Drapeau's own origin). */
  endpointHost: string;
  /** Which deployment's instances these are: another Drapeau in the same namespace lists (and reaps) only its own. */
  deployment: string;
  /** A kubeconfig file; by default KUBECONFIG, ~/.kube/config, or the service account when Drapeau runs in the cluster. */
  kubeconfig?: string;
  startTimeoutMs?: number;
}): InstanceProvider {
  const { namespace } = deps;
  let clients: Promise<Clients> | undefined;
  const api = () => (clients ??= connect(deps.kubeconfig));

  const toInstance = (pod: V1Pod, service: V1Service | undefined): ProvidedInstance => {
    const labels = pod.metadata?.labels ?? {};
    const annotations = pod.metadata?.annotations ?? {};
    const phase = pod.status?.phase;
    const nodePort = service?.spec?.ports?.[0]?.nodePort;
    return {
      id: labels[LABEL.instance] ?? '',
      ownerKey: annotations[ANNOTATION.owner] ?? '',
      challengeId: annotations[ANNOTATION.challenge] ?? '',
      state: pod.metadata?.deletionTimestamp
        ? 'stopped'
        : phase === 'Running'
          ? 'running'
          : phase === 'Pending'
            ? 'starting'
            : 'stopped',
      endpoint: nodePort ? { host: deps.endpointHost, port: nodePort } : null,
      expiresAt: new Date(Number(labels[LABEL.expires] ?? 0) * 1000),
    };
  };

  /** Waits until the Pod runs; throws at once on a state that waiting will not change (an image that cannot be pulled). */
  const waitRunning = async (name: string): Promise<V1Pod> => {
    const { core } = await api();
    const deadline = Date.now() + (deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
    for (;;) {
      const pod = await core.readNamespacedPod({ name, namespace });
      if (pod.status?.phase === 'Running') return pod;
      if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded')
        throw new Error(`instance pod ${name} ended: ${pod.status.reason ?? pod.status.phase}`);
      const waiting = pod.status?.containerStatuses?.[0]?.state?.waiting;
      if (waiting?.reason && STUCK.has(waiting.reason))
        throw new Error(`instance pod ${name}: ${waiting.reason} ${waiting.message ?? ''}`.trim());
      if (Date.now() > deadline)
        throw new Error(`instance pod ${name} not running after ${deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const provider: InstanceProvider = {
    name: 'kubernetes',

    async create(spec: InstanceSpec): Promise<ProvidedInstance> {
      const { core, networking } = await api();
      const manifests = buildInstanceManifests(spec, { namespace, deployment: deps.deployment });
      const fieldValidation = 'Strict';
      try {
        // The Pod first, for its uid: it waits for its Secret, created last, so the NetworkPolicy is in place before
        // the service runs.
        const pod = await core.createNamespacedPod({ namespace, body: manifests.pod, fieldValidation });
        const owner: V1OwnerReference = {
          apiVersion: 'v1',
          kind: 'Pod',
          name: pod.metadata!.name!,
          uid: pod.metadata!.uid!,
          blockOwnerDeletion: true,
        };
        const owned = <T extends { metadata?: object }>(object: T): T => ({
          ...object,
          metadata: { ...object.metadata, ownerReferences: [owner] },
        });
        await networking.createNamespacedNetworkPolicy({ namespace, body: owned(manifests.networkPolicy), fieldValidation });
        const service = await core.createNamespacedService({ namespace, body: owned(manifests.service), fieldValidation });
        await core.createNamespacedSecret({ namespace, body: owned(manifests.secret), fieldValidation });
        return toInstance(await waitRunning(pod.metadata!.name!), service);
      } catch (error) {
        await provider.delete(spec.id).catch(() => undefined);
        throw error;
      }
    },

    async status(id: string): Promise<ProvidedInstance | null> {
      const { core } = await api();
      const name = objectName(id);
      try {
        const pod = await core.readNamespacedPod({ name, namespace });
        const service = await core.readNamespacedService({ name, namespace }).catch(() => undefined);
        return toInstance(pod, service);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    // A Pod's labels can change: the expiry label follows the server's record (which the reaper reads).
    async extend(id: string, expiresAt: Date): Promise<void> {
      const { core, mergePatch } = await api();
      try {
        await core.patchNamespacedPod(
          { name: objectName(id), namespace, body: { metadata: { labels: { [LABEL.expires]: expiresLabel(expiresAt) } } } },
          mergePatch,
        );
      } catch (error) {
        if (statusOf(error) === 404) throw new InstanceGoneError(id);
        throw error;
      }
    },

    async delete(id: string): Promise<void> {
      const { core, networking } = await api();
      const name = objectName(id);
      // Each one, although the Pod owns the others: a cluster whose garbage collector lags still frees the node port.
      await ignoreMissing(() => core.deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 }));
      await ignoreMissing(() => core.deleteNamespacedService({ name, namespace }));
      await ignoreMissing(() => networking.deleteNamespacedNetworkPolicy({ name, namespace }));
      await ignoreMissing(() => core.deleteNamespacedSecret({ name, namespace }));
      // Gone when this returns, as on the local engine: the Pod ends within its grace period of none.
      const deadline = Date.now() + (deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
      while (Date.now() < deadline) {
        try {
          await core.readNamespacedPod({ name, namespace });
        } catch (error) {
          if (statusOf(error) === 404) return;
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },

    async list(ownerKey?: string): Promise<ProvidedInstance[]> {
      const { core } = await api();
      const labelSelector = selectorOf(deps.deployment, ownerKey);
      const [pods, services] = await Promise.all([
        core.listNamespacedPod({ namespace, labelSelector }),
        core.listNamespacedService({ namespace, labelSelector }),
      ]);
      const byName = new Map(services.items.map((s) => [s.metadata?.name, s]));
      return pods.items
        .filter((pod) => ownerKey === undefined || pod.metadata?.annotations?.[ANNOTATION.owner] === ownerKey)
        .map((pod) => toInstance(pod, byName.get(pod.metadata?.name)));
    },
  };
  return provider;
}
