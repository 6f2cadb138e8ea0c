import type { AdminTeam } from '@drapeau/shared';

import type { AdminTeamRow, TeamSolveRow } from './teams-admin.repository.js';

/**
 * A merge's rule (docs/decisions/016-teams.md): where both teams solved a challenge, the earlier solve is kept (the lower id
 * at the same instant) and the other is removed. Returns the solves to remove, of either team.
 */
export function solvesToRemove(intoSolves: readonly TeamSolveRow[], fromSolves: readonly TeamSolveRow[]): TeamSolveRow[] {
  const intoByChallenge = new Map(intoSolves.map((s) => [s.challengeId, s]));
  const removed: TeamSolveRow[] = [];
  for (const solve of fromSolves) {
    const other = intoByChallenge.get(solve.challengeId);
    if (!other) continue;
    const [mine, theirs] = [solve.solvedAt.getTime(), other.solvedAt.getTime()];
    removed.push(mine < theirs || (mine === theirs && solve.id < other.id) ? other : solve);
  }
  return removed;
}

/** A team as the admin panel shows it. */
export const toAdminTeam = (
  row: AdminTeamRow,
  members: { userId: string; username: string; joinedAt: Date }[],
  numbers: { score: number; solvedCount: number } | undefined,
): AdminTeam => ({
  id: row.id,
  name: row.name,
  inviteCode: row.inviteCode,
  captainId: row.captainId,
  createdAt: row.createdAt.toISOString(),
  members: members.map((m) => ({ uid: m.userId, username: m.username, joinedAt: m.joinedAt.toISOString() })),
  score: numbers?.score ?? 0,
  scoreAdjustment: row.scoreAdjustment,
  solvedCount: numbers?.solvedCount ?? 0,
});
