import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import type { LeaderboardPage } from '@drapeau/shared';

import { createQueryClient } from '@/lib/query-client';
import { challengeKeys, eventKeys, leaderboardKeys } from '@/lib/query-keys';
import { buildAdmin, buildUser } from '@/testing/factories';
import { eventHandler } from '@/testing/handlers';
import { server } from '@/testing/server';

import { startPageReads } from './start-page-reads';

/** The API paths the page's reads asked for, once the reads have had time to leave. */
function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

afterEach(() => server.events.removeAllListeners());

describe('a page’s first reads, started from its address', () => {
  it('reads a challenge, the categories and the event for a signed-in admin, before the page’s code', async () => {
    const paths = recordRequests();
    const queryClient = createQueryClient();
    startPageReads(queryClient, { pathname: '/challenge/dom-manipulation', search: '' }, Promise.resolve(buildAdmin()));

    await waitFor(() => expect(queryClient.getQueryData(challengeKeys.detail('dom-manipulation'))).toBeDefined());
    await waitFor(() => expect(queryClient.getQueryData(eventKeys.all)).toBeDefined());
    expect(paths).toEqual(expect.arrayContaining(['/api/challenges/dom-manipulation', '/api/categories', '/api/event']));
  });

  it('reads the standings and their graph on the leaderboard', async () => {
    server.use(
      http.get('/api/leaderboard', () => HttpResponse.json<LeaderboardPage>({ entries: [], total: 0, page: 1, pageSize: 100 })),
    );
    const paths = recordRequests();
    const queryClient = createQueryClient();
    startPageReads(queryClient, { pathname: '/leaderboard', search: '' }, Promise.resolve(buildUser()));
    await waitFor(() => expect(queryClient.getQueryData([...leaderboardKeys.all, 'graph'])).toBeDefined());
    expect(paths).toEqual(expect.arrayContaining(['/api/leaderboard?page=1', '/api/leaderboard/graph', '/api/event']));
  });

  it('reads nothing for a visitor who is not signed in', async () => {
    const paths = recordRequests();
    const queryClient = createQueryClient();
    let resolveSession: (user: null) => void = () => undefined;
    const session = new Promise<null>((resolve) => {
      resolveSession = resolve;
    });
    startPageReads(queryClient, { pathname: '/challenges', search: '' }, session);
    resolveSession(null);
    await session;
    // The reads' module has loaded and decided: nothing was asked for, nothing cached.
    await import('./page-data');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paths).toEqual([]);
    expect(queryClient.getQueryData(challengeKeys.list())).toBeUndefined();
  });

  it('does not read a player’s challenges before the event starts (the page shows its countdown)', async () => {
    server.use(
      eventHandler({
        mode: 'event',
        phase: 'before',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      }),
    );
    const paths = recordRequests();
    const queryClient = createQueryClient();
    startPageReads(queryClient, { pathname: '/challenges', search: '' }, Promise.resolve(buildUser()));

    await waitFor(() => expect(queryClient.getQueryData(eventKeys.all)).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paths).toContain('/api/event');
    expect(paths).not.toContain('/api/challenges');
  });
});
