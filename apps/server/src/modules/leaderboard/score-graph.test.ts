import { describe, expect, it } from 'vitest';

import { buildLinesAt, buildLiveLines, type GraphSolve, toScoreGraph } from './score-graph.js';
import type { Standing } from './standings.js';

const standing = (uid: string, score: number, reachedAt = 0): Standing => ({
  uid,
  username: uid,
  usernameLower: uid,
  emailLower: `${uid}@example.com`,
  avatarUrl: '',
  rank: 'user',
  score,
  reachedAt,
  solvedCount: 0,
});
const solve = (userId: string, challengeId: string, points: number, at: number): GraphSolve => ({
  userId,
  challengeId,
  points,
  solvedAt: new Date(at),
});
/** A dynamic challenge `dyn`: 100, then 10 less per solve; `static` challenges keep their points (undefined). */
const pointsAt = (challengeId: string, count: number, hints: number) =>
  challengeId === 'dyn' ? Math.max(0, 100 - 10 * Math.max(0, count - 1) - hints) : undefined;

describe('buildLinesAt (the frozen view)', () => {
  it('values each solve before the cut as it was then, and ranks by that score, ties to who reached it first', () => {
    // Now: a and b solved dyn before the cut, c after (3 solves: 80 each); b also has a static 20 solved after the cut.
    const solves = [
      solve('a', 'dyn', 80, 1000),
      solve('b', 'dyn', 80, 2000),
      solve('c', 'dyn', 80, 5000),
      solve('b', 'static', 20, 6000),
    ];
    const ranked = [standing('b', 100), standing('a', 80), standing('c', 80)];
    const lines = buildLinesAt(ranked, solves, 3000, pointsAt, () => 0);
    // At the cut: 2 solves of dyn, worth 90; a reached 90 first.
    expect(lines.map((line) => [line.standing.uid, line.score])).toEqual([
      ['a', 90],
      ['b', 90],
      ['c', 0],
    ]);
    expect(lines[1]!.steps).toEqual([{ at: 2000, points: 90 }]);
  });

  it('takes the hints’ costs off a dynamic value, never below 0, and keeps the adjustment', () => {
    const lines = buildLinesAt([standing('a', 15)], [solve('a', 'dyn', 0, 1000)], 3000, pointsAt, () => 120);
    // score 15 = 0 (points now) + adjustment 15; at the cut: max(0, 100 - 120) = 0.
    expect(lines[0]).toMatchObject({ base: 15, score: 15 });
  });
});

describe('toScoreGraph', () => {
  it('starts every line at the first solve shown (or the event’s start), then one point per solve', () => {
    const lines = buildLiveLines([standing('a', 35), standing('b', 5)], [solve('a', 'x', 30, 2000), solve('b', 'y', 10, 4000)]);
    const graph = toScoreGraph(lines, { startsAt: null, until: null, isFrozen: false, now: 9000 });
    expect(graph.series.map((s) => s.points)).toEqual([
      [
        { at: new Date(2000).toISOString(), score: 5 },
        { at: new Date(2000).toISOString(), score: 35 },
      ],
      [
        { at: new Date(2000).toISOString(), score: -5 },
        { at: new Date(4000).toISOString(), score: 5 },
      ],
    ]);
    const event = toScoreGraph(lines, { startsAt: 500, until: 8000, isFrozen: true, now: 9000 });
    expect(event).toMatchObject({ isFrozen: true, until: new Date(8000).toISOString() });
    expect(event.series[0]!.points[0]!.at).toBe(new Date(500).toISOString());
  });

  it('starts at the end (or now) when nobody has solved anything', () => {
    const graph = toScoreGraph(buildLiveLines([standing('a', 0)], []), {
      startsAt: null,
      until: null,
      isFrozen: false,
      now: 7000,
    });
    expect(graph.series).toEqual([
      { position: 1, uid: 'a', username: 'a', score: 0, points: [{ at: new Date(7000).toISOString(), score: 0 }] },
    ]);
  });
});
