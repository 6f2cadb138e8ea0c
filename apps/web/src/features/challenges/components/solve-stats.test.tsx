import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

beforeAll(async () => {
  await preloadPage.challengeDetail();
});

const FIRST_BLOODED = buildChallenge({ solveCount: 12, firstBlood: { uid: 'u-1', username: 'alice' } });
const UNSOLVED = buildChallenge({
  id: 'xss-filter-bypass',
  title: { en: 'XSS Filter Bypass', fr: 'Contournement de filtre XSS' },
  solveCount: 0,
});

/** The two places a challenge's solves are shown: its card in the list, and the header of its page. */
async function open(
  place: 'card' | 'header',
  id: string,
  title: RegExp,
  challenges = [FIRST_BLOODED, UNSOLVED],
): Promise<HTMLElement> {
  server.use(...challengesHandler(challenges));
  if (place === 'card') {
    renderApp('/challenges', { sessionUser: buildUser() });
    return screen.findByRole('link', { name: title });
  }
  renderApp(`/challenge/${id}`, { sessionUser: buildUser() });
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  return heading.closest('header')!;
}

describe.each(['card', 'header'] as const)('the solve count and first blood on the %s', (place) => {
  it('are shown in English', async () => {
    const shown = within(await open(place, FIRST_BLOODED.id, /DOM Manipulation/));
    expect(shown.getByText('12 solves')).toBeInTheDocument();
    expect(shown.getByTestId('first-blood')).toHaveTextContent('First blood: alice');
  });

  it('are shown in French', async () => {
    await i18n.changeLanguage('fr');
    const shown = within(await open(place, FIRST_BLOODED.id, /Manipulation du DOM/));
    expect(shown.getByText('12 résolutions')).toBeInTheDocument();
    expect(shown.getByTestId('first-blood')).toHaveTextContent(/^Premier sang\s: alice$/);
  });

  it('name the team in team mode, and the member who solved', async () => {
    const teamBlood = { ...FIRST_BLOODED, firstBlood: { uid: 'u-1', username: 'alice', teamId: 't-1', teamName: 'Red' } };
    const shown = within(await open(place, FIRST_BLOODED.id, /DOM Manipulation/, [teamBlood, UNSOLVED]));
    expect(shown.getByTestId('first-blood')).toHaveTextContent('First blood: Red (alice)');
  });

  it('show no first blood before anyone solves', async () => {
    const shown = within(await open(place, UNSOLVED.id, /XSS Filter Bypass/));
    expect(shown.getByText('0 solves')).toBeInTheDocument();
    expect(shown.queryByTestId('first-blood')).not.toBeInTheDocument();
  });
});
