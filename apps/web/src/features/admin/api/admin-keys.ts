import type { QueryClient } from '@tanstack/react-query';

import { challengeKeys, leaderboardKeys, sessionKeys, userKeys } from '@/lib/query-keys';

export interface SubmissionFilters {
  user: string;
  challenge: string;
  result: 'correct' | 'incorrect' | '';
}

/** Query keys of the admin panel. Everything sits under `['admin']`, so a sign-out or a new session clears it at once. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPage: (search: string, page: number) => [...adminKeys.users(), { search, page }] as const,
  submissions: () => [...adminKeys.all, 'submissions'] as const,
  submissionPage: (filters: SubmissionFilters, page: number) => [...adminKeys.submissions(), { ...filters, page }] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditPage: (page: number) => [...adminKeys.audit(), page] as const,
  flags: () => [...adminKeys.all, 'flags'] as const,
  badges: () => [...adminKeys.all, 'badges'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  perUserFlags: () => [...adminKeys.all, 'settings', 'per-user-flags'] as const,
  outboxPage: (page: number) => [...adminKeys.all, 'outbox', page] as const,
  teams: () => [...adminKeys.all, 'teams'] as const,
  teamPage: (search: string, page: number) => [...adminKeys.teams(), { search, page }] as const,
};

/**
 * After an admin changes a user: the admin lists and stats, the audit log, and what players see of that user (the
 * standings, profile pages, and the session when the admin edits themselves). Keys shared with other features come
 * from lib/query-keys.
 */
export function refreshAfterUserChange(queryClient: QueryClient, options: { isDeletion?: boolean } = {}): void {
  const keys: (readonly unknown[])[] = [
    adminKeys.users(),
    adminKeys.stats(),
    adminKeys.audit(),
    leaderboardKeys.all,
    userKeys.all,
    sessionKeys.all,
  ];
  // A deleted user's solves go with the account: the solve counts and the submission log change.
  if (options.isDeletion) keys.push(challengeKeys.all, adminKeys.submissions());
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
