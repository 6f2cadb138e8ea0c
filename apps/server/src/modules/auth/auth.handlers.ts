import { type EventBus, subscribeHandlers } from '../events/event-bus.js';

import type { AuthService } from './auth.service.js';

/**
 * Revoked sessions (role, ban, deletion, password or address change): revokeSessions() forgets them on this instance
 * before the change is answered, the `sessions` event on the others (docs/decisions/012-accounts.md); after a missed
 * stretch of the bus (`resync`), every remembered session is read again.
 */
export function followAuthEvents(
  events: Pick<EventBus, 'subscribe'>,
  auth: Pick<AuthService, 'forgetUserSessions' | 'forgetSessions'>,
): () => void {
  return subscribeHandlers(events, {
    sessions: ({ userId }) => auth.forgetUserSessions(userId),
    resync: () => auth.forgetSessions(),
  });
}
