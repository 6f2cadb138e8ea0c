import { describe, expect, it } from 'vitest';

import { describeDetails } from './audit-details';

describe('describeDetails', () => {
  it('shows a top-level change as from → to, then the other fields', () => {
    expect(describeDetails({ from: 10, to: 120, newBadges: ['century-club'] })).toEqual([
      { field: null, value: '10 → 120' },
      { field: 'newBadges', value: 'century-club' },
    ]);
  });

  it('shows each changed field and skips empty lists', () => {
    expect(describeDetails({ username: { from: 'bob', to: 'bobby' }, bio: { from: '', to: 'hi' }, newBadges: [] })).toEqual([
      { field: 'username', value: 'bob → bobby' },
      { field: 'bio', value: '∅ → hi' },
    ]);
  });

  it('shows plain values as text', () => {
    expect(describeDetails({ badgeId: 'first-blood' })).toEqual([{ field: 'badgeId', value: 'first-blood' }]);
    expect(describeDetails({ extra: { nested: true } })).toEqual([{ field: 'extra', value: '{"nested":true}' }]);
  });
});
