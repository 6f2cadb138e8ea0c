import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  LeaderboardEntrySchema,
  type BadgeListSchema,
  type LeaderboardEntry,
  type LeaderboardPage,
  type MyTeamResult,
  type PublicUser,
} from '@drapeau/shared';

import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function buildEntry(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return LeaderboardEntrySchema.parse({
    position: 1,
    uid: 'user-1',
    username: 'alice',
    avatarUrl: '',
    rank: 'user',
    score: 0,
    solvedCount: 0,
    ...overrides,
  });
}

const STANDINGS = [
  buildEntry({ position: 1, uid: 'u-neo', username: 'neo', score: 520, solvedCount: 14 }),
  buildEntry({ position: 2, uid: 'u-trinity', username: 'trinity', score: 310, solvedCount: 9 }),
  buildEntry({ position: 3, uid: 'u-root', username: 'root', rank: 'admin', score: 160, solvedCount: 5 }),
  buildEntry({ position: 4, uid: 'user-1', username: 'alice', score: 45, solvedCount: 2 }),
];

/** Answers like the server: a search keeps the usernames containing it; every request is recorded. */
function useLeaderboardServer(entries: LeaderboardEntry[], { total, isTeams }: { total?: number; isTeams?: boolean } = {}) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/leaderboard', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const search = params.get('search')?.toLowerCase();
      const matching = search ? entries.filter((entry) => entry.username.includes(search)) : entries;
      return HttpResponse.json<LeaderboardPage>({
        entries: matching,
        total: total ?? matching.length,
        page: Number(params.get('page') ?? 1),
        pageSize: 100,
        ...(isTeams ? { isTeams } : {}),
      });
    }),
    http.get<{ userId: string }>('/api/users/:userId', ({ params }) =>
      HttpResponse.json<PublicUser>(buildUser({ uid: params.userId, email: undefined })),
    ),
    http.get('/api/badges', () => HttpResponse.json<z.infer<typeof BadgeListSchema>>({ badges: [] })),
  );
  return requests;
}

function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

describe('leaderboard', () => {
  it('lists the players in the server order, with podium icons, rank names, scores and solves', async () => {
    useLeaderboardServer(STANDINGS);
    renderApp('/leaderboard', { sessionUser: buildUser() });
    await screen.findByText('neo');

    const rows = bodyRows();
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['neo', 'trinity', 'root', 'alice']);
    expect(rows.map((row) => within(row).getByText(/^(Beginner|Advanced|Expert|Elite|Legend|Admin)$/).textContent)).toEqual([
      'Legend',
      'Elite',
      'Admin',
      'Beginner',
    ]);
    expect(within(rows[3]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/user/u-neo');
    expect(within(rows[0]!).getByRole('img', { name: '1st place' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: '2nd place' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: '3rd place' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('img', { name: /place/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('520')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('14')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Solved' })).toBeInTheDocument();
    // Rank-coloured rings: admins red.
    expect(within(rows[2]!).getByText('r').parentElement).toHaveClass('ring-destructive');
    expect(screen.queryByText(/Found/)).not.toBeInTheDocument();
  });

  it('sends the search to the server and says how many users were found', async () => {
    const requests = useLeaderboardServer(STANDINGS);
    const { user } = renderApp('/leaderboard', { sessionUser: buildUser() });
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), 'TRIN');

    expect(await screen.findByText('Found 1 user')).toBeInTheDocument();
    expect(requests.at(-1)?.get('search')).toBe('TRIN');
    expect(requests.at(-1)?.get('page')).toBe('1');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('trinity')).toBeInTheDocument();
  });

  it('says "No users found" when a search matches nobody', async () => {
    useLeaderboardServer(STANDINGS);
    renderApp('/leaderboard?search=zzz', { sessionUser: buildUser() });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Found 0 users')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "No users yet" when nobody is ranked', async () => {
    useLeaderboardServer([]);
    renderApp('/leaderboard', { sessionUser: buildUser() });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
  });

  it('opens a player profile on row click and on Enter', async () => {
    useLeaderboardServer(STANDINGS);
    const { user, router } = renderApp('/leaderboard', { sessionUser: buildUser() });
    // The rows of the standings, not the score graph's table for screen readers, which names the same players.
    await user.click(within(await screen.findByTestId('leaderboard-row-u-trinity')).getByText('310'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/u-trinity'));

    await router.navigate('/leaderboard');
    // The standings are drawn in slices (a deferred value): the row that takes the focus is the one drawn last.
    await waitFor(() => {
      const row = screen.getByTestId('leaderboard-row-u-neo');
      row.focus();
      expect(row).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/u-neo'));
  });

  it('ranks teams in team mode: a row names the team, without a rank name, and opens its page', async () => {
    const teams = [
      buildEntry({ position: 1, uid: 't-red', username: 'Red', score: 570, solvedCount: 2 }),
      buildEntry({ position: 2, uid: 't-blue', username: 'Blue', score: 450, solvedCount: 1 }),
    ];
    useLeaderboardServer(teams, { isTeams: true });
    const blue = { id: 't-blue', name: 'Blue', members: [], createdAt: '2026-03-01T09:00:00.000Z', score: 450, solvedCount: 1 };
    server.use(
      http.get('/api/teams/t-blue', () => HttpResponse.json(blue)),
      // The viewer plays in Blue: their team's row is marked, not a row whose id happens to be the player's.
      http.get('/api/teams/mine', () =>
        HttpResponse.json<MyTeamResult>({ isTeamMode: true, team: { ...blue, inviteCode: 'abc', maxSize: 4 } }),
      ),
    );
    const { user, router } = renderApp('/leaderboard', { sessionUser: buildUser({ uid: 't-red' }) });
    const row = await screen.findByTestId('leaderboard-row-t-red');
    expect(within(row).getByRole('link', { name: 'Red' })).toHaveAttribute('href', '/team/t-red');
    expect(within(row).queryByText('Expert')).not.toBeInTheDocument();
    expect(within(await screen.findByTestId('leaderboard-row-t-blue')).getByText('Your team')).toBeInTheDocument();
    expect(within(row).queryByText(/^(You|Your team)$/)).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search teams' })).toBeInTheDocument();
    await user.click(within(screen.getByTestId('leaderboard-row-t-blue')).getByText('450'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/t-blue'));
  });

  it('pages through the standings only when there is more than one page', async () => {
    const requests = useLeaderboardServer(STANDINGS, { total: 150 });
    const { user } = renderApp('/leaderboard', { sessionUser: buildUser() });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(requests.at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('hides the paging controls for a single page', async () => {
    useLeaderboardServer(STANDINGS);
    renderApp('/leaderboard', { sessionUser: buildUser() });
    await screen.findByText('neo');
    expect(screen.queryByRole('navigation', { name: 'Leaderboard pages' })).not.toBeInTheDocument();
  });

  it('shows the page in French', async () => {
    useLeaderboardServer(STANDINGS);
    const { user } = renderApp('/leaderboard', { sessionUser: buildUser() });
    await screen.findByText('neo');
    await user.click(await screen.findByRole('button', { name: 'FR Français' }));
    expect(await screen.findByRole('heading', { name: 'Classement', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Légende')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nom d’utilisateur' })).toBeInTheDocument();
  });

  it('clears the search when the Leaderboard link is followed', async () => {
    useLeaderboardServer(STANDINGS);
    const { user } = renderApp('/leaderboard?search=trin', { sessionUser: buildUser() });
    expect(await screen.findByText('Found 1 user')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Leaderboard' }));

    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue(''));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText(/Found/)).not.toBeInTheDocument();
  });
});
