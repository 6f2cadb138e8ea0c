import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { MyTeamResultSchema, OkSchema, OwnTeamSchema, PublicTeamSchema, type MyTeamResult, type OwnTeam } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, teamKeys } from '@/lib/query-keys';

/** GET /api/teams/mine: whether team mode is on, and the player's team (with its invite code) if any. */
export function useMyTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => apiClient.get('/api/teams/mine', MyTeamResultSchema, { signal }),
  });
}

/** GET /api/teams/:id: a team's public page. */
export function useTeam(teamId: string) {
  return useQuery({
    queryKey: teamKeys.detail(teamId),
    queryFn: ({ signal }) => apiClient.get(`/api/teams/${encodeURIComponent(teamId)}`, PublicTeamSchema, { signal }),
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

export const useCreateTeam = () => useTeamChange((name: string) => apiClient.post('/api/teams', { name }, OwnTeamSchema));
export const useJoinTeam = () => useTeamChange((code: string) => apiClient.post('/api/teams/join', { code }, OwnTeamSchema));
export const useRenameTeam = () => useTeamChange((name: string) => apiClient.patch('/api/teams/mine', { name }, OwnTeamSchema));
export const useRegenerateInviteCode = () =>
  useTeamChange(() => apiClient.post('/api/teams/mine/invite-code', undefined, OwnTeamSchema));
export const useRemoveMember = () =>
  useTeamChange((userId: string) => apiClient.delete(`/api/teams/mine/members/${encodeURIComponent(userId)}`, OwnTeamSchema));
export const useHandOverCaptaincy = () =>
  useTeamChange((userId: string) => apiClient.post('/api/teams/mine/captain', { userId }, OwnTeamSchema));
export const useLeaveTeam = () =>
  useTeamChange(async () => {
    await apiClient.post('/api/teams/mine/leave', undefined, OkSchema);
    return null;
  });
