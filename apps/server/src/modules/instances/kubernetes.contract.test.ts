import type { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { objectName } from './kubernetes-manifests.js';
import { createKubernetesProvider } from './kubernetes-provider.js';
import type { InstanceProvider, InstanceSpec } from './provider.js';
import { askWhenUp } from './test-support/podman-engine.js';
import { itKeepsTheLifecycleContract } from './test-support/provider-contract.js';

/**
 * The provider contract (provider.ts) on a real Kubernetes cluster, when KUBECONFIG names one (docs/operations.md
 * "Challenge instances on Kubernetes": the namespace, the suite's image pushed where the cluster pulls it, a node's
 * address). No cluster runs on the project's machines: elsewhere the suite is skipped and says why.
 */
const env = {
  kubeconfig: process.env.KUBECONFIG,
  image: process.env.DRAPEAU_K8S_TEST_IMAGE,
  namespace: process.env.DRAPEAU_K8S_NAMESPACE ?? 'drapeau-instances-test',
  nodeHost: process.env.DRAPEAU_K8S_NODE_HOST,
};
const skipReason = !env.kubeconfig
  ? 'KUBECONFIG names no cluster'
  : !env.image || !env.nodeHost
    ? 'DRAPEAU_K8S_TEST_IMAGE (test-support/Containerfile, pushed where the cluster pulls) and DRAPEAU_K8S_NODE_HOST are needed'
    : undefined;
if (skipReason) console.log(`instances contract suite on Kubernetes skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('instance provider contract: Kubernetes', () => {
  let provider: InstanceProvider;
  let core: CoreV1Api;
  const started: string[] = [];
  const spec = (overrides: Partial<InstanceSpec> = {}): InstanceSpec => {
    const id = crypto.randomUUID();
    started.push(id);
    return {
      id,
      image: env.image!,
      port: 8080,
      memoryMb: 64,
      cpus: 0.25,
      ownerKey: 'user:alice',
      challengeId: 'contract-suite',
      expiresAt: new Date(Date.now() + 600_000),
      flag: `CTF{contract_${id.slice(0, 8)}}`,
      ...overrides,
    };
  };

  beforeAll(async () => {
    provider = createKubernetesProvider({
      namespace: env.namespace,
      endpointHost: env.nodeHost!,
      deployment: `contract-${crypto.randomUUID().slice(0, 8)}`,
      kubeconfig: env.kubeconfig,
    });
    const k8s = await import('@kubernetes/client-node');
    const config = new k8s.KubeConfig();
    config.loadFromFile(env.kubeconfig!);
    core = config.makeApiClient(k8s.CoreV1Api);
  });

  afterAll(async () => {
    for (const id of started) await provider?.delete(id).catch(() => undefined);
  }, 300_000);

  itKeepsTheLifecycleContract(() => ({ provider, spec }));

  it('runs each instance as non-root, without privileges or credentials, within its limits', async () => {
    const wanted = spec({ memoryMb: 48, cpus: 0.5 });
    await provider.create(wanted);
    const pod = await core.readNamespacedPod({ name: objectName(wanted.id), namespace: env.namespace });
    const container = pod.spec!.containers[0]!;
    expect(container.resources?.limits).toMatchObject({ memory: '48Mi', cpu: '500m' });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
    expect(pod.spec!.automountServiceAccountToken).toBe(false);
    expect(pod.spec!.securityContext?.runAsNonRoot).toBe(true);
  }, 300_000);

  it('gives an instance no way to another instance, the cluster API or the outside', async () => {
    const target = await provider.create(spec({ ownerKey: 'user:bob' }));
    const targetPod = await core.readNamespacedPod({ name: objectName(target.id), namespace: env.namespace });
    const prober = await provider.create(spec());
    const targets = [`${targetPod.status!.podIP}:8080`, 'kubernetes.default.svc:443', '1.1.1.1:80'];
    const answer = await askWhenUp(prober.endpoint!.port, `probe 127.0.0.1:8080 ${targets.join(' ')}`, prober.endpoint!.host);
    expect(answer.probes['127.0.0.1:8080']).toBe(true);
    for (const t of targets) expect({ [t]: answer.probes[t] }).toEqual({ [t]: false });
    expect((await askWhenUp(target.endpoint!.port, 'hello', target.endpoint!.host)).flag).toMatch(/^CTF\{contract_/);
  }, 300_000);
});
