import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { OpenHintResult, PublicChallenge, PublicHint } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildChallenge, buildUser, toChallengeList } from '@/testing/factories';
import { challengesHandler } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

const HINT_TEXT = { en: 'Look at the **cookie**.', fr: 'Regardez le **cookie**.' };

function authored(overrides: Partial<PublicChallenge> = {}): PublicChallenge {
  return buildChallenge({
    id: 'login-bypass',
    category: 'web-server',
    level: 'easy',
    points: 100,
    title: { en: 'Login Bypass', fr: 'Contournement de connexion' },
    description: { en: 'Get in as **admin**.', fr: 'Entrez en tant qu’**admin**.' },
    hints: [{ id: 7, cost: 10, isOpened: false, content: null }],
    ...overrides,
  });
}

/** A server that remembers an opened hint, as the real one does per player. */
function serveWithHintOpening(challenge: PublicChallenge) {
  const state = { challenge, openRequests: [] as string[] };
  server.use(
    http.get('/api/challenges', () => HttpResponse.json(toChallengeList([state.challenge]))),
    http.get('/api/challenges/:id', () => HttpResponse.json(state.challenge)),
    http.post<{ id: string; hintId: string }>('/api/challenges/:id/hints/:hintId/open', ({ params }) => {
      state.openRequests.push(`${params.id}/${params.hintId}`);
      const hint: PublicHint = { id: 7, cost: 10, isOpened: true, content: HINT_TEXT };
      state.challenge = { ...state.challenge, hints: [hint] };
      return HttpResponse.json<OpenHintResult>({ hint, pointsIfSolved: 90, score: 45 });
    }),
  );
  return state;
}

function open(id = 'login-bypass') {
  return renderApp(`/challenge/${id}`, { sessionUser: buildUser() });
}

describe('authored challenge texts', () => {
  it('renders the description as Markdown, without the HTML or script links stored in it', async () => {
    server.use(
      ...challengesHandler([
        authored({
          description: {
            en: 'Get in as **admin**. <img src=x onerror="alert(1)"> [docs](javascript:alert(1)) [RFC](https://example.org/rfc)',
            fr: '',
          },
        }),
      ]),
    );
    open();
    const bold = await screen.findByText('admin');
    expect(bold.tagName).toBe('STRONG');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByText('docs').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    const rfc = screen.getByRole('link', { name: 'RFC' });
    expect(rfc).toHaveAttribute('target', '_blank');
    expect(rfc).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});

describe('hints that cost points', () => {
  it('asks first, showing the cost and what a solve will then give, and opens nothing on cancel', async () => {
    const state = serveWithHintOpening(authored());
    const { user } = open();
    const unlock = await screen.findByRole('button', { name: /Unlock the hint/ });
    expect(unlock).toHaveTextContent('Costs 10 pts');

    await user.click(unlock);
    const dialog = await screen.findByRole('dialog', { name: 'Unlock hint 1?' });
    expect(dialog).toHaveTextContent('This hint costs 10 pts');
    expect(dialog).toHaveTextContent('Solving it will then give you 90 pts instead of 100 pts.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.openRequests).toEqual([]);
    expect(screen.queryByText('cookie')).not.toBeInTheDocument();
  });

  it('opens the hint once confirmed, and keeps it open (remembered by the server)', async () => {
    const state = serveWithHintOpening(authored());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /Unlock the hint/ }));
    await user.click(await screen.findByRole('button', { name: 'Unlock for 10 pts' }));

    expect(await screen.findByText('cookie')).toBeInTheDocument();
    expect(state.openRequests).toEqual(['login-bypass/7']);
    expect(screen.getByRole('button', { name: /Hide hint/ })).toHaveTextContent('Unlocked for 10 pts');
  });

  it('counts hints already opened in what a solve gives, and says so to a solver', async () => {
    serveWithHintOpening(
      authored({
        solved: true,
        hints: [
          { id: 6, cost: 30, isOpened: true, content: HINT_TEXT },
          { id: 7, cost: 10, isOpened: false, content: null },
        ],
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /Unlock hint 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock hint 2?' });
    expect(dialog).toHaveTextContent('You already solved it: it will count for 60 pts instead of 70 pts in your score.');
  });

  it('words the confirmation in French, with French typography', async () => {
    await i18n.changeLanguage('fr');
    serveWithHintOpening(authored());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /Débloquer l’indice/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Débloquer l’indice 1\u202f?' });
    expect(dialog).toHaveTextContent('Cet indice coûte 10 pts');
  });
});

describe('locked, closed and limited challenges', () => {
  it('shows a locked challenge as locked, with links to what unlocks it, and no way to submit', async () => {
    server.use(
      ...challengesHandler([
        authored({
          isLocked: true,
          description: { en: '', fr: '' },
          hints: [],
          lockedBy: [{ id: 'recon', title: { en: 'Recon', fr: 'Reconnaissance' } }],
        }),
      ]),
    );
    open();
    expect(await screen.findByText('This challenge is locked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recon' })).toHaveAttribute('href', '/challenge/recon');
    expect(screen.queryByPlaceholderText('CTF{...}')).not.toBeInTheDocument();
  });

  it('marks a locked card in the list with what unlocks it, in French too', async () => {
    const locked = authored({
      isLocked: true,
      description: { en: '', fr: '' },
      hints: [],
      lockedBy: [{ id: 'recon', title: { en: 'Recon', fr: 'Reconnaissance' } }],
    });
    server.use(...challengesHandler([locked]));
    renderApp('/challenges', { sessionUser: buildUser() });
    const card = await screen.findByRole('link', { name: /Login Bypass/ });
    expect(card).toHaveAttribute('data-locked', 'true');
    expect(within(card).getByRole('img', { name: 'Locked' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Solve Recon to unlock it.');
    await i18n.changeLanguage('fr');
    expect(await within(card).findByText('Résolvez Reconnaissance pour le débloquer.')).toBeInTheDocument();
  });

  it('keeps a closed challenge readable but refuses flags, hints and files', async () => {
    const attachments = [
      { id: 1, name: 'dump.bin', size: 1024, sha256: null, url: '/api/challenges/login-bypass/attachments/1' },
    ];
    server.use(...challengesHandler([authored({ isClosed: true, closesAt: '2026-01-01T12:00:00.000Z', attachments })]));
    open();
    expect(await screen.findByText('This challenge is closed')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('CTF{...}')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Unlock the hint/ })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /dump\.bin/ })).not.toBeInTheDocument();
  });

  it('shows the attempts left, and closes the form at zero', async () => {
    server.use(...challengesHandler([authored({ maxAttempts: 3, attemptsLeft: 2 })]));
    const { unmount } = open();
    expect(await screen.findByText('2 attempts left out of 3')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('CTF{...}')).toBeEnabled();
    unmount();

    server.use(...challengesHandler([authored({ maxAttempts: 3, attemptsLeft: 0 })]));
    open();
    expect(await screen.findByText(/No attempts left/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('CTF{...}')).toBeDisabled();
  });

  it('shows "understand and fix" once solved only', async () => {
    const explanation = { en: 'Use **prepared statements**.', fr: 'Utilisez des **requêtes préparées**.' };
    server.use(...challengesHandler([authored({ solved: true, explanation })]));
    open();
    expect(await screen.findByText('Understand and fix')).toBeInTheDocument();
    expect(screen.getByText('prepared statements').tagName).toBe('STRONG');
  });
});
