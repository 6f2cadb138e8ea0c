import { and, count, eq, isNull, or } from 'drizzle-orm';

import { anyOf } from '../../../db/array-params.js';
import type { Db } from '../../../db/client.js';
import { hintUnlocks, solves, submissions, teamMembers } from '../../../db/schema/index.js';
import type { PlayerProgress } from '../model/challenge-views.js';

/** The players' progress, part of the catalogue repository (catalogue.repository.ts). */
export function playerProgressReads(db: Db) {
  return {
    /**
     * What these players have done, in four statements whatever their number (docs/performance.md "2026-11-24: cold
     * players"): their solves and their team's (a player who left a team keeps none of its), the hints they opened (in
     * team mode, `isTeamMode`, their team's: docs/decisions/016-teams.md) and their wrong attempts per challenge.
     */
    async findPlayersProgress(userIds: readonly string[], isTeamMode = false): Promise<Map<string, PlayerProgress>> {
      const ids = [...new Set(userIds)];
      const memberships = await db
        .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(anyOf(teamMembers.userId, ids));
      const teamOf = new Map(memberships.map((m) => [m.userId, m.teamId]));
      const teamIds = [...new Set(teamOf.values())];
      const ownOrTeams = <T extends typeof solves | typeof hintUnlocks>(table: T, withTeams: boolean) =>
        or(
          and(isNull(table.teamId), anyOf(table.userId, ids)),
          withTeams && teamIds.length > 0 ? anyOf(table.teamId, teamIds) : undefined,
        );
      const [solvedRows, openedRows, attemptRows] = [
        await db
          .select({ userId: solves.userId, teamId: solves.teamId, id: solves.challengeId, at: solves.solvedAt })
          .from(solves)
          .where(ownOrTeams(solves, true)),
        await db
          .select({ userId: hintUnlocks.userId, teamId: hintUnlocks.teamId, id: hintUnlocks.hintId })
          .from(hintUnlocks)
          .where(ownOrTeams(hintUnlocks, isTeamMode)),
        await db
          .select({ userId: submissions.userId, id: submissions.challengeId, n: count() })
          .from(submissions)
          .where(and(anyOf(submissions.userId, ids), eq(submissions.isCorrect, false)))
          .groupBy(submissions.userId, submissions.challengeId),
      ];
      // Rows by whose they are: a player's own (no team) or a team's.
      const ownerKey = (row: { userId: string; teamId: string | null }) =>
        row.teamId === null ? `u:${row.userId}` : `t:${row.teamId}`;
      const byOwner = <R extends { userId: string; teamId: string | null }>(rows: R[]) => {
        const grouped = new Map<string, R[]>();
        for (const row of rows) {
          const key = ownerKey(row);
          const list = grouped.get(key);
          if (list) list.push(row);
          else grouped.set(key, [row]);
        }
        return grouped;
      };
      const solvedBy = byOwner(solvedRows);
      const openedBy = byOwner(openedRows);
      const attemptsBy = byOwner(attemptRows.map((r) => ({ ...r, teamId: null })));
      const progress = new Map<string, PlayerProgress>();
      for (const userId of ids) {
        const teamId = teamOf.get(userId) ?? null;
        const solved = [...(solvedBy.get(`u:${userId}`) ?? []), ...(teamId === null ? [] : (solvedBy.get(`t:${teamId}`) ?? []))];
        // In team mode a member's hints are the team's; otherwise (or without a team) the player's own.
        const opened = openedBy.get(isTeamMode && teamId !== null ? `t:${teamId}` : `u:${userId}`) ?? [];
        progress.set(userId, {
          teamId,
          solved: new Set(solved.map((r) => r.id)),
          solvedAt: new Map(solved.map((r) => [r.id, r.at.getTime()])),
          openedHints: new Set(opened.map((r) => r.id)),
          wrongAttempts: new Map((attemptsBy.get(`u:${userId}`) ?? []).map((r) => [r.id, r.n])),
        });
      }
      return progress;
    },
  };
}
