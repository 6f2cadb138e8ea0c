import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  ClassProgress,
  CreateAssignmentBody,
  CreateClassBody,
  Ok,
  TeacherClass,
  TeacherClassList,
  UpdateClassBody,
} from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { classKeys } from './student-class';

const classPath = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

/** The CSV of a class's matrix, downloaded by the browser with the session cookie. */
export const progressCsvUrl = (id: string) => `${classPath(id)}/progress.csv`;

/** GET /api/classes: the teacher's classes (every class for admins). */
export function useTaughtClasses() {
  return useQuery({
    queryKey: classKeys.taught(),
    queryFn: ({ signal }) => apiClient.get<TeacherClassList>('/api/classes', { signal }),
  });
}

/** GET /api/classes/:id/progress: students × challenges. */
export function useClassProgress(id: string) {
  return useQuery({
    queryKey: classKeys.progress(id),
    queryFn: ({ signal }) => apiClient.get<ClassProgress>(`${classPath(id)}/progress`, { signal }),
  });
}

function useClassMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: classKeys.all }) });
}

export const useCreateClass = () =>
  useClassMutation((body: CreateClassBody) => apiClient.post<TeacherClass>('/api/classes', body));
export const useUpdateClass = () =>
  useClassMutation(({ id, ...body }: UpdateClassBody & { id: string }) => apiClient.patch<TeacherClass>(classPath(id), body));
export const useRegenerateCode = () =>
  useClassMutation((id: string) => apiClient.post<TeacherClass>(`${classPath(id)}/code`, {}));
export const useDeleteClass = () => useClassMutation((id: string) => apiClient.delete<Ok>(classPath(id)));
export const useRemoveStudent = () =>
  useClassMutation(({ id, userId }: { id: string; userId: string }) =>
    apiClient.delete<Ok>(`${classPath(id)}/members/${encodeURIComponent(userId)}`),
  );
export const useCreateAssignment = () =>
  useClassMutation(({ id, ...body }: CreateAssignmentBody & { id: string }) =>
    apiClient.post<Ok>(`${classPath(id)}/assignments`, body),
  );
export const useDeleteAssignment = () =>
  useClassMutation(({ id, assignmentId }: { id: string; assignmentId: string }) =>
    apiClient.delete<Ok>(`${classPath(id)}/assignments/${encodeURIComponent(assignmentId)}`),
  );
