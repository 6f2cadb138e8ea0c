import { describe, expect, it } from 'vitest';

import { createGoneSweep } from './gone-sweep.js';
import type { InstanceRow, InstancesRepository } from './instances.repository.js';
import type { InstanceProvider } from './provider.js';

/** Lets every pending promise callback run: what can move without the removal moves. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

// docs/product.md "Challenge instances": removing a challenge's service stops its instances before the answer. The
// bus's handler of the same change sweeps too, and may end the record first: the sweep of the admin's request then finds
// nothing live, yet must not answer before the container is removed.
describe('the sweep of gone challenges', () => {
  it('waits for a removal another sweep started before it says the instances are gone', async () => {
    const row = { id: 'i-1', challengeId: 'gone' } as InstanceRow;
    let ended = false;
    let removed: () => void = () => undefined;
    let removalStarted = false;
    const provider = {
      list: async () => [],
      delete: () => {
        removalStarted = true;
        return new Promise<void>((resolve) => (removed = resolve));
      },
    } as unknown as InstanceProvider;
    const sweep = createGoneSweep({
      repository: { listLive: async () => (ended ? [] : [row]), findService: async () => null } as unknown as InstancesRepository,
      provider,
      challenges: { findChallenge: async () => undefined },
      end: async (held) => {
        if (ended) return false;
        ended = true;
        await provider.delete(held.id);
        return true;
      },
    });

    const first = sweep(new Set(['gone']));
    await settle();
    expect(removalStarted).toBe(true);
    let secondDone = false;
    const second = sweep(new Set(['gone'])).then((stopped) => {
      secondDone = true;
      return stopped;
    });
    await settle();
    expect(secondDone).toBe(false);
    removed();
    expect(await second).toBe(0);
    expect(await first).toBe(1);
  });
});
