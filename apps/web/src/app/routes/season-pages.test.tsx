import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import type { Season, SeasonListResult, SeasonStandingsResult } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// docs/product.md#events: the events that ended, listed for players and admins, each with its kept final standings.
const season: Season = {
  id: '6f1f8f3c-2b0a-4a55-9a51-0d4f3c1f2a10',
  name: { en: 'Spring cup', fr: 'Coupe de printemps' },
  startsAt: '2026-04-01T10:00:00.000Z',
  endsAt: '2026-04-01T12:00:00.000Z',
  freezeAt: null,
  isTeams: false,
  entrants: 2,
  keptAt: '2026-04-01T12:05:00.000Z',
};
const untitled: Season = { ...season, id: '0b7a3c55-96a4-4d8e-8a7e-3f7d1c2b9e01', name: { en: '', fr: '' }, entrants: 1 };
const me = buildUser({ uid: 'u-me', username: 'me' });

const mine = { pos: 2, id: 'u-me', name: 'me', score: 200, solved: 1, lastSolveAt: '2026-04-01T10:20:00.000Z' };

function serveSeasons(seasons: Season[]) {
  server.use(
    http.get('/api/seasons', () => HttpResponse.json<SeasonListResult>({ seasons })),
    http.get(`/api/seasons/${season.id}`, () =>
      HttpResponse.json<SeasonStandingsResult>({
        season,
        standings: [
          { pos: 1, id: 'u-other', name: 'alice', score: 300, solved: 2, lastSolveAt: '2026-04-01T10:30:00.000Z' },
          mine,
        ],
        total: 2,
        page: 1,
        pageSize: 100,
        mine,
      }),
    ),
    http.get('/api/seasons/:id', () => errorResponse(404, 'SEASON_NOT_FOUND')),
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('past events', () => {
  it('lists the events that ended for players, each opening its final standings, the player’s own row marked', async () => {
    serveSeasons([season, untitled]);
    const { user } = renderApp('/events', { sessionUser: me });
    expect(await screen.findByRole('heading', { name: 'Past events' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Past events' });
    expect(within(list).getByText(/2 players ranked/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Event of / })).toBeInTheDocument();
    // Players get no export buttons in the list; the event's page has them.
    expect(within(list).queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: 'Spring cup' }));
    const table = await screen.findByRole('table', { name: 'Final standings' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1alice300');
    expect(rows[2]).toHaveClass('font-semibold');
    expect(screen.getByText('You finished at rank 2 with 200 points.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show my row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of the final standings' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/seasons/${season.id}/standings.csv`);
    expect(screen.getByRole('link', { name: 'CTFtime feed' })).toHaveAttribute('href', `/api/seasons/${season.id}/ctftime`);
  });

  it('pages a large event’s standings, and leads the player to the page of their own row', async () => {
    const big = { ...season, entrants: 1234 };
    const rowsOf = (page: number) =>
      Array.from({ length: 100 }, (_, index) => {
        const pos = (page - 1) * 100 + index + 1;
        return {
          pos,
          id: pos === 777 ? 'u-me' : `u-${pos}`,
          name: pos === 777 ? 'me' : `player${pos}`,
          score: 5000 - pos,
          solved: 3,
          lastSolveAt: null,
        };
      });
    const pages: number[] = [];
    server.use(
      http.get('/api/seasons', () => HttpResponse.json<SeasonListResult>({ seasons: [big] })),
      http.get(`/api/seasons/${season.id}`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(page);
        return HttpResponse.json<SeasonStandingsResult>({
          season: big,
          standings: rowsOf(page),
          total: 1234,
          page,
          pageSize: 100,
          mine: { ...rowsOf(8)[76]! },
        });
      }),
    );
    const { user } = renderApp(`/events/${season.id}`, { sessionUser: me });
    const table = await screen.findByRole('table', { name: 'Final standings' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1player1');
    expect(screen.getByText('You finished at rank 777 with 4,223 points.')).toBeInTheDocument();
    const pagesNav = screen.getByRole('navigation', { name: 'Pages of the final standings' });
    expect(within(pagesNav).getByText('Page 1 of 13')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show my row' }));
    expect(await within(pagesNav).findByText('Page 8 of 13')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('701player701'));
    expect(within(table).getByText('me').closest('tr')).toHaveClass('font-semibold');
    expect(screen.queryByRole('button', { name: 'Show my row' })).not.toBeInTheDocument();
    await user.click(within(pagesNav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('801player801'));
    expect(pages).toEqual([1, 8, 9]);
  });

  it('speaks French, with the French name', async () => {
    serveSeasons([season]);
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/events', { sessionUser: me });
    expect(await screen.findByRole('heading', { name: 'Événements passés' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Coupe de printemps' })).toBeInTheDocument();
    expect(screen.getByText(/2 joueurs classés/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Coupe de printemps' }));
    expect(await screen.findByText('Vous avez terminé au rang 2 avec 200 points.')).toBeInTheDocument();
  });

  it('says so when there is none, and when an event does not exist', async () => {
    serveSeasons([]);
    renderApp(['/events', '/events/4a1f8f3c-2b0a-4a55-9a51-0d4f3c1f2a10'], { sessionUser: me });
    expect(await screen.findByText('This event does not exist, or it has not ended yet.')).toBeInTheDocument();
  });

  it('gives admins each event’s exports in the admin panel', async () => {
    serveSeasons([season]);
    renderApp('/admin/event/seasons', { sessionUser: buildAdmin() });
    const list = await screen.findByRole('list', { name: 'Past events' });
    expect(await within(list).findByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/seasons/${season.id}/standings.csv`,
    );
    expect(screen.getByRole('link', { name: /Name and schedule the next event/ })).toHaveAttribute('href', '/admin/event/event');
  });
});
