import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PublicChallenge, SolveEvent } from '@drapeau/shared';

import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import {
  adminChallengeKeys,
  announcementKeys,
  categoryKeys,
  challengeKeys,
  incidentKeys,
  leaderboardKeys,
  sessionKeys,
  teamKeys,
  userKeys,
} from '@/lib/query-keys';
import { buildCatalogue } from '@/testing/factories';

import { MockEventSource } from '../testing/mock-event-source';

import { ALL_LIVE_KEYS } from './refresh-plan';
import { LiveUpdates } from './live-updates';

function solve(overrides: Partial<SolveEvent> = {}): SolveEvent {
  return {
    userId: 'u-neo',
    username: 'neo',
    challengeId: 'dom-manipulation',
    points: 10,
    firstBlood: false,
    score: 10,
    solvedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function tree(queryClient: QueryClient, userId: string | undefined) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates userId={userId} />
      <Toaster />
    </QueryClientProvider>
  );
}

function renderLive(userId: string | undefined) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<{ challenges: PublicChallenge[] }>(challengeKeys.list(), { challenges: buildCatalogue() });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(tree(queryClient, userId));
  const rerender = (nextUserId: string | undefined) => view.rerender(tree(queryClient, nextUserId));
  return { ...view, rerender, invalidate };
}

/** The query keys invalidated so far. */
function invalidatedKeys(invalidate: ReturnType<typeof renderLive>['invalidate']) {
  return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
}

beforeEach(() => {
  MockEventSource.reset();
  vi.stubGlobal('EventSource', MockEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('opens one stream while signed in and closes it on sign-out', () => {
    const { rerender } = renderLive('user-1');
    expect(MockEventSource.instances).toHaveLength(1);
    expect(MockEventSource.latest().withCredentials).toBe(true);

    rerender('user-1');
    expect(MockEventSource.instances).toHaveLength(1);

    rerender(undefined);
    expect(MockEventSource.latest().isClosed).toBe(true);
  });

  it('opens nothing when signed out, and closes on unmount', () => {
    renderLive(undefined).unmount();
    expect(MockEventSource.instances).toHaveLength(0);

    const { unmount } = renderLive('user-1');
    unmount();
    expect(MockEventSource.latest().isClosed).toBe(true);
  });

  it("refreshes the leaderboard, challenges, profiles and team pages once for another player's solve", async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().emit('solve', solve());
    MockEventSource.latest().emit('leaderboard', { reason: 'solve' });

    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(4));
    expect(invalidatedKeys(invalidate)).toEqual([leaderboardKeys.all, challengeKeys.all, userKeys.all, teamKeys.all]);
  });

  it('also refreshes the session user (nav score) after their own solve', async () => {
    const { invalidate } = renderLive('u-neo');
    MockEventSource.latest().emit('solve', solve());
    await waitFor(() => expect(invalidatedKeys(invalidate)).toContainEqual(sessionKeys.all));
  });

  it('refreshes the session when an admin changes users', async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().emit('leaderboard', { reason: 'user-updated' });
    await waitFor(() => expect(invalidatedKeys(invalidate)).toEqual([leaderboardKeys.all, userKeys.all, sessionKeys.all]));
  });

  it("announces another team's first blood naming the team and the member who solved", async () => {
    renderLive('user-1');
    MockEventSource.latest().emit('solve', solve({ firstBlood: true, teamId: 't-red', teamName: 'Red' }));
    expect(await screen.findByText('First blood: Red (neo) solved DOM Manipulation')).toBeInTheDocument();
  });

  it("announces another player's first blood with the challenge title", async () => {
    renderLive('user-1');
    MockEventSource.latest().emit('solve', solve({ firstBlood: true }));
    const title = await screen.findByText('First blood: neo solved DOM Manipulation');
    expect(title.querySelector('svg')).toBeInstanceOf(SVGSVGElement);
    expect(title.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('toasts a new announcement in the reader’s language and refreshes the list; a deletion only refreshes', async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().emit('announcement', {
      id: 3,
      action: 'created',
      title: { en: 'Freeze at six', fr: '' },
    });
    expect(await screen.findByText('New announcement: Freeze at six')).toBeInTheDocument();
    await waitFor(() => expect(invalidatedKeys(invalidate)).toEqual([announcementKeys.all]));
    MockEventSource.latest().emit('announcement', { id: 3, action: 'deleted', title: { en: 'Gone', fr: 'Partie' } });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(/Gone/)).not.toBeInTheDocument();
  });

  it('does not toast an announcement on its author’s own pages, where “Announcement published” is the one toast', async () => {
    const { invalidate } = renderLive('admin-1');
    MockEventSource.latest().emit('announcement', {
      id: 4,
      action: 'created',
      title: { en: 'Room change', fr: '' },
      authorId: 'admin-1',
    });
    await waitFor(() => expect(invalidatedKeys(invalidate)).toEqual([announcementKeys.all]));
    expect(screen.queryByText(/New announcement/)).not.toBeInTheDocument();
  });

  it('does not announce the signed-in player their own first blood', async () => {
    const { invalidate } = renderLive('u-neo');
    MockEventSource.latest().emit('solve', solve({ firstBlood: true }));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(screen.queryByText(/First blood/)).not.toBeInTheDocument();
  });

  it('reads nothing again when the stream opens, and everything when the server says events were missed', async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().open();
    MockEventSource.latest().emit('announcement', { id: 3, action: 'deleted', title: { en: 'Gone', fr: 'Partie' } });
    await waitFor(() => expect(invalidatedKeys(invalidate)).toEqual([announcementKeys.all]));
    MockEventSource.latest().emit('reset', {});
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1 + ALL_LIVE_KEYS.length));
    expect(invalidatedKeys(invalidate)).toEqual(
      expect.arrayContaining([leaderboardKeys.all, challengeKeys.all, userKeys.all, sessionKeys.all, incidentKeys.all]),
    );
  });

  it('refreshes everything when admins change the event: an unfreeze reveals every number (docs/product.md#freeze)', async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().emit('event', {
      mode: 'event',
      startsAt: '2026-06-01T09:00:00.000Z',
      endsAt: '2026-06-01T17:00:00.000Z',
      freezeAt: null,
      allowPracticeAfterEnd: false,
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(ALL_LIVE_KEYS.length));
    expect(invalidatedKeys(invalidate)).toEqual(ALL_LIVE_KEYS);
  });

  it('refreshes the challenge lists, for players and admins, when an admin changes the catalogue', async () => {
    const { invalidate } = renderLive('user-1');
    MockEventSource.latest().emit('challenges', { challengeIds: ['login-bypass'] });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(invalidatedKeys(invalidate)).toEqual([challengeKeys.all, adminChallengeKeys.all, categoryKeys.all]);
  });

  it('refreshes the incidents list when a shared flag is reported', async () => {
    const { invalidate } = renderLive('admin-1');
    MockEventSource.latest().emit('incident', {
      id: 1,
      challengeId: 'login-bypass',
      submitterId: 'u-2',
      submitterName: 'mallory',
      ownerId: 'u-1',
      ownerName: 'alice',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidatedKeys(invalidate)).toEqual([incidentKeys.all]);
  });
});
