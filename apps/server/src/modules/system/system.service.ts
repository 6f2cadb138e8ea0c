import { type PublicStats, RANK_TIERS } from '@drapeau/shared';

import type { SystemRepository } from './system.repository.js';

/** The landing page's numbers (docs/product.md, the landing page): counted from the catalogue and the players. */
export function createSystemService(deps: {
  repository: SystemRepository;
  /** A timed event is set (docs/product.md#events). */
  isEventMode: () => boolean;
}) {
  return {
    async publicStats(): Promise<PublicStats> {
      return { ...(await deps.repository.countCatalogue()), rankTierCount: RANK_TIERS.length, isEventMode: deps.isEventMode() };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
