import { describe, expect, it } from 'vitest';

import { createSearchIndex } from './search-index.js';
import { matchesSearch, type Standing } from './standings.js';

/** mulberry32: a small seeded PRNG, so that the generated cases are the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const standing = (i: number, username: string, email: string): Standing => ({
  uid: `u${i}`,
  username,
  usernameLower: username.toLowerCase(),
  emailLower: email.toLowerCase(),
  avatarUrl: '',
  rank: 'user',
  score: 0,
  reachedAt: 0,
  solvedCount: 0,
});

const expected = (standings: Standing[], search: string, isAdmin: boolean) =>
  standings.flatMap((s, i) => (matchesSearch(s, search, isAdmin) ? [i] : []));
const found = (marks: Uint8Array) => [...marks].flatMap((m, i) => (m ? [i] : []));

describe('createSearchIndex', () => {
  it('finds exactly what matchesSearch finds, for players and admins', () => {
    const random = prng(42);
    const alphabet = 'abAB.-_1@';
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const standings = Array.from({ length: 300 }, (_, i) => standing(i, word(6), `${word(4)}@${word(3)}.io`));
    const searches = [
      '',
      '  ',
      'a',
      'AB',
      '.io',
      '@',
      'a\nb',
      ...standings.slice(0, 20).map((s) => s.emailLower.toUpperCase()),
      ...Array.from({ length: 200 }, () => word(4)),
    ];
    const index = createSearchIndex(standings);
    for (const search of searches) {
      for (const isAdmin of [false, true])
        expect(found(index.find(search, isAdmin)), `${search} ${isAdmin}`).toEqual(expected(standings, search, isAdmin));
    }
  });

  it('does not match across two standings', () => {
    const index = createSearchIndex([standing(0, 'ab', 'x@y.io'), standing(1, 'cd', 'z@y.io')]);
    expect(found(index.find('bc', true))).toEqual([]);
    expect(found(index.find('b\nc', true))).toEqual([]);
  });
});
