import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { LeaderboardPage, ScoreGraph } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

// jsdom has no canvas: the uPlot chart is replaced by a stand-in that shows what it was given.
vi.mock('./score-graph-chart', () => ({
  default: ({ graph, endMs }: { graph: ScoreGraph; endMs: number }) => (
    <div data-testid="chart" data-series={graph.series.map((s) => s.username).join(',')} data-end={endMs} />
  ),
}));

const GRAPH: ScoreGraph = {
  isFrozen: false,
  until: null,
  series: [
    {
      position: 1,
      uid: 'u-neo',
      username: 'neo',
      score: 1520,
      points: [
        { at: '2026-03-01T09:00:00.000Z', score: 0 },
        { at: '2026-03-01T10:00:00.000Z', score: 1520 },
      ],
    },
    {
      position: 2,
      uid: 'u-trinity',
      username: 'trinity',
      score: 310,
      points: [
        { at: '2026-03-01T09:00:00.000Z', score: 10 },
        { at: '2026-03-01T09:30:00.000Z', score: 310 },
      ],
    },
  ],
};

function useServer(graph: ScoreGraph) {
  server.use(
    http.get('/api/leaderboard', () => HttpResponse.json<LeaderboardPage>({ entries: [], total: 0, page: 1, pageSize: 100 })),
    http.get('/api/leaderboard/graph', () => HttpResponse.json<ScoreGraph>(graph)),
  );
}

describe('the score graph on the leaderboard page', () => {
  it('draws the top players, with a legend of names and scores and a table for screen readers', async () => {
    useServer(GRAPH);
    renderApp('/leaderboard', { sessionUser: buildUser() });
    const figure = await screen.findByRole('figure', { name: 'Top 2 over time' });
    expect(await within(figure).findByTestId('chart')).toHaveAttribute('data-series', 'neo,trinity');
    const legend = within(figure).getByRole('list', { name: 'Players on the graph' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.neo1,520', '2.trinity310']);
    const table = within(figure).getByRole('table', { name: 'Scores of the top players over time' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('neo');
    expect(rows[1]).toHaveTextContent(/10 at .*, 310 at /);
    expect(screen.queryByText(/Frozen/)).not.toBeInTheDocument();
  });

  it('says when it is frozen, in French too, and ends the lines at the freeze', async () => {
    useServer({ ...GRAPH, isFrozen: true, until: '2026-03-01T11:00:00.000Z' });
    await i18n.changeLanguage('fr');
    renderApp('/leaderboard', { sessionUser: buildUser() });
    const figure = await screen.findByRole('figure', { name: 'Le top 2 au fil du temps' });
    // French typography: a no-break space before the colon.
    expect(within(figure).getByText(/^Gelé/).textContent).toMatch(/^Gelé\u00a0: scores tels qu’ils étaient le /);
    expect(await within(figure).findByTestId('chart')).toHaveAttribute(
      'data-end',
      String(Date.parse('2026-03-01T11:00:00.000Z')),
    );
  });

  it('labels teams in team mode', async () => {
    useServer({ ...GRAPH, isTeams: true });
    renderApp('/leaderboard', { sessionUser: buildUser() });
    const figure = await screen.findByRole('figure', { name: 'Top 2 teams over time' });
    expect(within(figure).getByRole('list', { name: 'Teams on the graph' })).toBeInTheDocument();
    const table = within(figure).getByRole('table', { name: 'Scores of the top teams over time' });
    expect(within(table).getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
  });

  it('shows nothing while nobody has scored', async () => {
    useServer({ isFrozen: false, until: null, series: [] });
    renderApp('/leaderboard', { sessionUser: buildUser() });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows with the standings, not above their spinner: nothing below it moves when it arrives first', async () => {
    let answerStandings = () => undefined as void;
    const standingsAnswered = new Promise<void>((resolve) => (answerStandings = resolve));
    server.use(
      http.get('/api/leaderboard', async () => {
        await standingsAnswered;
        return HttpResponse.json<LeaderboardPage>({ entries: [], total: 0, page: 1, pageSize: 100 });
      }),
      http.get('/api/leaderboard/graph', () => HttpResponse.json<ScoreGraph>(GRAPH)),
    );
    const { queryClient } = renderApp('/leaderboard', { sessionUser: buildUser() });
    await vi.waitFor(() => expect(queryClient.getQueryData(['leaderboard', 'graph'])).toBeDefined());
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();

    answerStandings();
    expect(await screen.findByRole('figure')).toBeInTheDocument();
    expect(screen.getByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
  });
});
