import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicEvent } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { eventKeys } from '@/lib/query-keys';

export interface EventView extends PublicEvent {
  /** Server time minus this browser's time when the answer came: countdowns follow the server's clock. */
  clockOffsetMs: number;
}

/** GET /api/event: public; the phase, the times and the server's clock (docs/product.md#events). */
async function getEvent(signal?: AbortSignal): Promise<EventView> {
  const event = await apiClient.get<PublicEvent>('/api/event', { signal });
  return { ...event, clockOffsetMs: Date.parse(event.serverTime) - Date.now() };
}

export const eventQueryOptions = queryOptions({ queryKey: eventKeys.all, queryFn: ({ signal }) => getEvent(signal) });

export function useEvent() {
  return useQuery(eventQueryOptions);
}
