import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { challengeKeys, eventKeys, leaderboardKeys, userKeys } from '@/lib/query-keys';

import { useEvent } from '../api/get-event';

import { countdownTarget } from './time-left';
import { useServerNow } from './use-server-now';

/**
 * The event and where it stands now on the server's clock. When a countdown reaches zero the event is read again and
 * the challenge list, the standings and the profiles refetched, so an open page follows the start and the end without a
 * reload.
 */
export function useEventState() {
  const event = useEvent();
  const queryClient = useQueryClient();
  const data = event.data;
  const isTimed = data !== undefined && data.phase !== 'training';
  const now = useServerNow(data?.clockOffsetMs ?? 0, isTimed);
  const target = data ? countdownTarget(data, now) : null;
  const kind = target?.kind;
  const previous = useRef(kind);
  useEffect(() => {
    if (previous.current !== undefined && kind !== previous.current) {
      // The end also lifts a freeze (docs/product.md#freeze): the standings and profiles are read again.
      for (const queryKey of [eventKeys.all, challengeKeys.all, leaderboardKeys.all, userKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    }
    previous.current = kind;
  }, [kind, queryClient]);
  return { event: data, now, target, isPending: event.isPending };
}
