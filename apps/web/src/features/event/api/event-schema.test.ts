import { describe, expect, it } from 'vitest';

import { PublicEventSchema } from '@drapeau/shared';

import { PublicEventLightSchema } from './event-schema';

const event = {
  mode: 'event',
  name: { en: 'Spring cup', fr: 'Coupe de printemps' },
  phase: 'before',
  startsAt: '2026-06-01T09:00:00.000Z',
  endsAt: '2026-06-01T17:00:00.000Z',
  freezeAt: null,
  allowPracticeAfterEnd: false,
  firstBloodBonus: 0,
  isFrozen: false,
  serverTime: '2026-06-01T08:00:00.000Z',
};

describe('the event banner’s response check', () => {
  it('accepts and refuses what the shared PublicEventSchema does', () => {
    for (const body of [
      event,
      { ...event, mode: 'training', phase: 'training', startsAt: null, endsAt: null },
      { ...event, freezeAt: '2026-06-01T16:00:00.000Z' },
      { ...event, mode: 'party' },
      { ...event, name: undefined },
      { ...event, name: { en: 'Spring cup' } },
      { ...event, phase: 'frozen' },
      { ...event, startsAt: 7 },
      { ...event, allowPracticeAfterEnd: 'yes' },
      { ...event, serverTime: undefined },
      null,
      [],
    ]) {
      expect(PublicEventLightSchema.safeParse(body).success, JSON.stringify(body)).toBe(
        PublicEventSchema.safeParse(body).success,
      );
    }
  });
});
