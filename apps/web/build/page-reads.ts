/**
 * What a signed-in page reads first, announced with its HTML by the server (build/page-preloads.ts): the browser fetches
 * it while it parses the page, and the page's own read then takes that answer (same address, with credentials). Each
 * address must be the one the page asks for, to the character; `:name` takes the page's segment of that name.
 * e2e/page-preloads.spec.ts checks that each is read once and that no preload goes unused.
 */

/** Every signed-in page: the session, the event's state, the player's team and the announcements (the nav bar, the guards). */
export const SIGNED_IN_READS = ['/api/auth/session', '/api/event', '/api/teams/mine', '/api/announcements'];

/** By the page's path in app/router.tsx. */
export const PAGE_READS: Record<string, string[]> = {
  '/challenges': ['/api/challenges', '/api/categories'],
  '/challenge/:id': ['/api/challenges/:id', '/api/categories'],
  '/leaderboard': ['/api/leaderboard?page=1', '/api/leaderboard/graph'],
};
