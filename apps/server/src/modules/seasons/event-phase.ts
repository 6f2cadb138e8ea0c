import type { EventPhase, EventSettings } from '@drapeau/shared';

export interface EventState {
  phase: EventPhase;
  /**
   * From the freeze time (inclusive) until the end (exclusive) or until admins unfreeze (they clear the freeze time):
   * what players see stays as it was at the freeze (docs/product.md#freeze).
   */
  isFrozen: boolean;
  /** The freeze time while the freeze holds, else null: the cut-off of every number players see. */
  frozenAt: Date | null;
}

/** Where an event stands at `now` (docs/product.md#events): the start is inclusive, the end exclusive. */
export function eventStateAt(settings: EventSettings, now: Date): EventState {
  if (settings.mode === 'training' || settings.startsAt === null || settings.endsAt === null)
    return { phase: 'training', isFrozen: false, frozenAt: null };
  const at = now.getTime();
  const phase: EventPhase =
    at < Date.parse(settings.startsAt) ? 'before' : at < Date.parse(settings.endsAt) ? 'running' : 'ended';
  const isFrozen = settings.freezeAt !== null && phase === 'running' && at >= Date.parse(settings.freezeAt);
  return { phase, isFrozen, frozenAt: isFrozen ? new Date(settings.freezeAt!) : null };
}
