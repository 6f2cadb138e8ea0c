import type { Role } from './schemas/user.js';

/** Rank tiers from score, in order (docs/product.md#ranks). */
export const RANK_TIERS = [
  { key: 'beginner', minScore: 0 },
  { key: 'advanced', minScore: 50 },
  { key: 'expert', minScore: 150 },
  { key: 'elite', minScore: 300 },
  { key: 'legend', minScore: 500 },
] as const;

type RankTier = (typeof RANK_TIERS)[number]['key'];
/** A tier, or the staff role that replaces it (docs/product.md#ranks). */
export type RankName = RankTier | 'admin' | 'teacher';

export interface RankInfo {
  rank: RankName;
  /** The following tier and the points still needed; null for legend and staff. */
  next: { rank: RankTier; pointsNeeded: number } | null;
}

/** The displayed rank: the staff roles (admin, teacher) replace the tiers (docs/product.md#ranks). */
export function computeRank(score: number, role: Role): RankInfo {
  if (role === 'admin' || role === 'teacher') return { rank: role, next: null };
  let index = 0;
  RANK_TIERS.forEach((tier, i) => {
    if (score >= tier.minScore) index = i;
  });
  const current = RANK_TIERS[index] ?? RANK_TIERS[0];
  const following = RANK_TIERS[index + 1];
  return {
    rank: current.key,
    next: following ? { rank: following.key, pointsNeeded: following.minScore - score } : null,
  };
}
