import type { EngineApi } from './engine-api.js';
import { EngineError } from './engine-api.js';
import type { InstanceProvider, InstanceSpec, ProvidedInstance } from './provider.js';
import { InstanceGoneError } from './provider.js';

/** Labels on everything the provider makes: what it lists and reaps by. */
const LABEL = {
  managed: 'org.drapeau.instance',
  deployment: 'org.drapeau.deployment',
  owner: 'org.drapeau.owner',
  challenge: 'org.drapeau.challenge',
  expires: 'org.drapeau.expires',
} as const;

const PIDS_LIMIT = 128;
/** The user an image that would run as root runs as instead (nobody). */
const UNPRIVILEGED_USER = '65534:65534';

interface ContainerJson {
  Id: string;
  Name?: string;
  Names?: string[];
  Labels?: Record<string, string>;
  Config?: { Labels?: Record<string, string> };
  State?: string | { Status?: string; Running?: boolean };
  NetworkSettings?: { Ports?: Record<string, { HostIp: string; HostPort: string }[] | null> };
  Ports?: { PrivatePort: number; PublicPort?: number; IP?: string }[];
}

/** A random /28 inside `pool` (`10.213.0.0/16`). */
function pickSubnet(pool: string): string {
  const [address, bitsText] = pool.split('/');
  const bits = Number(bitsText);
  const octets = (address ?? '').split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !(o >= 0 && o <= 255)) || !(bits >= 8 && bits <= 28))
    throw new Error(`subnet pool ${pool}: expected an IPv4 network such as 10.213.0.0/16`);
  const base = octets.reduce((n, o) => n * 256 + o, 0) & ~((2 ** (32 - bits) - 1) >>> 0);
  const index = Math.floor(Math.random() * 2 ** (28 - bits));
  const start = (base >>> 0) + index * 16;
  return `${[24, 16, 8, 0].map((shift) => (start >>> shift) & 255).join('.')}/28`;
}

const containerName = (id: string) => `drapeau-instance-${id}`;
const networkName = (id: string) => `drapeau-instance-${id}`;

/**
 * Instances as containers of the local engine, through the Docker Engine API (docs/architecture.md "Challenge
 * instances"). Each runs on a network of its own, made for it in the instances' address pool, whose outgoing connections
 * the host drops; its one port is published on `publishHost`. It runs without privileges (every capability dropped,
 * no-new-privileges, a read-only root with a small /tmp), as a non-root user, within memory, CPU and process limits.
 */
