import { expect, it } from 'vitest';

import { InstanceGoneError, type InstanceProvider, type InstanceSpec } from '../provider.js';

import { askWhenUp } from './podman-engine.js';

/**
 * The part of the provider contract (provider.ts) every provider keeps alike, run by each provider's suite
 * (instances.contract.test.ts on the local engine, kubernetes.contract.test.ts on a cluster) with the suite's service
 * (test-support/service.mjs): the instance runs with its owner's flag, as a non-root user, on its endpoint; it is
 * listed by owner, extended, deleted, and deleting it again does nothing.
 */
export function itKeepsTheLifecycleContract(
  context: () => { provider: InstanceProvider; spec: (overrides?: Partial<InstanceSpec>) => InstanceSpec },
): void {
  it('starts an instance with its flag, as a non-root user, reachable on its endpoint; lists, extends and deletes it', async () => {
    const { provider, spec } = context();
    const wanted = spec({ ownerKey: 'user:alice' });
    const created = await provider.create(wanted);
    expect(created).toMatchObject({ id: wanted.id, ownerKey: 'user:alice', challengeId: wanted.challengeId, state: 'running' });
    expect(created.endpoint).not.toBeNull();
    const answer = await askWhenUp(created.endpoint!.port, 'hello', created.endpoint!.host);
    expect(answer.flag).toBe(wanted.flag);
    expect(answer.uid).not.toBe(0);

    expect((await provider.status(wanted.id))?.state).toBe('running');
    expect((await provider.list('user:alice')).map((i) => i.id)).toContain(wanted.id);
    expect((await provider.list('user:bob')).map((i) => i.id)).not.toContain(wanted.id);
    await provider.extend(wanted.id, new Date(Date.now() + 1_200_000));

    await provider.delete(wanted.id);
    expect(await provider.status(wanted.id)).toBeNull();
    expect((await provider.list()).map((i) => i.id)).not.toContain(wanted.id);
    await expect(provider.delete(wanted.id)).resolves.toBeUndefined();
    await expect(provider.extend(wanted.id, new Date())).rejects.toBeInstanceOf(InstanceGoneError);
  }, 300_000);
}
