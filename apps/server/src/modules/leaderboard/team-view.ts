/** A team's numbers as a viewer sees them (docs/product.md#teams, #freeze): its score, solve count and each member's part. */
export interface TeamView {
  score: number;
  solvedCount: number;
  contributions: Map<string, { points: number; solvedCount: number }>;
}

/** A team's score and count, and its members' parts from the solves it counts (`solves`, with their points as counted). */
export function teamViewOf(
  standing: { score: number; solvedCount: number } | undefined,
  solves: readonly { userId: string; points: number }[],
): TeamView {
  const contributions = new Map<string, { points: number; solvedCount: number }>();
  for (const solve of solves) {
    const entry = contributions.get(solve.userId) ?? { points: 0, solvedCount: 0 };
    entry.points += solve.points;
    entry.solvedCount += 1;
    contributions.set(solve.userId, entry);
  }
  return { score: standing?.score ?? 0, solvedCount: standing?.solvedCount ?? 0, contributions };
}
