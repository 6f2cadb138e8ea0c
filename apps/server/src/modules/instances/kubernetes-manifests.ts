import { createHash } from 'node:crypto';

import type { V1NetworkPolicy, V1Pod, V1Secret, V1Service } from '@kubernetes/client-node';

import type { InstanceSpec } from './provider.js';

/**
 * What the Kubernetes provider (kubernetes-provider.ts) creates for one instance, as plain objects checked against the
 * Kubernetes API's schema by kubernetes-manifests.test.ts (docs/operations.md "Challenge instances on Kubernetes"): a
 * Pod, a Secret holding its flag, a NodePort Service and a NetworkPolicy. Label values cannot hold the owner key's colon
 * nor a long challenge id, so the labels carry a digest and the annotations the values themselves.
 */
export const LABEL = {
  managedBy: 'app.kubernetes.io/managed-by',
  instance: 'drapeau.org/instance',
  deployment: 'drapeau.org/deployment',
  owner: 'drapeau.org/owner',
  /** Seconds since the epoch; moved by an extension (a Pod's labels can change, a container's cannot). */
  expires: 'drapeau.org/expires',
} as const;
export const ANNOTATION = { owner: 'drapeau.org/owner', challenge: 'drapeau.org/challenge' } as const;
const MANAGED_BY = 'drapeau';
/** The user and group a container runs as: nobody, whatever the image says (the restricted Pod Security profile). */
const UNPRIVILEGED_ID = 65534;

const ownerLabel = (ownerKey: string) => createHash('sha256').update(ownerKey).digest('hex').slice(0, 40);
export const expiresLabel = (expiresAt: Date) => String(Math.floor(expiresAt.getTime() / 1000));
/** One name for the instance's four objects: a DNS label that starts with a letter (a Service's name must). */
export const objectName = (id: string) => `drapeau-${id}`.toLowerCase().slice(0, 63);

/** The label selector of what one deployment runs, or one owner's part of it. */
export function selectorOf(deployment: string, ownerKey?: string): string {
  const parts = [`${LABEL.managedBy}=${MANAGED_BY}`, `${LABEL.deployment}=${deployment}`];
  if (ownerKey !== undefined) parts.push(`${LABEL.owner}=${ownerLabel(ownerKey)}`);
  return parts.join(',');
}

export interface InstanceManifests {
  pod: V1Pod;
  secret: V1Secret;
  service: V1Service;
  networkPolicy: V1NetworkPolicy;
}

export function buildInstanceManifests(
  spec: InstanceSpec,
  options: { namespace: string; deployment: string },
): InstanceManifests {
  const name = objectName(spec.id);
  const labels = {
    [LABEL.managedBy]: MANAGED_BY,
    [LABEL.instance]: spec.id,
    [LABEL.deployment]: options.deployment,
    [LABEL.owner]: ownerLabel(spec.ownerKey),
    [LABEL.expires]: expiresLabel(spec.expiresAt),
  };
  const metadata = {
    name,
    namespace: options.namespace,
    labels,
    annotations: { [ANNOTATION.owner]: spec.ownerKey, [ANNOTATION.challenge]: spec.challengeId },
  };
  const podSelector = { matchLabels: { [LABEL.instance]: spec.id } };
  const memory = `${spec.memoryMb}Mi`;
  const cpu = `${Math.round(spec.cpus * 1000)}m`;

  const pod: V1Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: {
      // No credentials of the cluster, no other services' addresses in the environment, no host namespaces.
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      hostNetwork: false,
      hostPID: false,
      hostIPC: false,
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 5,
      securityContext: {
        runAsNonRoot: true,
        runAsUser: UNPRIVILEGED_ID,
        runAsGroup: UNPRIVILEGED_ID,
        seccompProfile: { type: 'RuntimeDefault' },
      },
      containers: [
        {
          name: 'service',
          image: spec.image,
          imagePullPolicy: 'IfNotPresent',
          ports: [{ name: 'service', containerPort: spec.port, protocol: 'TCP' }],
          env: [{ name: 'FLAG', valueFrom: { secretKeyRef: { name, key: 'flag' } } }],
          resources: { requests: { memory, cpu }, limits: { memory, cpu, 'ephemeral-storage': '64Mi' } },
          securityContext: {
            allowPrivilegeEscalation: false,
            privileged: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
          volumeMounts: [
            { name: 'flag', mountPath: '/flag.txt', subPath: 'flag', readOnly: true },
            { name: 'tmp', mountPath: '/tmp' },
          ],
        },
      ],
      volumes: [
        { name: 'flag', secret: { secretName: name, defaultMode: 0o444 } },
        { name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '16Mi' } },
      ],
    },
  };

  const secret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata,
    type: 'Opaque',
    immutable: true,
    stringData: { flag: spec.flag },
  };

  const service: V1Service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata,
    spec: {
      type: 'NodePort',
      selector: { [LABEL.instance]: spec.id },
      ports: [{ name: 'service', port: spec.port, targetPort: spec.port, protocol: 'TCP' }],
    },
  };

  // Players' connections come in on the service's port; nothing goes out: not to Drapeau, its database, the cluster's
  // API or DNS, another instance or the Internet (an empty egress list denies every destination).
  const networkPolicy: V1NetworkPolicy = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata,
    spec: {
      podSelector,
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ ports: [{ port: spec.port, protocol: 'TCP' }] }],
      egress: [],
    },
  };

  return { pod, secret, service, networkPolicy };
}
