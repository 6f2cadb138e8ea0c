import type { AdminInstance, ChallengeService, InstanceEndpoint, InstanceProtocol, PlayerInstance } from '@drapeau/shared';

import type { InstanceRow } from './instances.repository.js';

/** The line a player pastes to reach the service (docs/product.md "Challenge instances"). */
function endpointOf(protocol: InstanceProtocol, host: string, port: number): InstanceEndpoint {
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  if (protocol === 'http') {
    const url = `http://${hostInUrl}:${port}/`;
    return { protocol, host, port, url, command: url };
  }
  const command = protocol === 'ssh' ? `ssh -p ${port} ctf@${host}` : `nc ${host} ${port}`;
  return { protocol, host, port, url: null, command };
}

/** An instance as its player (or their team) sees it: its address once it runs, and when it ends. */
export function toPlayerView(
  row: InstanceRow,
  service: Pick<ChallengeService, 'protocol' | 'scope' | 'extendable'>,
): PlayerInstance {
  return {
    challengeId: row.challengeId,
    scope: service.scope,
    status: row.status as PlayerInstance['status'],
    endpoint:
      row.endpointHost !== null && row.endpointPort !== null
        ? endpointOf(service.protocol, row.endpointHost, row.endpointPort)
        : null,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    extendable: service.extendable,
  };
}

/**
 * An instance as the admins' list shows it, with whose it is from the record's owner key (`user:<id>`, `team:<id>`, or
 * `shared`); a service removed since is shown as a plain TCP one.
 */
export async function toAdminInstance(
  row: InstanceRow,
  service: ChallengeService | undefined,
  ownerName: (ownerKey: string) => Promise<string | null>,
): Promise<AdminInstance> {
  const [kind, ...rest] = row.ownerKey.split(':');
  const ownerId = rest.join(':');
  return {
    ...toPlayerView(row, service ?? { protocol: 'tcp', scope: 'per-player', extendable: false }),
    id: row.id,
    owner: {
      kind: kind === 'team' ? 'team' : kind === 'user' ? 'user' : 'everybody',
      id: ownerId === '' ? null : ownerId,
      name: ownerId === '' ? null : await ownerName(row.ownerKey),
    },
  };
}
