import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildStats } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('landing page', () => {
  it('shows the numbers the server reports, never fixed claims', async () => {
    server.use(
      http.get('/api/stats', () =>
        HttpResponse.json(buildStats({ challengeCount: 21, categoryCount: 6, rankTierCount: 5, playerCount: 4321 })),
      ),
    );
    renderApp('/');
    const list = await screen.findByLabelText('Platform numbers');
    await waitFor(() => expect(within(list).getByText('21')).toBeInTheDocument());
    expect(within(list).getByText('4,321')).toBeInTheDocument();
    expect(within(list).getByText('5')).toBeInTheDocument();
    expect(within(list).getByText('Rank tiers')).toBeInTheDocument();
  });

  it('presents six features, a call to action and a footer', async () => {
    renderApp('/');
    const features = await screen.findByRole('region', { name: 'Everything you need to train' });
    expect(within(features).getAllByRole('listitem')).toHaveLength(6);
    expect(
      within(features).getByText(/Web - Client, Web - Server, Networking, App - Script, App - System, and Forensics/),
    ).toBeInTheDocument();
    expect(within(features).getByText(/from Beginner to Legend/)).toBeInTheDocument();
    expect(within(features).getByText(/network captures, encrypted files, disk images and memory dumps/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Drapeau');
  });

  it.each(['en', 'fr'])('keeps the footer’s copyright on one line (%s)', async (language) => {
    await i18n.changeLanguage(language);
    renderApp('/');
    const year = new Date().getFullYear();
    const copyright = await within(await screen.findByRole('contentinfo')).findByText(`©\u00a0${year}\u00a0Drapeau`, {
      // No-break spaces, kept as they are (the default normalizer turns them into spaces).
      normalizer: (text) => text,
    });
    expect(copyright).toHaveClass('whitespace-nowrap');
  });

  it('leads to /register with Get Started and Create Free Account, and to /login with Login', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/register');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
