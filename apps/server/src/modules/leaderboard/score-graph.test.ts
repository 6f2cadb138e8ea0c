import { describe, expect, it } from 'vitest';

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
