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

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
};

export const userKeys = {
  all: ['users'] as const,
};

export const statsKeys = {
  all: ['stats'] as const,
};
