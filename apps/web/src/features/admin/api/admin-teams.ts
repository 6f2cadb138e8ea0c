import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  AdminTeamAdjustmentBody,
  AdminUpdateTeamBody,
  AdminTeamPage,
  AdminTeam,
  AdminMergeResult,
  AdminDeleteTeamResult,
} from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, leaderboardKeys, userKeys } from '@/lib/query-keys';

import { adminKeys } from './admin-keys';

const teamPath = (teamId: string) => `/api/admin/teams/${encodeURIComponent(teamId)}`;

/** GET /api/admin/teams: one page of teams, searched by team name or member on the server. */
export function useAdminTeams(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.teamPage(search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search !== '') params.set('search', search);
      return apiClient.get<AdminTeamPage>(`/api/admin/teams?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * After a team change: the teams list, the audit log and the standings; when solves moved or went (merge, deletion), the
 * challenges' counts and the players' scores too.
 */
function useTeamMutation<Input, Output>(run: (input: Input) => Promise<Output>, options: { movesSolves?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      const keys: (readonly unknown[])[] = [adminKeys.teams(), adminKeys.audit(), leaderboardKeys.all];
      if (options.movesSolves) keys.push(challengeKeys.all, userKeys.all, adminKeys.users(), adminKeys.stats());
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useCreateTeam = () => useTeamMutation((name: string) => apiClient.post<AdminTeam>('/api/admin/teams', { name }));

export const useUpdateTeam = () =>
  useTeamMutation(({ teamId, body }: { teamId: string; body: AdminUpdateTeamBody }) =>
    apiClient.patch<AdminTeam>(teamPath(teamId), body),
  );

export const useRegenerateTeamCode = () =>
  useTeamMutation((teamId: string) => apiClient.post<AdminTeam>(`${teamPath(teamId)}/invite-code`, undefined));

export const useAdjustTeam = () =>
  useTeamMutation(({ teamId, body }: { teamId: string; body: AdminTeamAdjustmentBody }) =>
    apiClient.put<AdminTeam>(`${teamPath(teamId)}/adjustment`, body),
  );

export const useMoveMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    apiClient.post<AdminTeam>(`${teamPath(teamId)}/members`, { userId }),
  );

export const useRemoveMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    apiClient.delete<AdminTeam>(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`),
  );

export const useMergeTeams = () =>
  useTeamMutation(
    ({ intoId, fromId }: { intoId: string; fromId: string }) =>
      apiClient.post<AdminMergeResult>(`${teamPath(intoId)}/merge`, { fromTeamId: fromId }),
    { movesSolves: true },
  );

export const useDeleteTeam = () =>
  useTeamMutation((teamId: string) => apiClient.delete<AdminDeleteTeamResult>(teamPath(teamId)), { movesSolves: true });
