import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { routes, type RouteHandle } from './router';

/**
 * Starts the first reads of the page at `location` (its route's `handle.reads`, app/router.tsx) as soon as the session
 * says signed in, beside the page's code: otherwise they wait for that code and the page's first render, a chain of
 * round trips on a phone's network (docs/performance.md "Lighthouse"). The reads' module is asked for at once, before
 * the page's code, so that it is there first. A page's query then finds its read under way or done.
 */
export function startPageReads(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  session: Promise<PublicUser | null | undefined>,
): void {
  // A search in the address (a leaderboard search, a page number): the page reads for itself.
  if (location.search !== '') return;
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const match = matches.at(-1);
  const reads = (match?.route.handle as RouteHandle | undefined)?.reads;
  if (!match || !reads) return;
  void Promise.all([import('./page-data'), session]).then(([{ readPageData }, user]) => {
    if (user) readPageData(queryClient, reads, match.params, user.rank === 'admin');
  });
}
