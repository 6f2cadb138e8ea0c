import { useEffect, useRef } from 'react';

import { subscribeToEvents, type EventStreamHandlers } from '../api/subscribe-events';

interface UseLiveEventsOptions extends EventStreamHandlers {
  /** The stream is open only while this is true (signed in). */
  enabled: boolean;
}

/**
 * Keeps one event stream open while `enabled`, and closes it when that turns false or on unmount. The handlers may
 * change on every render without reopening the stream.
 */
export function useLiveEvents({ enabled, onEvent, onMissed, since }: UseLiveEventsOptions): void {
  const handlers = useRef<EventStreamHandlers>({ onEvent, onMissed, since });
  useEffect(() => {
    handlers.current = { onEvent, onMissed, since };
  });

  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents({
      onEvent: (event) => handlers.current.onEvent(event),
      onMissed: () => handlers.current.onMissed?.(),
      since: () => handlers.current.since?.(),
    });
  }, [enabled]);
}
