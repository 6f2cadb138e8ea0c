import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ImportReport } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshCatalogue } from './refresh-catalogue';

/** POST /api/admin/challenges/import: the zip as the body; all or nothing, with a report per challenge. */
export function useImportChallenges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, createCategories }: { file: File; createCategories: boolean }) =>
      apiClient.post<ImportReport>(
        `/api/admin/challenges/import?createCategories=${createCategories ? 'true' : 'false'}`,
        new Blob([file], { type: 'application/zip' }),
      ),
    onSuccess: () => refreshCatalogue(queryClient, { scoresChanged: true }),
  });
}

/** GET /api/admin/challenges/export answers a zip; the browser downloads it with the session cookie. */
export const EXPORT_URL = '/api/admin/challenges/export';
