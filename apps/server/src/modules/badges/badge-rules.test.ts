import { describe, expect, it } from 'vitest';

import { isBadgeEarned, type PlayerStats } from './badge-rules.js';

const stats = (over: Partial<PlayerStats> = {}): PlayerStats => ({ solveCount: 0, score: 0, solvesByCategory: {}, ...over });

describe('badge rules', () => {
  it('solveCount is earned at the threshold, not before', () => {
    expect(isBadgeEarned({ type: 'solveCount', value: 5 }, stats({ solveCount: 4 }))).toBe(false);
    expect(isBadgeEarned({ type: 'solveCount', value: 5 }, stats({ solveCount: 5 }))).toBe(true);
  });

  it('score is earned at the threshold, not before', () => {
    expect(isBadgeEarned({ type: 'score', value: 100 }, stats({ score: 99 }))).toBe(false);
    expect(isBadgeEarned({ type: 'score', value: 100 }, stats({ score: 100 }))).toBe(true);
  });

  it('category counts only solves in that category', () => {
    const criteria = { type: 'category', value: 'networking', count: 3 } as const;
    expect(isBadgeEarned(criteria, stats({ solveCount: 10, solvesByCategory: { forensics: 5, networking: 2 } }))).toBe(false);
    expect(isBadgeEarned(criteria, stats({ solvesByCategory: { networking: 3 } }))).toBe(true);
  });
});
