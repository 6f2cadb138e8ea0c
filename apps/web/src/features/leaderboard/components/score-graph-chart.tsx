import 'uplot/dist/uPlot.min.css';

import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';

import type { Locale, ScoreGraph } from '@drapeau/shared';

import { formatDate } from '@/lib/format-date-time';
import { formatNumber } from '@/lib/format-number';

import { alignScores, SERIES_COLORS } from './score-graph-data';
import { timeTicks } from './time-axis';

interface ScoreGraphChartProps {
  graph: ScoreGraph;
  /** Where the lines end, in ms: the freeze, the event's end, or now. */
  endMs: number;
  locale: Locale;
}

interface Cursor {
  index: number;
  left: number;
  top: number;
  /** The chart's width: past its middle, the tooltip opens to the left of the cursor. */
  width: number;
}

const HEIGHT = 320;

/** A theme colour of index.css, for the canvas (which cannot read CSS variables itself). */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** The y axis's width, in CSS pixels: the x axis's first label may stand below it. */
const Y_AXIS_SIZE = 56;

/**
 * The x axis's ticks and labels in the page's language (time-axis.ts), for the plot's current width: uPlot asks for the
 * splits, then for their labels.
 */
function timeAxis(locale: Locale, font: string) {
  const context = document.createElement('canvas').getContext('2d');
  if (context) context.font = font;
  const measure = (label: string) => context?.measureText(label).width ?? label.length * 7;
  let labelOf = new Map<number, string>();
  return {
    splits: (u: uPlot, _axis: number, min: number, max: number) => {
      const ticks = timeTicks(min, max, { widthPx: u.bbox.width / uPlot.pxRatio, locale, measure, leftRoomPx: Y_AXIS_SIZE });
      labelOf = new Map(ticks.splits.map((split, index) => [split, ticks.labels[index] ?? '']));
      return ticks.splits;
    },
    values: (_u: uPlot, splits: number[]) => splits.map((split) => labelOf.get(split) ?? ''),
  };
}

/**
 * The uPlot chart of the score graph (docs/product.md#score-graph), loaded only with the leaderboard's graph: a stepped
 * line per player in the theme's colours, and a tooltip with every score at the cursor's time.
 */
export default function ScoreGraphChart({ graph, endMs, locale }: ScoreGraphChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const data = useMemo(() => alignScores(graph, endMs), [graph, endMs]);
  const plotRef = useRef<uPlot | null>(null);
  const latestData = useRef(data);
  const seriesCount = graph.series.length;

  // The plot is built again only when its lines or its language change; a live update of the scores goes through
  // setData, which keeps the pointer's tooltip open (a new plot would close it under a still pointer). This effect
  // comes first: when both change, the new plot is built with the new data.
  useEffect(() => {
    latestData.current = data;
    plotRef.current?.setData(data);
  }, [data]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const text = themeColor('--color-muted-foreground', '#9aa3b5');
    const grid = themeColor('--color-border', '#2f3545');
    const font = `12px ${themeColor('--font-sans', 'sans-serif')}`;
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const plot = new uPlot(
      {
        width: Math.max(root.clientWidth, 280),
        height: HEIGHT,
        legend: { show: false },
        cursor: { points: { size: 7 }, drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { ...axis, ...timeAxis(locale, font) },
          { ...axis, size: Y_AXIS_SIZE, values: (_u, splits) => splits.map((split) => formatNumber(split, locale)) },
        ],
        series: [
          {},
          ...Array.from({ length: seriesCount }, (_, index) => ({
            stroke: SERIES_COLORS[index % SERIES_COLORS.length],
            width: index === 0 ? 2.5 : 1.75,
            ...(stepped ? { paths: stepped } : {}),
            points: { show: false },
          })),
        ],
        hooks: {
          setCursor: [
            (u) => {
              const { idx, left, top } = u.cursor;
              setCursor(
                idx === null || idx === undefined || left === undefined || left < 0
                  ? null
                  : {
                      index: idx,
                      left: left + u.over.offsetLeft,
                      top: (top ?? 0) + u.over.offsetTop,
                      width: root.clientWidth,
                    },
              );
            },
          ],
        },
      },
      latestData.current,
      root,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(root.clientWidth, 280), height: HEIGHT }));
    resize.observe(root);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [seriesCount, locale]);

  const at = cursor ? data[0][cursor.index] : undefined;
  const rows =
    cursor && at !== undefined
      ? graph.series
          .map((series, index) => ({ series, index, score: data[index + 1]?.[cursor.index] ?? 0 }))
          .sort((a, b) => b.score - a.score)
      : [];

  return (
    <div className="relative" data-testid="score-graph-chart" data-series-count={graph.series.length}>
      <div ref={container} aria-hidden="true" />
      {cursor && at !== undefined && (
        <div
          className="pointer-events-none absolute z-10 min-w-40 rounded-md border bg-popover/95 p-2 text-xs text-popover-foreground shadow-lg"
          style={{
            top: Math.max(0, cursor.top - 20),
            ...(cursor.left > cursor.width / 2 ? { right: cursor.width - cursor.left + 12 } : { left: cursor.left + 12 }),
          }}
          aria-hidden="true"
        >
          <p className="mb-1 font-medium text-muted-foreground">
            {formatDate(at * 1000, locale, { dateStyle: 'short', timeStyle: 'short' })}
          </p>
          <ul className="grid gap-0.5">
            {rows.map(({ series, index, score }) => (
              <li key={series.uid} className="flex items-center justify-between gap-3">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span
                    className="size-2 shrink-0 rounded-full"
                    style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }}
                  />
                  <span className="truncate">{series.username}</span>
                </span>
                <span className="font-mono tabular-nums">{formatNumber(score, locale)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
