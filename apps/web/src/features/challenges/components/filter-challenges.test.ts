import { describe, expect, it } from 'vitest';

import { CATEGORIES } from '@drapeau/shared';

import { buildCatalogue, buildSummary, toSummary } from '@/testing/factories';

import { filterChallenges, groupByCategory } from './filter-challenges';

describe('filterChallenges', () => {
  const catalogue = buildCatalogue().map(toSummary);

  it('keeps everything with both filters on all', () => {
    expect(filterChallenges(catalogue, { category: 'all', level: 'all' })).toHaveLength(catalogue.length);
  });

  it('combines the category and the difficulty', () => {
    const ids = filterChallenges(catalogue, { category: 'web-client', level: 'medium' }).map((c) => c.id);
    expect(ids).toEqual(['xss-filter-bypass']);
  });
});

describe('groupByCategory', () => {
  it('follows the order of CATEGORIES, leaves empty groups out and puts the easiest first', () => {
    const groups = groupByCategory(
      [
        buildSummary({ id: 'b', category: 'forensics', level: 'hard', points: 60 }),
        buildSummary({ id: 'a', category: 'forensics', level: 'easy', points: 25 }),
        buildSummary({ id: 'c', category: 'networking', level: 'easy', points: 25 }),
        buildSummary({ id: 'd', category: 'web-client', level: 'easy', points: 20 }),
        buildSummary({ id: 'e', category: 'web-client', level: 'easy', points: 15 }),
      ],
      CATEGORIES,
    );
    expect(groups.map((group) => group.category)).toEqual(['web-client', 'networking', 'forensics']);
    expect(groups[0]?.challenges.map((c) => c.id)).toEqual(['e', 'd']);
    expect(groups[2]?.challenges.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('keeps a challenge whose category an admin added, even before the category list names it', () => {
    const challenges = [buildSummary({ id: 'a', category: 'crypto' }), buildSummary({ id: 'b', category: 'forensics' })];
    expect(groupByCategory(challenges, CATEGORIES).map((group) => group.category)).toEqual(['forensics', 'crypto']);
    expect(groupByCategory(challenges, ['crypto', ...CATEGORIES]).map((group) => group.category)).toEqual([
      'crypto',
      'forensics',
    ]);
  });
});
