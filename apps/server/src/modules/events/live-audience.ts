import type { ServerEventMessage } from './event-bus.js';
import { ADMIN_ONLY_EVENTS } from './event-bus.js';

/**
 * Who hears a live event (docs/product.md#freeze): everyone; admins only (incidents, and during a freeze the standings'
 * changes made by solves); or, during a freeze, admins and the solver (a solve, told to its solver as they see it).
 */
export type LiveAudience = 'everyone' | 'admins' | 'admins-and-solver';

export function liveAudienceOf(message: ServerEventMessage, isFrozen: boolean): LiveAudience {
  if (ADMIN_ONLY_EVENTS.has(message.type)) return 'admins';
  if (!isFrozen) return 'everyone';
  if (message.type === 'solve') return 'admins-and-solver';
  if (message.type === 'leaderboard' && (message.data as { reason: string }).reason === 'solve') return 'admins';
  return 'everyone';
}
