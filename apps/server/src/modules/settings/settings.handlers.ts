import { type EventBus, subscribeHandlers } from '../events/event-bus.js';

import type { SettingsService } from './settings.service.js';

/** Settings changed while this instance could not hear the others (`resync`) are read again. */
export function followSettingsEvents(
  events: Pick<EventBus, 'subscribe'>,
  deps: { settings: Pick<SettingsService, 'load'>; log: { error(details: object, message: string): void } },
): () => void {
  return subscribeHandlers(events, {
    resync: () => {
      deps.settings.load().catch((error: unknown) => deps.log.error({ err: error }, 'settings could not be read again'));
    },
  });
}
