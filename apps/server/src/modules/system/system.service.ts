import { type PublicStats, RANK_TIERS } from '@drapeau/shared';

import type { SystemRepository } from './system.repository.js';

/** Health and the landing page's numbers (docs/product.md#landing-page: they come from the server). */
export function createSystemService(deps: { repository: SystemRepository }) {
  const { repository } = deps;
  return {
    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await repository.ping();
    },
    async getPublicStats(): Promise<PublicStats> {
      return { ...(await repository.countCatalogue()), rankTierCount: RANK_TIERS.length };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