export function createContainerEngineProvider(deps: {
  api: EngineApi;
  /** The address ports are published on (what the endpoint's host is, unless `endpointHost`). */
  publishHost: string;
  /** The host name players use to reach published ports (never Drapeau's own origin). */
  endpointHost: string;
  /** Where the instances' networks take their /28 subnets, as `a.b.c.d/nn` (nn at most 28). */
  subnetPool: string;
  /** Which deployment's instances these are: another Drapeau on the same engine lists (and reaps) only its own. */
  deployment: string;
}): InstanceProvider {
  const { api } = deps;

  const toInstance = (json: ContainerJson, port?: number): ProvidedInstance => {
    const labels = json.Config?.Labels ?? json.Labels ?? {};
    const state = typeof json.State === 'string' ? json.State : json.State?.Status;
    let hostPort: number | undefined;
    if (json.NetworkSettings?.Ports) {
      const bound = Object.values(json.NetworkSettings.Ports).find((b) => b && b.length > 0);
      if (bound?.[0]) hostPort = Number(bound[0].HostPort);
    } else if (json.Ports) {
      hostPort = json.Ports.find((p) => p.PublicPort && (port === undefined || p.PrivatePort === port))?.PublicPort;
    }
    return {
      id: labels[LABEL.managed] ?? '',
      ownerKey: labels[LABEL.owner] ?? '',
      challengeId: labels[LABEL.challenge] ?? '',
      state: state === 'running' ? 'running' : state === 'created' || state === 'configured' ? 'starting' : 'stopped',
      endpoint: hostPort ? { host: deps.endpointHost, port: hostPort } : null,
      expiresAt: new Date(Number(labels[LABEL.expires] ?? 0)),
    };
  };

  const removeQuietly = async (path: string) => {
    try {
      await api('DELETE', path);
    } catch (error) {
      if (!(error instanceof EngineError && error.status === 404)) throw error;
    }
  };

  const userFor = async (image: string): Promise<string> => {
    const inspected = await api<{ Config?: { User?: string } }>('GET', `/images/${encodeURIComponent(image)}/json`);
    const user = inspected.Config?.User ?? '';
    return user === '' || user === 'root' || user === '0' || user.startsWith('0:') || user.startsWith('root:')
      ? UNPRIVILEGED_USER
      : user;
  };

  /**
   * A network of its own on a free /28 of the pool, so that one host rule (docs/operations.md "Challenge instances")
   * drops every connection a container opens: to the host (Drapeau, its database), to another instance, or out.
   * (An internal network would need no rule, but the engine publishes no port from one.)
   */
  const createNetwork = async (name: string, labels: Record<string, string>): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await api('POST', '/networks/create', {
          Name: name,
          Driver: 'bridge',
          Internal: false,
          Labels: labels,
          IPAM: { Driver: 'default', Config: [{ Subnet: pickSubnet(deps.subnetPool) }] },
        });
        return;
      } catch (error) {
        // Another network took that subnet: try another one.
        if (attempt >= 8 || !(error instanceof EngineError) || !/subnet|overlap|in use/i.test(error.message)) throw error;
      }
    }
  };

  const provider: InstanceProvider = {
    name: 'container-engine',

    async create(spec: InstanceSpec): Promise<ProvidedInstance> {
      const labels = {
        [LABEL.managed]: spec.id,
        [LABEL.deployment]: deps.deployment,
        [LABEL.owner]: spec.ownerKey,
        [LABEL.challenge]: spec.challengeId,
        [LABEL.expires]: String(spec.expiresAt.getTime()),
      };
      const user = await userFor(spec.image);
      await createNetwork(networkName(spec.id), labels);
      try {
        const portKey = `${spec.port}/tcp`;
        const created = await api<{ Id: string }>('POST', `/containers/create?name=${containerName(spec.id)}`, {
          Image: spec.image,
          User: user,
          Env: [`FLAG=${spec.flag}`],
          Labels: labels,
          ExposedPorts: { [portKey]: {} },
          HostConfig: {
            NetworkMode: networkName(spec.id),
            PortBindings: { [portKey]: [{ HostIp: deps.publishHost, HostPort: '' }] },
            Memory: spec.memoryMb * 1024 * 1024,
            MemorySwap: spec.memoryMb * 1024 * 1024,
            NanoCpus: Math.round(spec.cpus * 1e9),
            PidsLimit: PIDS_LIMIT,
            CapDrop: ['ALL'],
            SecurityOpt: ['no-new-privileges'],
            ReadonlyRootfs: true,
            Tmpfs: { '/tmp': 'rw,noexec,nosuid,size=16m' },
            Init: true,
            Privileged: false,
          },
        });
        await api('POST', `/containers/${created.Id}/start`);
        const json = await api<ContainerJson>('GET', `/containers/${created.Id}/json`);
        return toInstance(json, spec.port);
      } catch (error) {
        await provider.delete(spec.id).catch(() => undefined);
        throw error;
      }
    },

    async status(id: string): Promise<ProvidedInstance | null> {
      try {
        return toInstance(await api<ContainerJson>('GET', `/containers/${containerName(id)}/json`));
      } catch (error) {
        if (error instanceof EngineError && error.status === 404) return null;
        throw error;
      }
    },

    // A container's labels cannot change: the engine keeps the first expiry, and the server's record holds the later
    // one, which the reaper follows (docs/architecture.md "Challenge instances").
    async extend(id: string): Promise<void> {
      if ((await provider.status(id)) === null) throw new InstanceGoneError(id);
    },

    async delete(id: string): Promise<void> {
      await removeQuietly(`/containers/${containerName(id)}?force=true&v=true`);
      await removeQuietly(`/networks/${networkName(id)}`);
    },

    async list(ownerKey?: string): Promise<ProvidedInstance[]> {
      const label = [LABEL.managed, `${LABEL.deployment}=${deps.deployment}`];
      if (ownerKey !== undefined) label.push(`${LABEL.owner}=${ownerKey}`);
      const filters = encodeURIComponent(JSON.stringify({ label }));
      const listed = await api<ContainerJson[]>('GET', `/containers/json?all=true&filters=${filters}`);
      return listed.map((json) => toInstance(json));
    },
  };
  return provider;
}
