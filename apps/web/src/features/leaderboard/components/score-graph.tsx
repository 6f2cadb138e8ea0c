import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import type { ScoreGraph as ScoreGraphData } from '@drapeau/shared';

import { formatDateTime } from '@/lib/format-date-time';
import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';

import { useScoreGraph } from '../api/get-score-graph';

import { SERIES_COLORS } from './score-graph-data';

// uPlot and its styles load with the graph only, after the table (docs/architecture.md#web-app: first page weight).
const ScoreGraphChart = lazy(() => import('./score-graph-chart'));

/** A chart that cannot draw (no canvas) leaves the legend and the table: the leaderboard itself stays. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * For screen readers: each player's score after each change, the chart's content as a table. Hidden by a block around
 * it, not on the table: a table never shrinks below its content (one long line per history), so a hidden table itself
 * would widen the page on a phone.
 */
function ScoreTable({ graph }: { graph: ScoreGraphData }) {
  const { t } = useTranslation('scoreGraph');
  const locale = useLocale();
  return (
    <div className="sr-only">
      <table>
        <caption>{t(graph.isTeams ? 'tableCaptionTeams' : 'tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.position')}</th>
            <th scope="col">{t(graph.isTeams ? 'columns.team' : 'columns.player')}</th>
            <th scope="col">{t('columns.score')}</th>
            <th scope="col">{t('columns.history')}</th>
          </tr>
        </thead>
        <tbody>
          {graph.series.map((series) => (
            <tr key={series.uid}>
              <td>{series.position}</td>
              <th scope="row">{series.username}</th>
              <td>{formatNumber(series.score, locale)}</td>
              <td>
                {series.points
                  .map((point) =>
                    t('historyItem', { time: formatDateTime(point.at, locale), score: formatNumber(point.score, locale) }),
                  )
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The score graph on the leaderboard page (docs/product.md#score-graph): the top 10 over time (players, or teams in team
 * mode), with a legend of names and scores; frozen for players during a freeze. Refreshed live with the standings.
 */
export function ScoreGraph() {
  const { t } = useTranslation('scoreGraph');
  const locale = useLocale();
  const { data: graph, dataUpdatedAt } = useScoreGraph();
  if (!graph || graph.series.length === 0) return null;
  // The lines end at the freeze or the event's end; else at the time of this answer.
  const endMs = graph.until === null ? dataUpdatedAt : Date.parse(graph.until);

  return (
    <figure
      aria-labelledby="score-graph-title"
      className="grid gap-3 rounded-(--radius-card) border border-border/80 bg-card/80 p-4 shadow-lg shadow-black/20 backdrop-blur-sm sm:p-5"
    >
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="score-graph-title" className="text-lg font-semibold">
          {t(graph.isTeams ? 'titleTeams' : 'title', { count: graph.series.length })}
        </h2>
        {graph.isFrozen && graph.until !== null && (
          <p className="text-sm text-warning">{t('frozen', { time: formatDateTime(graph.until, locale) })}</p>
        )}
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<div className="h-80 animate-pulse rounded-md bg-muted/40" aria-hidden="true" />}>
          <ScoreGraphChart graph={graph} endMs={endMs} locale={locale} />
        </Suspense>
      </ChartBoundary>
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t(graph.isTeams ? 'legendTeams' : 'legend')}>
        {graph.series.map((series, index) => (
          <li key={series.uid} className="flex items-center gap-1.5" data-testid="score-graph-legend-item">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4 rounded"
              style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }}
            />
            <span className="text-muted-foreground">{series.position}.</span>
            <span className="font-medium">{series.username}</span>
            <span className="font-mono text-muted-foreground tabular-nums">{formatNumber(series.score, locale)}</span>
          </li>
        ))}
      </ol>
      <ScoreTable graph={graph} />
    </figure>
  );
}
