import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { SessionResponse, SubmitFlagResult } from '@drapeau/shared';

import { buildAttachment, buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler, errorResponse, submitHandler } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { REDIRECT_AFTER_SOLVE_MS } from './use-flag-form';

/** The badge catalogue, as far as these tests name badges. */
function badgesHandler() {
  const badge = (badgeId: string, en: string, fr: string) => ({
    badgeId,
    title: { en, fr },
    description: { en, fr },
    icon: '🏅',
    criteria: { type: 'solveCount', value: 1 },
  });
  return http.get('/api/badges', () =>
    HttpResponse.json({
      badges: [badge('first-blood', 'First Blood', 'Premier sang'), badge('web-master', 'Web Master', 'Maître du web')],
    }),
  );
}

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

/** Challenges without an in-page exercise, so that these tests see only the challenge page itself. */
const PLAIN = buildChallenge({
  id: 'hash-cracking',
  category: 'app-script',
  level: 'medium',
  points: 40,
  title: { en: 'Hash Cracking', fr: 'Cassage de hash' },
  hints: [{ id: 1, cost: 0, isOpened: false, content: { en: 'Try a wordlist.', fr: 'Essayez une liste de mots.' } }],
});
const SOLVED = buildChallenge({
  id: 'caesar-cipher',
  category: 'app-script',
  title: { en: 'Caesar Cipher', fr: 'Chiffre de César' },
  solved: true,
});
const WITH_FILE = buildChallenge({
  id: 'memory-dump-analysis',
  category: 'forensics',
  level: 'medium',
  points: 50,
  title: { en: 'Memory Dump Analysis', fr: 'Analyse de dump mémoire' },
  description: { en: 'Find the process.', fr: 'Trouvez le processus.' },
  hints: [],
  attachments: [buildAttachment('memory-dump-analysis', 'memory.dmp')],
});

beforeEach(() => {
  server.use(...challengesHandler([PLAIN, SOLVED, WITH_FILE]));
});

function renderDetail(id: string) {
  return renderApp(`/challenge/${id}`, { sessionUser: buildUser() });
}

async function findSubmit() {
  return screen.findByRole('button', { name: 'Submit' });
}

