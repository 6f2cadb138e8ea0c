import { describe, expect, it } from 'vitest';

import type { ServerEventMessage } from './event-bus.js';
import { liveAudienceOf } from './live-audience.js';

const solve: ServerEventMessage = {
  type: 'solve',
  data: { userId: 'u', username: 'u', challengeId: 'c', points: 1, firstBlood: false, score: 1, solvedAt: '' },
};
const scores = (reason: 'solve' | 'user-updated'): ServerEventMessage => ({ type: 'leaderboard', data: { reason } });

// docs/product.md#freeze: during a freeze players hear of no solve but their own, and of no standings change made by one.
describe('who hears a live event', () => {
  it('is everyone outside a freeze, admins only for incidents', () => {
    expect(liveAudienceOf(solve, false)).toBe('everyone');
    expect(liveAudienceOf(scores('solve'), false)).toBe('everyone');
    expect(liveAudienceOf({ type: 'incident', data: {} as never }, false)).toBe('admins');
  });
  it('during a freeze: a solve goes to admins and its solver, a standings change made by a solve to admins only', () => {
    expect(liveAudienceOf(solve, true)).toBe('admins-and-solver');
    expect(liveAudienceOf(scores('solve'), true)).toBe('admins');
    // An admin's change of a user, an announcement or the event itself still reach everyone.
    expect(liveAudienceOf(scores('user-updated'), true)).toBe('everyone');
    expect(liveAudienceOf({ type: 'event', data: {} as never }, true)).toBe('everyone');
  });
});
