import { describe, expect, it } from 'vitest';

import { computeRank } from './ranks.js';

describe('computeRank', () => {
  it.each([
    [0, 'beginner', 'advanced', 50],
    [49, 'beginner', 'advanced', 1],
    [50, 'advanced', 'expert', 100],
    [149, 'advanced', 'expert', 1],
    [150, 'expert', 'elite', 150],
    [299, 'expert', 'elite', 1],
    [300, 'elite', 'legend', 200],
    [499, 'elite', 'legend', 1],
  ] as const)('a user with %i points is %s, next %s in %i', (score, rank, next, needed) => {
    expect(computeRank(score, 'user')).toEqual({ rank, next: { rank: next, pointsNeeded: needed } });
  });

  it('gives legend from 500 with no next rank', () => {
    expect(computeRank(500, 'user')).toEqual({ rank: 'legend', next: null });
    expect(computeRank(10_000, 'user')).toEqual({ rank: 'legend', next: null });
  });

  it('lets the admin role override the tiers', () => {
    expect(computeRank(0, 'admin')).toEqual({ rank: 'admin', next: null });
  });

  it('shows a teacher as Teacher whatever the score, with no next goal (staff do not compete)', () => {
    expect(computeRank(0, 'teacher')).toEqual({ rank: 'teacher', next: null });
    expect(computeRank(320, 'teacher')).toEqual({ rank: 'teacher', next: null });
  });

  it('treats a negative score as beginner', () => {
    expect(computeRank(-20, 'user')).toEqual({ rank: 'beginner', next: { rank: 'advanced', pointsNeeded: 70 } });
  });
});
