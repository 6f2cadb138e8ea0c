import type { Locale } from '@drapeau/shared';

import { dateTimeFormat } from '@/lib/format-date-time';

/** The ticks of the score graph's time axis: positions in seconds (uPlot's x scale) and their labels. */
interface TimeTicks {
  splits: number[];
  labels: string[];
}

export interface TimeAxisOptions {
  /** The plot's width in CSS pixels (the x axis spans it). */
  widthPx: number;
  locale: Locale;
  /** A label's width in CSS pixels (the canvas's measureText in the chart; an estimate in tests). */
  measure: (label: string) => number;
  /** Room left of the plot a first label may use (the y axis's labels stand there, above the x axis). */
  leftRoomPx?: number;
  /** The time zone of the labels (the browser's by default; tests fix one). */
  timeZone?: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Between two labels, at least this many pixels. */
const GAP_PX = 16;
/** Steps from a second to a month; a step of a day or more falls on local midnights. */
const STEPS = [
  1,
  2,
  5,
  10,
  15,
  30,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  28 * DAY,
];

/** The label format for a step: seconds below a minute, the date with the time when the span crosses a day. */
function formatFor(step: number, crossesDays: boolean, spanSec: number, options: TimeAxisOptions): Intl.DateTimeFormat {
  const zone: Intl.DateTimeFormatOptions = options.timeZone ? { timeZone: options.timeZone } : {};
  // "2:05 PM" in English, "14:05" and "00:00" in French.
  const time: Intl.DateTimeFormatOptions = {
    hour: options.locale === 'fr' ? '2-digit' : 'numeric',
    minute: '2-digit',
    ...(step < MINUTE ? { second: '2-digit' } : {}),
  };
  const date: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    ...(spanSec > 300 * DAY ? { year: 'numeric' } : {}),
  };
  if (step >= DAY) return dateTimeFormat(options.locale, { ...date, ...zone });
  return dateTimeFormat(options.locale, { ...(crossesDays ? date : {}), ...time, ...zone });
}

/** The offset of the labels' time zone from UTC at `sec`, in seconds (so that steps fall on round local times). */
function zoneOffsetSec(sec: number, timeZone: string | undefined): number {
  const parts = dateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(sec * 1000));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  return local - Math.floor(sec);
}

/** The tick positions of one step in [min, max]: multiples of the step in local time (days from local midnights). */
function splitsOf(min: number, max: number, step: number, timeZone: string | undefined): number[] {
  const splits: number[] = [];
  if (step < DAY) {
    const offset = zoneOffsetSec(min, timeZone);
    for (let local = Math.ceil((min + offset) / step) * step; local - offset <= max; local += step) splits.push(local - offset);
    return splits;
  }
  // A day is not always 24 hours (daylight saving time): each midnight is found again from the local offset.
  const days = step / DAY;
  const midnight = (sec: number) => {
    const offset = zoneOffsetSec(sec, timeZone);
    return Math.ceil((sec + offset) / DAY) * DAY - offset;
  };
  for (let at = midnight(min); at <= max; at = midnight(at + days * DAY - 2 * HOUR)) splits.push(at);
  return splits;
}

/**
 * The ticks of a time axis from `min` to `max` (seconds): the smallest round step whose labels fit without overlapping,
 * each label distinct from the others (a date joins the time when the span crosses midnight), and none cut at the
 * plot's edges (docs/product.md#score-graph). uPlot's own time axis repeated labels ("12:00" on two days) and let the
 * last one run off the canvas.
 */
export function timeTicks(min: number, max: number, options: TimeAxisOptions): TimeTicks {
  const span = max - min;
  if (!(span > 0) || options.widthPx <= 0) return { splits: [], labels: [] };
  const leftRoom = options.leftRoomPx ?? 0;
  const pxOf = (sec: number) => ((sec - min) / span) * options.widthPx;
  const crossesDays =
    formatFor(DAY, false, span, options).format(min * 1000) !== formatFor(DAY, false, span, options).format(max * 1000);
  for (const step of STEPS) {
    if ((step / span) * options.widthPx < GAP_PX) continue;
    const format = formatFor(step, crossesDays, span, options);
    const ticks = splitsOf(min, max, step, options.timeZone)
      .map((split) => {
        const label = format.format(split * 1000);
        return { split, label, half: options.measure(label) / 2 };
      })
      .filter(({ split, half }) => pxOf(split) - half >= -leftRoom && pxOf(split) + half <= options.widthPx);
    const overlaps = ticks.some(
      (tick, index) =>
        index > 0 && pxOf(tick.split) - tick.half < pxOf(ticks[index - 1]!.split) + ticks[index - 1]!.half + GAP_PX,
    );
    const labels = ticks.map((tick) => tick.label);
    if (overlaps || new Set(labels).size !== labels.length) continue;
    return { splits: ticks.map((tick) => tick.split), labels };
  }
  return { splits: [], labels: [] };
}
