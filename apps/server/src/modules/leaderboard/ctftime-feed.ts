import type { CtftimeFeed, EventPhase } from '@drapeau/shared';

import type { Standing } from './standings.js';

export interface FeedTask {
  id: string;
  /** The challenge's English title: CTFtime shows one name per task. */
  name: string;
}

export interface FeedSolve {
  /** The standing it counts for: its team in team mode, its solver otherwise (docs/decisions/016-teams.md). */
  standingId: string;
  challengeId: string;
  points: number;
  solvedAt: Date;
}

/**
 * Whether the feed answers (docs/product.md#ctftime-feed): from an event's start on, and after its end (the final standings
 * CTFtime reads), or at any time once admins publish it. In training and before the start it would list a training
 * board's usernames and scores: 404 CTFTIME_FEED_NOT_PUBLISHED.
 */
export const isCtftimeFeedOpen = (phase: EventPhase, published: boolean): boolean =>
  published || phase === 'running' || phase === 'ended';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * CTFtime's JSON scoreboard feed, Jeopardy form (docs/product.md#ctftime-feed): one standing per ranked player (team, in
 * team mode: `team` is then the team's name, and its task stats are its solves, whoever made them), in the
 * leaderboard's order and positions, with the points and time of each solve of a listed challenge. Two challenges with
 * the same title get the id appended, so that every task name is a distinct key of `taskStats`.
 */
export function buildCtftimeFeed(
  ranked: readonly Standing[],
  tasks: readonly FeedTask[],
  solves: readonly FeedSolve[],
): CtftimeFeed {
  const seen = new Map<string, number>();
  for (const task of tasks) seen.set(task.name, (seen.get(task.name) ?? 0) + 1);
  const nameOf = new Map(tasks.map((task) => [task.id, seen.get(task.name)! > 1 ? `${task.name} (${task.id})` : task.name]));
  const byStanding = new Map<string, FeedSolve[]>();
  for (const solve of solves) {
    if (!nameOf.has(solve.challengeId)) continue;
    let list = byStanding.get(solve.standingId);
    if (!list) byStanding.set(solve.standingId, (list = []));
    list.push(solve);
  }
  return {
    tasks: [...nameOf.values()],
    standings: ranked.map((standing, index) => {
      const taskStats: CtftimeFeed['standings'][number]['taskStats'] = {};
      let lastAccept: number | undefined;
      for (const solve of byStanding.get(standing.uid) ?? []) {
        const time = unixSeconds(solve.solvedAt);
        taskStats[nameOf.get(solve.challengeId)!] = { points: solve.points, time };
        if (lastAccept === undefined || time > lastAccept) lastAccept = time;
      }
      return {
        pos: index + 1,
        team: standing.username,
        score: standing.score,
        taskStats,
        ...(lastAccept === undefined ? {} : { lastAccept }),
      };
    }),
  };
}
