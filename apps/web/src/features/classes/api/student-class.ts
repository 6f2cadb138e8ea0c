import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ClassLeaderboard, ClassPreview, JoinClassBody, MyClass, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

export const classKeys = {
  all: ['classes'] as const,
  mine: () => [...classKeys.all, 'mine'] as const,
  board: (id: string) => [...classKeys.all, 'board', id] as const,
  taught: () => [...classKeys.all, 'taught'] as const,
  progress: (id: string) => [...classKeys.all, 'progress', id] as const,
  preview: (code: string) => [...classKeys.all, 'preview', code] as const,
};

/** GET /api/classes/mine: the signed-in student's class (or none) and its assignments. */
export function useMyClass() {
  return useQuery({
    queryKey: classKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<MyClass>('/api/classes/mine', { signal }),
  });
}

/** GET /api/classes/:id/leaderboard: for the class's students, its teacher and admins. */
export function useClassLeaderboard(classId: string | undefined) {
  return useQuery({
    queryKey: classKeys.board(classId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<ClassLeaderboard>(`/api/classes/${encodeURIComponent(classId!)}/leaderboard`, { signal }),
    enabled: classId !== undefined,
  });
}

/** POST /api/classes/preview: the class a well-formed code opens, asked once per code (each ask counts as a join try). */
export function useClassPreview(code: string | null) {
  return useQuery({
    queryKey: classKeys.preview(code ?? ''),
    queryFn: () => apiClient.post<ClassPreview>('/api/classes/preview', { code: code! }),
    enabled: code !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/classes/join. */
export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinClassBody) => apiClient.post<MyClass>('/api/classes/join', body),
    onSuccess: (data) => queryClient.setQueryData(classKeys.mine(), data),
  });
}

/** DELETE /api/classes/mine. */
export function useLeaveClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<Ok>('/api/classes/mine'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classKeys.all }),
  });
}
