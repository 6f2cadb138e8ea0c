import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { EventSettings, PlatformSettings } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, eventKeys } from '@/lib/query-keys';

/** The event is the `event` platform setting: PATCH /api/admin/settings, audited like any setting. */
function updateEvent(event: EventSettings) {
  return apiClient.patch<PlatformSettings>('/api/admin/settings', { event });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => {
      // The admin panel's settings and audit log (adminKeys.all) change too.
      for (const queryKey of [eventKeys.all, challengeKeys.all, ['admin']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
