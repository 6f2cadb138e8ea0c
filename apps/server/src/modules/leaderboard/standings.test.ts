import { describe, expect, it } from 'vitest';

import { matchesSearch, rankStandings, type Standing } from './standings.js';

const standing = (uid: string, score: number, reachedAt: number, over: Partial<Standing> = {}): Standing => ({
  uid,
  username: uid,
  usernameLower: uid.toLowerCase(),
  emailLower: `${uid.toLowerCase()}@example.com`,
  avatarUrl: '',
  rank: 'user',
  score,
  reachedAt,
  solvedCount: 0,
  ...over,
});

describe('rankStandings', () => {
  it('orders by score, ties to whoever reached the score first', () => {
    const ranked = rankStandings([standing('late', 50, 200), standing('top', 90, 300), standing('early', 50, 100)]);
    expect(ranked.map((s) => s.uid)).toEqual(['top', 'early', 'late']);
  });
});

describe('matchesSearch', () => {
  const alice = standing('Alice', 10, 1);

  it('matches usernames by case-insensitive substring', () => {
    expect(matchesSearch(alice, 'LIC', false)).toBe(true);
    expect(matchesSearch(alice, 'bob', false)).toBe(false);
  });

  it('matches a whole email for players, a part of one for admins', () => {
    expect(matchesSearch(alice, 'ALICE@example.com', false)).toBe(true);
    expect(matchesSearch(alice, '@example.com', false)).toBe(false);
    expect(matchesSearch(alice, '@example.com', true)).toBe(true);
  });
});
