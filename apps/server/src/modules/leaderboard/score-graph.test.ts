import { describe, expect, it } from 'vitest';

import type { Scoring } from '@drapeau/shared';

import { buildFrozenStandings, countByChallenge, type CostedSolve, valuedAtFreeze } from './frozen-standings.js';
import { buildLines, type GraphSolve, toScoreGraph } from './score-graph.js';
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
  standingId: userId,
  challengeId,
  points,
  solvedAt: new Date(at),
});
const DYN: Scoring = { type: 'dynamic', initial: 100, decay: 10, minimum: 0, function: 'linear' };
const scorings = new Map<string, Scoring>([
  ['dyn', DYN],
  ['static', { type: 'static', points: 20 }],
]);
const costed = (userId: string, challengeId: string, points: number, at: number, hintCosts = 0): CostedSolve => ({
  ...solve(userId, challengeId, points, at),
  hintCosts,
  firstBlood: false,
});

/** The frozen graph as the service draws it: the frozen leaderboard's standings and its solves valued at the freeze. */
function frozenGraphOf(live: (Standing & { adjustment: number })[], all: CostedSolve[], frozenAt: number) {
  const upToFreeze = all.filter((s) => s.solvedAt.getTime() <= frozenAt);
  const standings = buildFrozenStandings(live, upToFreeze, scorings, new Date(frozenAt), 0);
  const valued = valuedAtFreeze(upToFreeze, scorings, countByChallenge(upToFreeze), new Date(frozenAt), 0);
  return { standings, lines: buildLines(standings, valued) };
}

describe('the frozen graph: the frozen leaderboard’s top, one computation', () => {
  it('values each solve up to the freeze as it was then; same order, ties and scores as the frozen standings', () => {
    // Now: a and b solved dyn before the freeze, c after (3 solves: 80 each); b also has static 20 after the freeze;
    // d has an adjustment of 90 and no solve (a tie with a and b at the freeze), e opened a hint of 15 on dyn.
    const all = [
      costed('a', 'dyn', 80, 1000),
      costed('b', 'dyn', 80, 2000),
      costed('e', 'dyn', 65, 2500, 15),
      costed('c', 'dyn', 80, 5000),
      costed('b', 'static', 20, 6000),
    ];
    const live = [
      { ...standing('b', 100, 6000), adjustment: 0 },
      { ...standing('d', 90, 500), adjustment: 90 },
      { ...standing('a', 80, 1000), adjustment: 0 },
      { ...standing('c', 80, 5000), adjustment: 0 },
      { ...standing('e', 65, 2500), adjustment: 0 },
    ];
    const { standings, lines } = frozenGraphOf(live, all, 3000);
    // At the freeze: 3 solves of dyn, worth 80; d reached 90 first (its adjustment), then a (80), b (80), e (80 - 15).
    expect(standings.map((s) => [s.uid, s.score])).toEqual([
      ['d', 90],
      ['a', 80],
      ['b', 80],
      ['e', 65],
      ['c', 0],
    ]);
    expect(lines.map((line) => [line.standing.uid, line.score])).toEqual(standings.map((s) => [s.uid, s.score]));
    expect(lines.find((line) => line.standing.uid === 'b')!.steps).toEqual([{ at: 2000, points: 80 }]);
    expect(lines.find((line) => line.standing.uid === 'd')).toMatchObject({ base: 90, steps: [] });
    // Each line ends at its frozen score.
    for (const line of lines) expect(line.base + line.steps.reduce((sum, step) => sum + step.points, 0)).toBe(line.score);
  });

  it('takes the hints’ costs off a dynamic value, never below 0, and keeps the adjustment', () => {
    const all = [costed('a', 'dyn', 0, 1000, 120)];
    const { lines } = frozenGraphOf([{ ...standing('a', 15), adjustment: 15 }], all, 3000);
    // score 15 = 0 (points now) + adjustment 15; at the freeze: max(0, 100 - 120) = 0.
    expect(lines[0]).toMatchObject({ base: 15, score: 15 });
  });
});

describe('toScoreGraph', () => {
  it('starts every line at the first solve shown (or the event’s start), then one point per solve', () => {
    const lines = buildLines([standing('a', 35), standing('b', 5)], [solve('a', 'x', 30, 2000), solve('b', 'y', 10, 4000)]);
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
    const graph = toScoreGraph(buildLines([standing('a', 0)], []), {
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
