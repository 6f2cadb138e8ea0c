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
export function useLiveEvents({ enabled, onEvent, onOpen }: UseLiveEventsOptions): void {
  const handlers = useRef<EventStreamHandlers>({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });

  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents({
      onEvent: (event) => handlers.current.onEvent(event),
      onOpen: () => handlers.current.onOpen?.(),
    });
  }, [enabled]);
}
