import { z } from 'zod';

/** How many players the score graph follows (docs/product.md#score-graph). */
export const SCORE_GRAPH_PLAYERS = 10;

const instant = z.iso.datetime({ offset: true });

const ScoreGraphPointSchema = z.object({
  /** When the score became this value: a solve, or the start of the graph. */
  at: instant,
  score: z.number().int(),
});

const ScoreGraphSeriesSchema = z.object({
  /** 1-based place on the leaderboard the graph is drawn from (the frozen one during a freeze, for players). */
  position: z.number().int(),
  uid: z.string(),
  username: z.string(),
  /** The leaderboard score: always the score of the last point. */
  score: z.number().int(),
  /** In time order; the first point is the graph's start (the score adjustment, often 0), then one point per solve. */
  points: z.array(ScoreGraphPointSchema),
});
export type ScoreGraphSeries = z.infer<typeof ScoreGraphSeriesSchema>;

/** GET /api/leaderboard/graph: the top players' scores over time, in leaderboard order. */
export const ScoreGraphSchema = z.object({
  series: z.array(ScoreGraphSeriesSchema),
  /** True when this is the frozen view (players during a freeze): the series stop at `until`. */
  isFrozen: z.boolean(),
  /** Where the lines end: the freeze time (frozen view) or the event's end once it is over; null = now. */
  until: instant.nullable(),
  /** True in team mode: the series are teams (`uid` the team's id, `username` its name). */
  isTeams: z.boolean().optional(),
});
export type ScoreGraph = z.infer<typeof ScoreGraphSchema>;
