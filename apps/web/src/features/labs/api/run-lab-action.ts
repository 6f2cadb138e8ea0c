import { useMutation, useQuery } from '@tanstack/react-query';

import type { LabRequest, LabResponse } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

export type LabInput = LabRequest['input'];

export function labPath(challengeId: string): string {
  return `/api/challenges/${encodeURIComponent(challengeId)}/lab`;
}

/**
 * POST /api/challenges/:id/lab: the server runs the exercise's check (docs/architecture.md#labs: no flag in the web bundle).
 */
export function runLabAction(challengeId: string, action: string, input: LabInput = {}): Promise<LabResponse> {
  return apiClient.post<LabResponse>(labPath(challengeId), { action, input } satisfies LabRequest);
}

const labKeys = {
  all: ['labs'] as const,
  action: (challengeId: string, action: string) => [...labKeys.all, challengeId, action] as const,
};

/** An action the player triggers (log in, ping, send a payload...). */
export function useLabAction(challengeId: string) {
  return useMutation({
    mutationFn: ({ action, input }: { action: string; input?: LabInput }) => runLabAction(challengeId, action, input),
  });
}

/** An action that only fetches the exercise's material (a sample token, a listing): read once per page visit. */
export function useLabData(challengeId: string, action: string) {
  return useQuery({
    queryKey: labKeys.action(challengeId, action),
    queryFn: () => runLabAction(challengeId, action),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
