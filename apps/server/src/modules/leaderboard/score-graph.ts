import { SCORE_GRAPH_PLAYERS, type ScoreGraph, type ScoreGraphSeries } from '@drapeau/shared';

import type { Standing } from './standings.js';

export interface GraphSolve {
  userId: string;
  /** The line it counts for: its team's in team mode, its solver's otherwise (docs/decisions/016-teams.md). */
  standingId: string;
  challengeId: string;
  /** The solve's points now (docs/product.md#scoring: hint costs and retroactive dynamic values included). */
  points: number;
  solvedAt: Date;
}

interface Line {
  standing: Standing;
  /** The player's score at the graph's time. */
  score: number;
  /** The score before any solve: the admin adjustment (its history is not kept, so it counts from the start). */
  base: number;
  steps: { at: number; points: number }[];
}

const sumOf = (solves: readonly GraphSolve[]) => solves.reduce((sum, solve) => sum + solve.points, 0);

function groupByStanding(solves: readonly GraphSolve[], keep: (id: string) => boolean): Map<string, GraphSolve[]> {
  const byStanding = new Map<string, GraphSolve[]>();
  for (const solve of solves) {
    if (!keep(solve.standingId)) continue;
    let list = byStanding.get(solve.standingId);
    if (!list) byStanding.set(solve.standingId, (list = []));
    list.push(solve);
  }
  for (const list of byStanding.values()) list.sort((a, b) => a.solvedAt.getTime() - b.solvedAt.getTime());
  return byStanding;
}

/**
 * The lines of the top SCORE_GRAPH_PLAYERS of `ranked` (docs/product.md#score-graph), each ending at its standing's score:
 * players, or teams in team mode (a team's line sums its solves, whoever of its members made them).
 * Live: the leaderboard's standings and the solves with their points now, as CTFd's graph does, so that a retroactive
 * dynamic value lowers the whole line. Frozen (docs/product.md#freeze): the frozen leaderboard's standings and the solves
 * up to the freeze valued at the freeze (LeaderboardService.getFrozenStandings), so that the graph and the frozen
 * leaderboard are one computation. `solves` holds at least the solves of those players.
 */
export function buildLines(ranked: readonly Standing[], solves: readonly GraphSolve[]): Line[] {
  const top = ranked.slice(0, SCORE_GRAPH_PLAYERS);
  const ids = new Set(top.map((standing) => standing.uid));
  const byStanding = groupByStanding(solves, (id) => ids.has(id));
  return top.map((standing) => {
    const own = byStanding.get(standing.uid) ?? [];
    return {
      standing,
      score: standing.score,
      // score == sum(solve points) + adjustment (docs/product.md#scoring).
      base: standing.score - sumOf(own),
      steps: own.map((solve) => ({ at: solve.solvedAt.getTime(), points: solve.points })),
    };
  });
}

/** The answer of GET /api/leaderboard/graph: every line starts at the earliest solve shown (or `startsAt`, if earlier). */
export function toScoreGraph(
  lines: readonly Line[],
  options: { startsAt: number | null; until: number | null; isFrozen: boolean; now: number },
): ScoreGraph {
  let start = options.startsAt ?? Number.POSITIVE_INFINITY;
  for (const line of lines) start = Math.min(start, line.steps[0]?.at ?? Number.POSITIVE_INFINITY);
  if (!Number.isFinite(start)) start = options.until ?? options.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    isFrozen: options.isFrozen,
    until: options.until === null ? null : iso(options.until),
    series: lines.map((line, index): ScoreGraphSeries => {
      let running = line.base;
      const points = [{ at: iso(start), score: running }];
      for (const step of line.steps) {
        running += step.points;
        points.push({ at: iso(step.at), score: running });
      }
      return { position: index + 1, uid: line.standing.uid, username: line.standing.username, score: line.score, points };
    }),
  };
}
