import { type EventBus, subscribeHandlers } from '../events/event-bus.js';

import type { InstancesService } from './instances.service.js';

/**
 * Follows the catalogue's changes (the bus's `challenges` events, from this server or another): a challenge hidden or
 * deleted has its instances stopped at once, not at the reaper's next pass.
 */
export function followInstancesEvents(
  events: Pick<EventBus, 'subscribe'>,
  deps: {
    instances: Pick<InstancesService, 'stopInstancesOfGone'>;
    log: { warn(details: object, message: string): void };
  },
): () => void {
  return subscribeHandlers(events, {
    challenges: ({ challengeIds }) => {
      deps.instances
        .stopInstancesOfGone(challengeIds)
        .catch((error: unknown) => deps.log.warn({ err: error }, 'challenge instances: stopping those of a change failed'));
    },
  });
}
