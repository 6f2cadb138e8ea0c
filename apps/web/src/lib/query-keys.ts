/**
 * Query keys that more than one feature touches (a solve refreshes the session user, the challenge list and the
 * leaderboard). Features must not import each other, so the keys live here.
 */
export const sessionKeys = {
  all: ['session'] as const,
};

export const challengeKeys = {
  all: ['challenges'] as const,
  list: () => [...challengeKeys.all, 'list'] as const,
  detail: (id: string) => [...challengeKeys.all, 'detail', id] as const,
};

/** A challenge's write-ups: under the challenges' key, so that a solve (which refreshes the challenges) unlocks them. */
export const writeUpKeys = {
  list: (challengeId: string) => [...challengeKeys.all, 'write-ups', challengeId] as const,
  page: (challengeId: string, page: number) => [...writeUpKeys.list(challengeId), page] as const,
};

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
};

export const userKeys = {
  all: ['users'] as const,
};

export const statsKeys = {
  all: ['stats'] as const,
};

/** The admin's view of the catalogue (authoring): refreshed when the catalogue changes (a live `challenges` event). */
export const adminChallengeKeys = {
  all: ['admin-challenges'] as const,
  list: (filters: Record<string, string | undefined>) => [...adminChallengeKeys.all, 'list', filters] as const,
  detail: (id: string) => [...adminChallengeKeys.all, 'detail', id] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
};

/** Shared-flag incidents, pushed live to admins (a live `incident` event). */
export const incidentKeys = {
  all: ['incidents'] as const,
};

/** Admins' announcements and the signed-in user's unread count (a live `announcement` event refreshes them). */
export const announcementKeys = {
  all: ['announcements'] as const,
};

/** The event's phase and times (a live `event` event refreshes them). */
export const eventKeys = {
  all: ['event'] as const,
};

/** The signed-in player's team and any team's page (docs/product.md#teams). */
export const teamKeys = {
  all: ['teams'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
};
