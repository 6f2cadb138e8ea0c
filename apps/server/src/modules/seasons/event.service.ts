import type { EventSettings, PublicEvent } from '@drapeau/shared';

import { forbidden } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';

import { type EventState, eventStateAt } from './event-phase.js';

export interface EventServiceDeps {
  /** The `event` platform setting, read at each use (a memory read), so that a change applies at once. */
  settings: () => EventSettings;
  clock: Clock;
}

/** What a correct flag does now: scored, refused, or accepted as practice (docs/product.md#events). */
export type SubmissionRule = 'scored' | 'refused' | 'practice';

/** Training or a timed event (docs/product.md#events): the phase is computed from the clock at each call, no timer. */
export function createEventService(deps: EventServiceDeps) {
  const { settings, clock } = deps;
  const service = {
    state(): EventState {
      return eventStateAt(settings(), clock.now());
    },

    /**
     * The freeze's cut-off for this viewer (docs/product.md#freeze): the freeze time while the freeze holds, for players and
     * for admins who ask for the players' view; null otherwise (the live state).
     */
    frozenAtFor(viewer: { isAdmin: boolean; wantsPublicView?: boolean }): Date | null {
      if (viewer.isAdmin && !viewer.wantsPublicView) return null;
      return service.state().frozenAt;
    },
    /** GET /api/event: the settings, the phase and the server's clock. */
    getPublic(): PublicEvent {
      const current = settings();
      const now = clock.now();
      return {
        mode: current.mode,
        name: current.name,
        phase: eventStateAt(current, now).phase,
        startsAt: current.startsAt,
        endsAt: current.endsAt,
        freezeAt: current.freezeAt,
        allowPracticeAfterEnd: current.allowPracticeAfterEnd,
        firstBloodBonus: current.firstBloodBonus,
        isFrozen: eventStateAt(current, now).isFrozen,
        serverTime: now.toISOString(),
      };
    },

    /** Before the start, players get no challenge, file, lab or submission; admins get everything (403 EVENT_NOT_STARTED). */
    assertChallengesOpen(isAdmin: boolean): void {
      if (!isAdmin && service.state().phase === 'before') throw forbidden('EVENT_NOT_STARTED', 'The event has not started yet.');
    },

    /** After the end: refused (403 EVENT_ENDED), or practice when the admins allow it. Admins' flags are always scored. */
    submissionRule(isAdmin: boolean): SubmissionRule {
      if (isAdmin || service.state().phase !== 'ended') return 'scored';
      return settings().allowPracticeAfterEnd ? 'practice' : 'refused';
    },

    assertSubmissionsOpen(isAdmin: boolean): SubmissionRule {
      service.assertChallengesOpen(isAdmin);
      const rule = service.submissionRule(isAdmin);
      if (rule === 'refused') throw forbidden('EVENT_ENDED', 'The event has ended: flags are no longer accepted.');
      return rule;
    },
  };
  return service;
}
export type EventService = ReturnType<typeof createEventService>;
