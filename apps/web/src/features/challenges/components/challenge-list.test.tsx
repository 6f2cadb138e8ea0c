import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import categoryNames from '@/locales/en/categories.json';
import { buildChallenge, buildUser } from '@/testing/factories';
import { challengesHandler } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function renderList(path = '/challenges') {
  return renderApp(path, { sessionUser: buildUser() });
}

const CATEGORY_NAMES = new Set(Object.values(categoryNames));

/** The category sections on screen (the toast viewport is a region too). */
function categorySections() {
  return screen.queryAllByRole('region', { name: (name) => CATEGORY_NAMES.has(name) });
}

async function findSections() {
  await screen.findByRole('heading', { name: 'Challenges', level: 1 });
  return categorySections();
}

type Events = ReturnType<typeof renderApp>['user'];

async function choose(user: Events, filter: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: filter }), option);
}

describe('challenge list', () => {
  it('groups the challenges by category, in catalogue order, with a count per category', async () => {
    renderList();
    const sections = await findSections();

    expect(sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Web - Client',
      'Web - Server',
      'Forensics',
    ]);
    expect(within(sections[0] as HTMLElement).getByTitle('2 challenges')).toHaveTextContent('2');
    expect(within(sections[2] as HTMLElement).getByTitle('1 challenge')).toHaveTextContent('1');
  });

  it('shows title, level, points, solves and a solved marker on each card, linking to the challenge', async () => {
    renderList();
    await findSections();

    const solved = screen.getByRole('link', { name: /DOM Manipulation/ });
    expect(solved).toHaveAttribute('href', '/challenge/dom-manipulation');
    expect(within(solved).getByText('Very Easy')).toBeInTheDocument();
    expect(within(solved).getByText('10 pts')).toBeInTheDocument();
    expect(within(solved).getByText('12 solves')).toBeInTheDocument();
    expect(within(solved).getByRole('img', { name: 'Solved' })).toBeInTheDocument();
    expect(solved).toHaveClass('border-l-primary');

    const unsolved = screen.getByRole('link', { name: /XSS Filter Bypass/ });
    expect(within(unsolved).getByText('1 solve')).toBeInTheDocument();
    expect(within(unsolved).queryByRole('img', { name: 'Solved' })).not.toBeInTheDocument();
    expect(unsolved).toHaveClass('border-l-destructive');
  });

  it('leads a solved card to its explanation when the challenge has one, and the others to the challenge', async () => {
    server.use(
      ...challengesHandler([
        buildChallenge({ solved: true, explanation: { en: 'Why it works.', fr: 'Pourquoi.' } }),
        buildChallenge({ id: 'xss-filter-bypass', title: { en: 'XSS Filter Bypass', fr: 'XSS' }, solved: true }),
      ]),
    );
    renderList();
    await findSections();
    const explained = screen.getByRole('link', { name: /DOM Manipulation/ });
    expect(explained).toHaveAttribute('href', '/challenge/dom-manipulation#explanation');
    expect(within(explained).getByText('Understand and fix: read the explanation')).toBeInTheDocument();
    const plain = screen.getByRole('link', { name: /XSS Filter Bypass/ });
    expect(plain).toHaveAttribute('href', '/challenge/xss-filter-bypass');
  });

  it('staggers the cards entry by 50 ms each', async () => {
    renderList();
    await findSections();
    const delays = screen
      .getAllByRole('link', { name: /Manipulation|Bypass|Injection|Memory/ })
      .map((card) => card.style.animationDelay);
    expect(delays).toEqual(['0ms', '50ms', '100ms', '150ms']);
  });

  it('shows a progress line of solved challenges', async () => {
    renderList();
    expect(await screen.findByText('1 / 4 solved')).toBeInTheDocument();
  });

  it('filters by category', async () => {
    const { user, router } = renderList();
    await findSections();
    await choose(user, 'Category', 'Forensics');

    await waitFor(() => expect(categorySections()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Forensics', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /DOM Manipulation/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=forensics');
  });

  it('filters by difficulty', async () => {
    const { user } = renderList();
    await findSections();
    await choose(user, 'Difficulty', 'Medium');

    await waitFor(() => expect(screen.queryByRole('link', { name: /DOM Manipulation/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /XSS Filter Bypass/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Memory Dump Analysis/ })).toBeInTheDocument();
  });

  it('offers all six categories and four difficulties', async () => {
    renderList();
    await findSections();
    const options = within(screen.getByRole('combobox', { name: 'Difficulty' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All difficulties', 'Very Easy', 'Easy', 'Medium', 'Hard']);
  });

  it('says "No challenges found" when the filters match nothing, and can reset them', async () => {
    const { user } = renderList('/challenges?category=web-server&level=hard');
    expect(await screen.findByText('No challenges found')).toBeInTheDocument();
    expect(categorySections()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('link', { name: /DOM Manipulation/ })).toBeInTheDocument();
  });

  it('shows the French titles in French', async () => {
    const { user } = renderList();
    await findSections();
    await user.click(await screen.findByRole('button', { name: 'FR Français' }));
    expect(await screen.findByRole('link', { name: /Manipulation du DOM/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forensique', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByText('Très facile', { selector: '[data-slot="badge"]' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('option', { name: 'Très facile' })).toBeInTheDocument();
  });
});
