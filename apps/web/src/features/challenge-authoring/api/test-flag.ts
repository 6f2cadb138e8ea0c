import { useMutation } from '@tanstack/react-query';

import type { TestFlagResult } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** POST /api/admin/challenges/:id/test-flag: would this text be accepted? Records nothing. */
export function useTestFlag(challengeId: string) {
  return useMutation({
    mutationFn: (flag: string) =>
      apiClient.post<TestFlagResult>(`/api/admin/challenges/${encodeURIComponent(challengeId)}/test-flag`, { flag }),
  });
}