describe('challenge detail', () => {
  it('says "Challenge not found" with a way back for an unknown id', async () => {
    const { user, router } = renderDetail('no-such-challenge');
    expect(await screen.findByRole('heading', { name: 'Challenge not found' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Challenges' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
  });

  it('shows title, category, level, points, description and a download link named after the file', async () => {
    renderDetail('memory-dump-analysis');
    expect(await screen.findByRole('heading', { name: 'Memory Dump Analysis', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Forensics')).toBeInTheDocument();
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(screen.getByText('50 pts')).toBeInTheDocument();
    expect(screen.getByText('Find the process.')).toBeInTheDocument();

    const download = screen.getByRole('link', { name: /^memory\.dmp/ });
    expect(download).toHaveAttribute('href', '/api/challenges/memory-dump-analysis/attachments/1');
    expect(download).toHaveTextContent(/1\s+kB/);
    expect(screen.queryByRole('button', { name: 'Show hint' })).not.toBeInTheDocument();
  });

  it('has no download link when the challenge has no file', async () => {
    renderDetail('hash-cracking');
    await screen.findByRole('heading', { name: 'Hash Cracking', level: 1 });
    expect(screen.queryByRole('link', { name: /\.dmp|download/i })).not.toBeInTheDocument();
  });

  it('keeps the hint folded until asked, in the current language', async () => {
    const { user } = renderDetail('hash-cracking');
    await user.click(await screen.findByRole('button', { name: 'Show hint' }));
    expect(screen.getByText('Try a wordlist.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'FR Français' }));
    expect(await screen.findByText('Essayez une liste de mots.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cassage de hash', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Masquer l’indice' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('challenge detail opened from the list', () => {
  it('shows the list’s header at once and the body’s placeholder until the challenge itself answers', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/challenges/hash-cracking', async () => {
        await answered;
        return HttpResponse.json(PLAIN);
      }),
    );
    const { user } = renderApp('/challenges', { sessionUser: buildUser() });
    await user.click(await screen.findByRole('link', { name: /Hash Cracking/ }));

    expect(await screen.findByRole('heading', { name: 'Hash Cracking', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('40 pts')).toBeInTheDocument();
    expect(screen.getByTestId('challenge-body-loading')).toBeInTheDocument();
    expect(screen.queryByText('Description')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    answer();
    expect(await findSubmit()).toBeInTheDocument();
    expect(screen.getByText('Description')).toBeInTheDocument();
    expect(screen.queryByTestId('challenge-body-loading')).not.toBeInTheDocument();
  });
});

describe('flag form', () => {
  it('disables the button while the flag is blank or only spaces', async () => {
    const { user } = renderDetail('hash-cracking');
    const submit = await findSubmit();
    const input = screen.getByPlaceholderText('CTF{...}');
    expect(submit).toBeDisabled();

    await user.type(input, '   ');
    expect(submit).toBeDisabled();

    await user.type(input, 'CTF{{x}');
    expect(submit).toBeEnabled();
  });

  it('disables the button while submitting', async () => {
    server.use(
      http.post('/api/challenges/:id/submit', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderDetail('hash-cracking');
    await user.type(await screen.findByPlaceholderText('CTF{...}'), 'CTF{{x}');
    await user.click(await findSubmit());

    expect(await screen.findByRole('button', { name: /Submitting\.\.\./ })).toBeDisabled();
  });

  it('shows the solved panel and keeps the form closed on a solved challenge', async () => {
    renderDetail('caesar-cipher');
    expect(await screen.findByText('Challenge solved')).toBeInTheDocument();
    expect(await findSubmit()).toBeDisabled();
    expect(screen.getByPlaceholderText('CTF{...}')).toBeDisabled();
  });

  it('celebrates a correct flag, refreshes the score, clears the form and returns to the list after 2 s', async () => {
    let sentBody: unknown;
    let score = 45;
    const catalogue = [PLAIN, SOLVED, WITH_FILE];
    server.use(
      http.get('/api/auth/session', () => HttpResponse.json<SessionResponse>({ user: buildUser({ score }) })),
      http.post('/api/challenges/:id/submit', async ({ request }) => {
        sentBody = await request.json();
        score = 80;
        catalogue[0] = { ...PLAIN, solved: true, solveCount: PLAIN.solveCount + 1 };
        return HttpResponse.json<SubmitFlagResult>({
          success: true,
          status: 'correct',
          message: 'Correct',
          points: 35,
          score: 80,
          newBadges: ['first-blood', 'web-master'],
        });
      }),
      ...challengesHandler(catalogue),
      badgesHandler(),
    );
    // The return to the list is held until the page has been checked, then released: no race with a slow machine.
    const realSetTimeout = globalThis.setTimeout;
    let returnToList: (() => void) | undefined;
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms !== REDIRECT_AFTER_SOLVE_MS) return realSetTimeout(callback, ms, ...rest);
      returnToList = callback;
      return 0;
    }) as unknown as typeof setTimeout);
    onTestFinished(() => timers.mockRestore());
    const { user, router } = renderApp('/challenge/hash-cracking');
    const input = await screen.findByPlaceholderText('CTF{...}');
    await user.type(input, '  CTF{{nice}  ');
    await user.click(await findSubmit());

    // The badges by name; no explanation to read, no button to it.
    expect(
      await screen.findByText('Correct flag! Points awarded. Badges earned: First Blood and Web Master!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read the explanation' })).not.toBeInTheDocument();
    expect(sentBody).toEqual({ flag: 'CTF{nice}' });
    expect(input).toHaveValue('');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByText('80 pts')).toBeInTheDocument();
    expect(await screen.findByText('Challenge solved')).toBeInTheDocument();

    expect(router.state.location.pathname).toBe('/challenge/hash-cracking');
    expect(returnToList).toBeDefined();
    act(() => {
      returnToList!();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
  });

  it('leads from the solve’s toast to the explanation in one click, which keeps the player on the page', async () => {
    const catalogue = [PLAIN, SOLVED, WITH_FILE];
    server.use(
      http.post('/api/challenges/:id/submit', () => {
        catalogue[0] = { ...PLAIN, solved: true, explanation: { en: 'Salt your hashes.', fr: 'Salez vos hachés.' } };
        return HttpResponse.json<SubmitFlagResult>({
          success: true,
          status: 'correct',
          message: 'Correct',
          newBadges: ['first-blood'],
        });
      }),
      ...challengesHandler(catalogue),
      badgesHandler(),
    );
    const realSetTimeout = globalThis.setTimeout;
    const REDIRECT_TIMER = 4242;
    const timers = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((callback: () => void, ms?: number, ...rest: unknown[]) =>
        ms === REDIRECT_AFTER_SOLVE_MS ? REDIRECT_TIMER : realSetTimeout(callback, ms, ...rest)) as unknown as typeof setTimeout);
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    onTestFinished(() => {
      timers.mockRestore();
      cleared.mockRestore();
    });
    const { user, router } = renderDetail('hash-cracking');
    await user.type(await screen.findByPlaceholderText('CTF{...}'), 'CTF{{nice}');
    await user.click(await findSubmit());

    expect(await screen.findByText('Correct flag! Points awarded. Badge earned: First Blood!')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Read the explanation' }));
    expect(cleared).toHaveBeenCalledWith(REDIRECT_TIMER);
    expect(router.state.location.pathname).toBe('/challenge/hash-cracking');
    expect(router.state.location.hash).toBe('#explanation');
    expect(await screen.findByText('Salt your hashes.')).toBeInTheDocument();
  });

  it('leaves out the badge sentence when no badge was won', async () => {
    server.use(submitHandler({ success: true, status: 'correct', message: 'Correct', points: 35, newBadges: [] }));
    const { user } = renderDetail('hash-cracking');
    await user.type(await screen.findByPlaceholderText('CTF{...}'), 'CTF{{nice}');
    await user.click(await findSubmit());

    expect(await screen.findByText('Correct flag! Points awarded.')).toBeInTheDocument();
  });

  it.each([
    [{ success: false, status: 'incorrect', message: 'nope' }, 'Incorrect flag. Try again!'],
    [{ success: false, status: 'already_solved', message: 'done' }, 'You already solved this challenge.'],
  ] satisfies [SubmitFlagResult, string][])('toasts the %o result as "%s"', async (result, text) => {
    server.use(submitHandler(result));
    const { user, router } = renderDetail('hash-cracking');
    const input = await screen.findByPlaceholderText('CTF{...}');
    await user.type(input, 'CTF{{guess}');
    await user.click(await findSubmit());

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(input).toHaveValue('CTF{guess}');
    expect(router.state.location.pathname).toBe('/challenge/hash-cracking');
  });

  it.each([
    [
      'rate limited',
      () => errorResponse(429, 'RATE_LIMITED', { retryAfterSeconds: 12 }),
      'Too many attempts. Try again in 12 s.',
    ],
    ['not JSON', () => new HttpResponse('<html>oops</html>', { status: 200 }), 'Server error - please try again.'],
    ['a 502 page', () => new HttpResponse('Bad gateway', { status: 502 }), 'Server error - please try again.'],
    ['unreachable', () => HttpResponse.error(), 'Network error - check your connection and try again.'],
  ])('explains a submission that is %s', async (_, reply, text) => {
    server.use(http.post('/api/challenges/:id/submit', reply));
    const { user } = renderDetail('hash-cracking');
    await user.type(await screen.findByPlaceholderText('CTF{...}'), 'CTF{{guess}');
    await user.click(await findSubmit());

    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
