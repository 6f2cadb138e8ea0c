import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  AdminDeleteTeamResultSchema,
  AdminMergeResultSchema,
  AdminTeamPageSchema,
  AdminTeamSchema,
  type AdminTeamAdjustmentBody,
  type AdminUpdateTeamBody,
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
      return apiClient.get(`/api/admin/teams?${params.toString()}`, AdminTeamPageSchema, { signal });
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

export const useCreateTeam = () =>
  useTeamMutation((name: string) => apiClient.post('/api/admin/teams', { name }, AdminTeamSchema));

export const useUpdateTeam = () =>
  useTeamMutation(({ teamId, body }: { teamId: string; body: AdminUpdateTeamBody }) =>
    apiClient.patch(teamPath(teamId), body, AdminTeamSchema),
  );

export const useRegenerateTeamCode = () =>
  useTeamMutation((teamId: string) => apiClient.post(`${teamPath(teamId)}/invite-code`, undefined, AdminTeamSchema));

export const useAdjustTeam = () =>
  useTeamMutation(({ teamId, body }: { teamId: string; body: AdminTeamAdjustmentBody }) =>
    apiClient.put(`${teamPath(teamId)}/adjustment`, body, AdminTeamSchema),
  );

export const useMoveMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    apiClient.post(`${teamPath(teamId)}/members`, { userId }, AdminTeamSchema),
  );

export const useRemoveMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    apiClient.delete(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, AdminTeamSchema),
  );

export const useMergeTeams = () =>
  useTeamMutation(
    ({ intoId, fromId }: { intoId: string; fromId: string }) =>
      apiClient.post(`${teamPath(intoId)}/merge`, { fromTeamId: fromId }, AdminMergeResultSchema),
    { movesSolves: true },
  );

export const useDeleteTeam = () =>
  useTeamMutation((teamId: string) => apiClient.delete(teamPath(teamId), AdminDeleteTeamResultSchema), { movesSolves: true });
