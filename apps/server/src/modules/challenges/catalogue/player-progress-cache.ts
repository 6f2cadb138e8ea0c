import type { PlayerProgress } from '../model/challenge-views.js';

/** Players whose progress is kept in memory at once; past it, the oldest is read again when next needed. */
const MAX_CACHED_PLAYERS = 20_000;

/**
 * Each player's progress (solves, opened hints, wrong attempts), read on their first request and then kept up to date by
 * the challenges service (docs/performance.md). In team mode a team's solve shows for every member (docs/product.md#teams):
 * the cache knows which cached players belong to which team.
 */
export function createPlayerProgressCache(read: (userId: string) => Promise<PlayerProgress>) {
  const players = new Map<string, Promise<PlayerProgress>>();
  /** The cached players of each team. */
  const teams = new Map<string, Set<string>>();
  /** Players whose progress is being read: their team is not known yet, and a team's solve may be theirs. */
  const loading = new Set<string>();
  return {
    of(userId: string): Promise<PlayerProgress> {
      let progress = players.get(userId);
      if (!progress) {
        if (players.size >= MAX_CACHED_PLAYERS) players.delete(players.keys().next().value!);
        const pending = (progress = read(userId));
        loading.add(userId);
        pending.then(
          ({ teamId }) => {
            loading.delete(userId);
            if (teamId !== null && players.get(userId) === pending)
              teams.set(teamId, (teams.get(teamId) ?? new Set()).add(userId));
          },
          () => {
            loading.delete(userId);
            players.delete(userId);
          },
        );
        players.set(userId, progress);
      }
      return progress;
    },
    /** The progress if it is cached: what is not cached is read whole when next needed. */
    cached: (userId: string): Promise<PlayerProgress> | undefined => players.get(userId),
    /** Whose cached progress a solve changes: the solver, or every cached (or loading) member of their team. */
    solversOf: (userId: string, teamId: string | null): Iterable<string> =>
      teamId === null ? [userId] : new Set([userId, ...(teams.get(teamId) ?? []), ...loading]),
    forget(userId?: string): void {
      if (userId !== undefined) {
        players.delete(userId);
        return;
      }
      players.clear();
      teams.clear();
    },
  };
}
