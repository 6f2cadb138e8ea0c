import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { Pod } from 'kubernetes-models/v1/Pod';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';

import { buildInstanceManifests, LABEL, objectName, selectorOf } from './kubernetes-manifests.js';
import type { InstanceSpec } from './provider.js';

/**
 * The Kubernetes provider's objects, checked against the Kubernetes API's OpenAPI schema (kubernetes-models, generated
 * from it) and against the rules of docs/operations.md "Challenge instances on Kubernetes". No cluster runs here: the
 * provider's contract suite runs against one when KUBECONFIG names it (kubernetes.contract.test.ts).
 */
const spec: InstanceSpec = {
  id: '0b6f3f0e-8a1c-4c55-9d5e-1f2a3b4c5d6e',
  image: 'localhost/drapeau-pack-sql-injection:1',
  port: 8080,
  memoryMb: 96,
  cpus: 0.25,
  ownerKey: 'user:Alice_01',
  challengeId: 'a-challenge-id-that-is-much-longer-than-the-sixty-three-characters-a-label-value-may-hold',
  expiresAt: new Date('2026-11-28T15:00:00Z'),
  flag: 'CTF{k8s_owner_flag}',
};
const manifests = buildInstanceManifests(spec, { namespace: 'drapeau-instances', deployment: '0123456789abcdef' });
/** As sent on the wire. */
const wire = <T>(object: T): Record<string, unknown> => JSON.parse(JSON.stringify(object)) as Record<string, unknown>;

describe('Kubernetes manifests of an instance', () => {
  it('are valid objects of the Kubernetes API', () => {
    expect(() => new Pod(wire(manifests.pod)).validate()).not.toThrow();
    expect(() => new Secret(wire(manifests.secret)).validate()).not.toThrow();
    expect(() => new Service(wire(manifests.service)).validate()).not.toThrow();
    expect(() => new NetworkPolicy(wire(manifests.networkPolicy)).validate()).not.toThrow();
  });

  it('the schema check does catch a wrong object', () => {
    const broken = wire(manifests.pod) as { spec: { containers: { ports: { containerPort: unknown }[] }[] } };
    broken.spec.containers[0]!.ports[0]!.containerPort = 'http';
    expect(() => new Pod(broken as unknown as ConstructorParameters<typeof Pod>[0]).validate()).toThrow(/containerPort/);
  });

  it('label every object with values Kubernetes accepts, the owner and challenge kept whole in annotations', () => {
    const labelValue = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
    for (const object of Object.values(manifests)) {
      expect(object.metadata?.name).toBe(objectName(spec.id));
      expect(object.metadata?.name).toMatch(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/);
      for (const value of Object.values<string>(object.metadata?.labels ?? {})) {
        expect(value.length).toBeLessThanOrEqual(63);
        expect(value).toMatch(labelValue);
      }
      expect(object.metadata?.annotations).toEqual({
        'drapeau.org/owner': 'user:Alice_01',
        'drapeau.org/challenge': spec.challengeId,
      });
    }
    expect(manifests.pod.metadata?.labels?.[LABEL.expires]).toBe(String(Date.parse('2026-11-28T15:00:00Z') / 1000));
    // The owner's selector finds the Pod, another owner's does not.
    const matches = (selector: string) =>
      selector.split(',').every((term) => {
        const [key, value] = term.split('=');
        return manifests.pod.metadata?.labels?.[key!] === value;
      });
    expect(matches(selectorOf('0123456789abcdef', 'user:Alice_01'))).toBe(true);
    expect(matches(selectorOf('0123456789abcdef', 'user:Bob'))).toBe(false);
    expect(matches(selectorOf('another-deploymnt'))).toBe(false);
  });

  it('run the service without privileges, credentials or host access, within its limits (the restricted profile)', () => {
    const podSpec = manifests.pod.spec!;
    const container = podSpec.containers[0]!;
    expect(podSpec.automountServiceAccountToken).toBe(false);
    expect(podSpec.enableServiceLinks).toBe(false);
    expect([podSpec.hostNetwork, podSpec.hostPID, podSpec.hostIPC]).toEqual([false, false, false]);
    expect(podSpec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(podSpec.securityContext?.runAsUser).not.toBe(0);
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      privileged: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.resources?.limits).toMatchObject({ memory: '96Mi', cpu: '250m' });
    expect(container.resources?.requests).toEqual({ memory: '96Mi', cpu: '250m' });
    expect(container.ports).toEqual([{ name: 'service', containerPort: 8080, protocol: 'TCP' }]);
  });

  it('give the flag through a Secret only, as FLAG and /flag.txt', () => {
    expect(JSON.stringify(manifests.pod)).not.toContain(spec.flag);
    expect(manifests.secret.stringData).toEqual({ flag: spec.flag });
    const container = manifests.pod.spec!.containers[0]!;
    expect(container.env).toEqual([{ name: 'FLAG', valueFrom: { secretKeyRef: { name: objectName(spec.id), key: 'flag' } } }]);
    expect(container.volumeMounts).toContainEqual({ name: 'flag', mountPath: '/flag.txt', subPath: 'flag', readOnly: true });
  });

  it('let players in on the port only, and nothing out: not Drapeau, the cluster, DNS, other instances or the Internet', () => {
    const policy = manifests.networkPolicy.spec!;
    expect(policy.podSelector?.matchLabels).toEqual({ [LABEL.instance]: spec.id });
    expect(manifests.pod.metadata?.labels?.[LABEL.instance]).toBe(spec.id);
    expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.egress).toEqual([]);
    expect(policy.ingress).toEqual([{ ports: [{ port: 8080, protocol: 'TCP' }] }]);
    expect(manifests.service.spec).toMatchObject({
      type: 'NodePort',
      selector: { [LABEL.instance]: spec.id },
      ports: [{ port: 8080, targetPort: 8080, protocol: 'TCP' }],
    });
  });
});
