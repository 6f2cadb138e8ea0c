import type { ChallengesService } from '../challenges/catalogue/challenges.service.js';

import type { InstanceRow, InstancesRepository } from './instances.repository.js';
import type { InstanceProvider } from './provider.js';

/**
 * The instances that must go (docs/product.md "Challenge instances"): those of a challenge deleted, no longer visible or
 * without a service, and whatever the provider still runs without a live record (left by a crash or a restart, or by a
 * deleted challenge, whose records go with it). Used by the reaper's pass (every challenge) and at once after a change
 * of some challenges. Returns how many were stopped.
 */
export function createGoneSweep(deps: {
  repository: InstancesRepository;
  provider: InstanceProvider | undefined;
  challenges: Pick<ChallengesService, 'findChallenge'>;
  /** Ends the record, then removes what the provider runs (false when another caller ended it first). */
  end: (row: InstanceRow, status: 'stopped') => Promise<boolean>;
}) {
  const { repository, provider, challenges } = deps;
  const isGone = async (challengeId: string): Promise<boolean> => {
    const challenge = await challenges.findChallenge(challengeId);
    return !challenge || challenge.state !== 'visible' || !(await repository.findService(challengeId));
  };
  /** `challengeIds` null: every challenge. */
  const sweep = async (challengeIds: ReadonlySet<string> | null): Promise<number> => {
    let stopped = 0;
    const concerned = (challengeId: string) => challengeIds === null || challengeIds.has(challengeId);
    // The provider's list first: whatever it runs was recorded before it was created, so is in the record read next.
    const provided = provider ? await provider.list() : [];
    const live = await repository.listLive();
    for (const row of live)
      if (concerned(row.challengeId) && (await isGone(row.challengeId)) && (await deps.end(row, 'stopped'))) stopped++;
    const recorded = new Set(live.map((row) => row.id));
    for (const running of provided) {
      if (recorded.has(running.id) || !concerned(running.challengeId)) continue;
      await provider?.delete(running.id);
      stopped++;
    }
    return stopped;
  };
  /**
   * The sweeps under way. One that finds an instance already ended by another (the bus's handler of the same change,
   * started first) still waits for that one's removal before it answers: "stopped at once" holds for whoever asked.
   */
  const sweeping = new Set<Promise<number>>();
  return async (challengeIds: ReadonlySet<string> | null): Promise<number> => {
    const run = sweep(challengeIds);
    sweeping.add(run);
    try {
      return await run;
    } finally {
      sweeping.delete(run);
      await Promise.allSettled([...sweeping]);
    }
  };
}
