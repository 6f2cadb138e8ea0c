import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

const NC = buildChallenge({ id: 'ret2win', title: { en: 'ret2win', fr: 'ret2win' }, connectionInfo: 'nc pwn.example.org 31337' });
const WEB = buildChallenge({ id: 'login', title: { en: 'Login', fr: 'Login' }, connectionInfo: 'https://web.example.org/login' });
const LOCKED = buildChallenge({
  id: 'locked',
  title: { en: 'Locked', fr: 'Verrouillé' },
  connectionInfo: 'nc pwn.example.org 4000',
  isLocked: true,
});

// Issue #36.1: an imported challenge's `connection_info` (docs/challenge-authoring.md) shows to players as a host or URL
// to copy, and the `nc` line to paste.
describe('a challenge’s connection_info on its page', () => {
  it('gives the host and port and the nc line, each copied in one click', async () => {
    server.use(...challengesHandler([NC]));
    const { user } = renderApp('/challenge/ret2win', { sessionUser: buildUser() });
    const card = await screen.findByTestId('connection-info');
    expect(within(card).getByRole('heading', { name: 'Connect to the service' })).toBeInTheDocument();
    expect(within(card).getByTestId('connection-address')).toHaveTextContent('pwn.example.org 31337');
    expect(within(card).getByTestId('connection-command')).toHaveTextContent('nc pwn.example.org 31337');
    await user.click(within(card).getByRole('button', { name: 'Copy: command' }));
    expect(await navigator.clipboard.readText()).toBe('nc pwn.example.org 31337');
    expect(within(card).getByRole('button', { name: 'Copy: command' })).toHaveTextContent('Copied');
  });

  it('gives a URL to copy or open', async () => {
    server.use(...challengesHandler([WEB]));
    renderApp('/challenge/login', { sessionUser: buildUser() });
    const card = await screen.findByTestId('connection-info');
    expect(within(card).getByTestId('connection-address')).toHaveTextContent('https://web.example.org/login');
    expect(within(card).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      'https://web.example.org/login',
    );
  });

  it('shows nothing of it while the challenge is locked', async () => {
    server.use(...challengesHandler([LOCKED]));
    renderApp('/challenge/locked', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Locked', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('connection-info')).not.toBeInTheDocument();
    expect(screen.queryByText(/pwn\.example\.org/)).not.toBeInTheDocument();
  });
});
