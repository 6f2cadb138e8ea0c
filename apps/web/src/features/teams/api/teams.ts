import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { MyTeamResult, Ok, OwnTeam, PublicTeam } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, teamKeys } from '@/lib/query-keys';

/** GET /api/teams/mine: whether team mode is on, and the player's team (with its invite code) if any. */
export function useMyTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<MyTeamResult>('/api/teams/mine', { signal }),
  });
}

/** GET /api/teams/:id: a team's public page. */
export function useTeam(teamId: string) {
  return useQuery({
    queryKey: teamKeys.detail(teamId),
    queryFn: ({ signal }) => apiClient.get<PublicTeam>(`/api/teams/${encodeURIComponent(teamId)}`, { signal }),
  });
}

/** Every change to the player's own team answers with the team as it now is. */
function useTeamChange<Input>(call: (input: Input) => Promise<OwnTeam | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (team) => {
      queryClient.setQueryData<MyTeamResult>(teamKeys.mine(), (mine) => (mine ? { ...mine, team } : mine));
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      // Solves are the team's: the challenge list changes with the team one is in.
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });
}

export const useCreateTeam = () => useTeamChange((name: string) => apiClient.post<OwnTeam>('/api/teams', { name }));
export const useJoinTeam = () => useTeamChange((code: string) => apiClient.post<OwnTeam>('/api/teams/join', { code }));
export const useRenameTeam = () => useTeamChange((name: string) => apiClient.patch<OwnTeam>('/api/teams/mine', { name }));
export const useRegenerateInviteCode = () =>
  useTeamChange(() => apiClient.post<OwnTeam>('/api/teams/mine/invite-code', undefined));
export const useRemoveMember = () =>
  useTeamChange((userId: string) => apiClient.delete<OwnTeam>(`/api/teams/mine/members/${encodeURIComponent(userId)}`));
export const useHandOverCaptaincy = () =>
  useTeamChange((userId: string) => apiClient.post<OwnTeam>('/api/teams/mine/captain', { userId }));
export const useLeaveTeam = () =>
  useTeamChange(async () => {
    await apiClient.post<Ok>('/api/teams/mine/leave', undefined);
    return null;
  });
