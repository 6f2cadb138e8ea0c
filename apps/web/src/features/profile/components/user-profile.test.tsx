import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { expectSvgBadgeIcon } from '@/testing/badge-icon-assertions';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { badgesHandler, usersHandler } from '../testing/profile-handlers';

const ME = buildUser();
const TRINITY = buildUser({
  uid: 'u-trinity',
  username: 'trinity',
  email: undefined,
  score: 310,
  bio: 'Dodging bullets since 1999.',
  badges: ['first-blood', 'century-club'],
  solvedChallenges: ['sql-injection-extraction', 'xss-filter-bypass', 'dom-manipulation'],
});

beforeEach(() => {
  server.use(badgesHandler(), usersHandler([ME, TRINITY]));
});

describe('other user profile', () => {
  it('shows the player, their rank, stats, bio and achievements', async () => {
    renderApp('/user/u-trinity', { sessionUser: ME });
    expect(await screen.findByRole('heading', { name: 'trinity', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('You')).not.toBeInTheDocument();
    expect(screen.getByText('Rank').nextElementSibling).toHaveTextContent('Elite');
    expect(screen.getByText('Score').nextElementSibling).toHaveTextContent('310');
    expect(screen.getByText('Solved').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Dodging bullets since 1999.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Achievements (2)' })).toBeInTheDocument();
    expect(await screen.findByText('Century Club')).toBeInTheDocument();
    expect(screen.getByText('Reach 100 points')).toBeInTheDocument();
    for (const title of ['First Blood', 'Century Club']) expectSvgBadgeIcon(screen.getByText(title).closest('li')!);
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('lists solved challenges as "Challenge #" and the first 8 characters, in a scrolling list', async () => {
    renderApp('/user/u-trinity', { sessionUser: ME });
    await screen.findByRole('heading', { name: 'trinity', level: 1 });
    expect(screen.getByRole('heading', { name: 'Solved Challenges (3)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Solved challenges' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Challenge #sql-inje', 'Challenge #xss-filt', 'Challenge #dom-mani']);
    expect(list).toHaveClass('max-h-72', 'overflow-y-auto');
  });

  it('tags the signed-in player\'s own page with "You"', async () => {
    renderApp(`/user/${ME.uid}`, { sessionUser: ME });
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit my profile' })).toHaveAttribute('href', '/profile');
  });

  it('hides the bio when there is none', async () => {
    renderApp(`/user/${ME.uid}`, { sessionUser: ME });
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Bio' })).not.toBeInTheDocument();
  });

  it('says "User Not Found" for an unknown id, with a way back', async () => {
    renderApp('/user/nobody', { sessionUser: ME });
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This user does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });
});
