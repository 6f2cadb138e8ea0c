import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Announcement, AnnouncementBody, AnnouncementList, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { announcementKeys } from '@/lib/query-keys';

/** GET /api/announcements: newest first, with the signed-in user's unread count. */
export function useAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.all,
    queryFn: ({ signal }) => apiClient.get<AnnouncementList>('/api/announcements', { signal }),
  });
}

/** POST /api/announcements/read: everything up to `upToId` is read; the count drops at once. */
export function useMarkAnnouncementsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => apiClient.post<Ok>('/api/announcements/read', { upToId }),
    onMutate: (upToId) => {
      queryClient.setQueryData<AnnouncementList>(announcementKeys.all, (list) =>
        list ? { ...list, unreadCount: list.announcements.filter((a) => a.id > upToId).length } : list,
      );
    },
  });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => apiClient.post<Announcement>('/api/admin/announcements', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<Ok>(`/api/admin/announcements/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
