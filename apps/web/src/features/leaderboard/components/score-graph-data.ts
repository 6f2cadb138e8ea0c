import type { ScoreGraph } from '@drapeau/shared';

/** uPlot's aligned data: x in seconds, then one row of y per series. */
export type AlignedScores = [xs: number[], ...ys: number[][]];

/**
 * The series on one time axis: every time at which a score changed, plus `endMs` (where the lines end: the freeze, the
 * event's end, or now). Each line holds its last score until its next point (a score moves only at a solve).
 */
export function alignScores(graph: ScoreGraph, endMs: number): AlignedScores {
  const times = new Set<number>();
  for (const series of graph.series) for (const point of series.points) times.add(Date.parse(point.at));
  const last = Math.max(...times);
  times.add(Math.max(endMs, last));
  const xs = [...times].sort((a, b) => a - b);
  const ys = graph.series.map((series) => {
    const points = series.points.map((point) => ({ at: Date.parse(point.at), score: point.score }));
    let next = 0;
    let current = points[0]?.score ?? 0;
    return xs.map((x) => {
      while (next < points.length && points[next]!.at <= x) current = points[next++]!.score;
      return current;
    });
  });
  return [xs.map((x) => x / 1000), ...ys];
}

/** Ten colours that stay apart on the dark theme; the leader gets the app's primary green. */
export const SERIES_COLORS = [
  '#34d399',
  '#60a5fa',
  '#f472b6',
  '#fbbf24',
  '#a78bfa',
  '#f87171',
  '#22d3ee',
  '#a3e635',
  '#fb923c',
  '#e2e8f0',
] as const;
