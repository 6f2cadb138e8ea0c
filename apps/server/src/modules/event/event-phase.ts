import type { EventPhase, EventSettings } from '@drapeau/shared';

export interface EventState {
  phase: EventPhase;
  /**
   * From the freeze time until the end (docs/product.md#events). Nothing reads it yet: the freeze (what players see stays
   * as it was) hooks in here.
   */
  isFrozen: boolean;
}

/** Where an event stands at `now` (docs/product.md#events): the start is inclusive, the end exclusive. */
export function eventStateAt(settings: EventSettings, now: Date): EventState {
  if (settings.mode === 'training' || settings.startsAt === null || settings.endsAt === null)
    return { phase: 'training', isFrozen: false };
  const at = now.getTime();
  const phase: EventPhase =
    at < Date.parse(settings.startsAt) ? 'before' : at < Date.parse(settings.endsAt) ? 'running' : 'ended';
  const isFrozen = settings.freezeAt !== null && at >= Date.parse(settings.freezeAt);
  return { phase, isFrozen };
}
