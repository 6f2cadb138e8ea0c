import { describe, expect, it } from 'vitest';

import type { ScoreGraph } from '@drapeau/shared';

import { alignScores } from './score-graph-data';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
const seconds = (minute: number) => Date.UTC(2026, 2, 1, 9, minute) / 1000;

/** A live graph whose lines are `[minute, score]` points, in the order given. */
function graphOf(...lines: { username: string; points: [number, number][] }[]): ScoreGraph {
  return {
    isFrozen: false,
    until: null,
    series: lines.map(({ username, points }, index) => ({
      position: index + 1,
      uid: username,
      username,
      score: points.at(-1)?.[1] ?? 0,
      points: points.map(([minute, score]) => ({ at: at(minute), score })),
    })),
  };
}

describe('alignScores', () => {
  it('puts every line on the times of all points, holding each score until its next point, up to the end', () => {
    const graph = graphOf(
      {
        username: 'alice',
        points: [
          [0, 0],
          [5, 10],
          [20, 30],
        ],
      },
      {
        username: 'bob',
        points: [
          [0, 5],
          [10, 25],
        ],
      },
    );
    expect(alignScores(graph, Date.UTC(2026, 2, 1, 9, 30))).toEqual([
      [seconds(0), seconds(5), seconds(10), seconds(20), seconds(30)],
      [0, 10, 10, 30, 30],
      [5, 5, 25, 25, 25],
    ]);
  });

  it('never ends before the last point (a browser clock behind the server’s)', () => {
    const graph = graphOf({
      username: 'alice',
      points: [
        [0, 0],
        [5, 10],
      ],
    });
    expect(alignScores(graph, Date.UTC(2026, 2, 1, 8, 0))).toEqual([
      [seconds(0), seconds(5)],
      [0, 10],
    ]);
  });
});
