import { SCORE_GRAPH_PLAYERS, type ScoreGraph, type ScoreGraphSeries } from '@drapeau/shared';

import { rankStandings, type Standing } from './standings.js';

export interface GraphSolve {
  userId: string;
  challengeId: string;
  /** The solve's points now (docs/product.md#scoring: hint costs and retroactive dynamic values included). */
  points: number;
  solvedAt: Date;
}

/** What a player who opened hints costing `hintCosts` gets for a challenge with `solveCount` solves; undefined: unknown. */
export type PointsAt = (challengeId: string, solveCount: number, hintCosts: number) => number | undefined;

interface Line {
  standing: Standing;
  /** The player's score at the graph's time. */
  score: number;
  /** The score before any solve: the admin adjustment (its history is not kept, so it counts from the start). */
  base: number;
  steps: { at: number; points: number }[];
}

const sumOf = (solves: readonly GraphSolve[]) => solves.reduce((sum, solve) => sum + solve.points, 0);

function groupByUser(solves: readonly GraphSolve[], keep: (userId: string) => boolean): Map<string, GraphSolve[]> {
  const byUser = new Map<string, GraphSolve[]>();
  for (const solve of solves) {
    if (!keep(solve.userId)) continue;
    let list = byUser.get(solve.userId);
    if (!list) byUser.set(solve.userId, (list = []));
    list.push(solve);
  }
  for (const list of byUser.values()) list.sort((a, b) => a.solvedAt.getTime() - b.solvedAt.getTime());
  return byUser;
}

/**
 * The live lines (docs/product.md#score-graph): each solve counts with its points now, as CTFd's graph does, so that a
 * retroactive dynamic value lowers the whole line and each line ends at the leaderboard score. `ranked` is in
 * leaderboard order; `solves` holds at least the solves of its first SCORE_GRAPH_PLAYERS.
 */
export function buildLiveLines(ranked: readonly Standing[], solves: readonly GraphSolve[]): Line[] {
  const top = ranked.slice(0, SCORE_GRAPH_PLAYERS);
  const ids = new Set(top.map((standing) => standing.uid));
  const byUser = groupByUser(solves, (userId) => ids.has(userId));
  return top.map((standing) => {
    const own = byUser.get(standing.uid) ?? [];
    return {
      standing,
      score: standing.score,
      // score == sum(solve points) + adjustment (docs/product.md#scoring).
      base: standing.score - sumOf(own),
      steps: own.map((solve) => ({ at: solve.solvedAt.getTime(), points: solve.points })),
    };
  });
}

/**
 * The lines as they stood at `cut` (the freeze: docs/product.md#events), for every ranked player, in the order of the
 * leaderboard at that time: only solves before the cut, each worth what it was worth at the cut (a dynamic value
 * counts the solves before the cut, so later solves lower nothing). `solves` must hold every solve of every player
 * (unranked ones too: they count in dynamic values).
 */
export function buildLinesAt(
  ranked: readonly Standing[],
  solves: readonly GraphSolve[],
  cut: number,
  pointsAt: PointsAt,
  hintCostsOf: (userId: string, challengeId: string) => number,
): Line[] {
  const countsAtCut = new Map<string, number>();
  for (const solve of solves) {
    if (solve.solvedAt.getTime() < cut) countsAtCut.set(solve.challengeId, (countsAtCut.get(solve.challengeId) ?? 0) + 1);
  }
  const ids = new Set(ranked.map((standing) => standing.uid));
  const byUser = groupByUser(solves, (userId) => ids.has(userId));
  const lines = ranked.map((standing): Line => {
    const own = byUser.get(standing.uid) ?? [];
    const base = standing.score - sumOf(own);
    const steps = own
      .filter((solve) => solve.solvedAt.getTime() < cut)
      .map((solve) => ({
        at: solve.solvedAt.getTime(),
        points:
          pointsAt(solve.challengeId, countsAtCut.get(solve.challengeId) ?? 0, hintCostsOf(solve.userId, solve.challengeId)) ??
          solve.points,
      }));
    const score = base + steps.reduce((sum, step) => sum + step.points, 0);
    return { standing, score, base, steps };
  });
  // The leaderboard's order (docs/product.md#scoring) at the cut: a score reached later than the cut does not count.
  const reachedAt = (line: Line) => line.steps.at(-1)?.at ?? Math.min(line.standing.reachedAt, cut);
  const byUid = new Map(lines.map((line) => [line.standing.uid, line]));
  return rankStandings(lines.map((line) => ({ ...line.standing, score: line.score, reachedAt: reachedAt(line) })))
    .slice(0, SCORE_GRAPH_PLAYERS)
    .map((standing) => byUid.get(standing.uid)!);
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
