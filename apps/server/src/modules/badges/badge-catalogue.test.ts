import { describe, expect, it } from 'vitest';

import { checkFrenchTypography } from '@drapeau/shared/french-typography';
import { BadgeSchema, type BadgeCriteria } from '@drapeau/shared';

import { BADGES } from './badge-catalogue.js';

/** The badge table of docs/product.md#badges. */
const EXPECTED_CRITERIA: Record<string, BadgeCriteria> = {
  'first-blood': { type: 'solveCount', value: 1 },
  pentester: { type: 'solveCount', value: 5 },
  'elite-hacker': { type: 'solveCount', value: 10 },
  'century-club': { type: 'score', value: 100 },
  'half-century': { type: 'score', value: 500 },
  'web-master': { type: 'category', value: 'web-client', count: 3 },
  'network-ninja': { type: 'category', value: 'networking', count: 3 },
  'forensics-expert': { type: 'category', value: 'forensics', count: 3 },
};

describe('BADGES', () => {
  it('holds the 8 badges of the badge table in docs/product.md, once each', () => {
    expect(BADGES.map((badge) => badge.badgeId).sort()).toEqual(Object.keys(EXPECTED_CRITERIA).sort());
  });

  it.each(BADGES.map((badge) => [badge.badgeId, badge] as const))('%s matches the shared schema', (_id, badge) => {
    expect(BadgeSchema.safeParse(badge).error).toBeUndefined();
  });

  it.each(BADGES.map((badge) => [badge.badgeId, badge] as const))(
    '%s has the criterion of the badge table in docs/product.md',
    (badgeId, badge) => {
      expect(badge.criteria).toEqual(EXPECTED_CRITERIA[badgeId]);
    },
  );

  it('gives every badge an emoji icon and texts in both languages', () => {
    for (const badge of BADGES) {
      expect(badge.icon).toMatch(/^\p{Extended_Pictographic}/u);
      for (const text of [badge.title, badge.description]) {
        expect(text.en.trim()).not.toBe('');
        expect(text.fr.trim()).not.toBe('');
      }
      expect(badge.description.fr).not.toBe(badge.description.en);
    }
  });

  it('writes the French texts in French typography (docs/product.md#texts)', () => {
    const problems = BADGES.flatMap((badge) =>
      [badge.title.fr, badge.description.fr].flatMap((text) =>
        checkFrenchTypography(text).map((p) => `${badge.badgeId}: ${p.rule}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});
