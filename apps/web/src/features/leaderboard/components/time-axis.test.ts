import { describe, expect, it } from 'vitest';

import { timeTicks, type TimeAxisOptions } from './time-axis';

/** About the width of the chart's 12 px sans-serif: 7 px a character. */
const measure = (label: string) => label.length * 7;
/** The plot's width (the card less the y axis) at 1366 px and on a 390 px phone. */
const WIDTHS = { desktop: 1040, phone: 270 };
const at = (iso: string) => Date.parse(iso) / 1000;
const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

const SPANS = {
  minutes: [at('2026-03-10T14:02:13Z'), at('2026-03-10T14:09:40Z')],
  hours: [at('2026-03-10T08:47:00Z'), at('2026-03-10T17:13:00Z')],
  'a day and a half': [at('2026-03-10T20:00:00Z'), at('2026-03-12T07:30:00Z')],
  days: [at('2026-03-10T09:00:00Z'), at('2026-03-14T18:00:00Z')],
  weeks: [at('2026-02-20T09:00:00Z'), at('2026-04-12T18:00:00Z')],
} as const;

function options(widthPx: number, overrides: Partial<TimeAxisOptions> = {}): TimeAxisOptions {
  return { widthPx, locale: 'en', measure, leftRoomPx: 56, timeZone: 'UTC', ...overrides };
}

describe('the score graph’s time axis', () => {
  for (const [span, [min, max]] of Object.entries(SPANS))
    for (const [screen, widthPx] of Object.entries(WIDTHS))
      for (const locale of ['en', 'fr'] as const)
        it(`labels a span of ${span} on a ${screen} in ${locale}: distinct labels, none overlapping, none cut`, () => {
          const { splits, labels } = timeTicks(min, max, options(widthPx, { locale }));
          expect(splits.length, labels.join(' | ')).toBeGreaterThanOrEqual(2);
          expect(labels).toHaveLength(splits.length);
          expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
          const px = (sec: number) => ((sec - min) / (max - min)) * widthPx;
          splits.forEach((split, i) => {
            const half = measure(labels[i]!) / 2;
            expect(split).toBeGreaterThanOrEqual(min);
            expect(split).toBeLessThanOrEqual(max);
            // The last label ends inside the plot; the first may use the y axis's room, no more.
            expect(px(split) + half, labels[i]).toBeLessThanOrEqual(widthPx);
            expect(px(split) - half, labels[i]).toBeGreaterThanOrEqual(-56);
            if (i > 0) expect(px(split) - half).toBeGreaterThan(px(splits[i - 1]!) + measure(labels[i - 1]!) / 2);
          });
        });

  it('falls on round times: whole minutes for minutes, whole hours for a working day, midnights for days', () => {
    const minutes = timeTicks(...SPANS.minutes, options(WIDTHS.desktop));
    expect(minutes.labels).toEqual(['2:03 PM', '2:04 PM', '2:05 PM', '2:06 PM', '2:07 PM', '2:08 PM', '2:09 PM']);
    expect(timeTicks(...SPANS.minutes, options(WIDTHS.desktop, { locale: 'fr' })).labels[0]).toBe('14:03');
    const hours = timeTicks(...SPANS.hours, options(WIDTHS.phone));
    for (const split of hours.splits) expect(split % HOUR).toBe(0);
    const days = timeTicks(...SPANS.days, options(WIDTHS.desktop));
    expect(days.labels).toEqual(['Mar 11', 'Mar 12', 'Mar 13', 'Mar 14']);
    for (const split of days.splits) expect(split % DAY).toBe(0);
  });

  it('names the day beside the time when a span in hours crosses midnight, so that no two labels read the same', () => {
    const { labels } = timeTicks(...SPANS['a day and a half'], options(WIDTHS.desktop));
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const label of labels) expect(label).toMatch(/^Mar 1[012], \d\d?:00 [AP]M$/);
    const fr = timeTicks(...SPANS['a day and a half'], options(WIDTHS.desktop, { locale: 'fr' })).labels;
    for (const label of fr) expect(label).toMatch(/^1[012] mars, \d\d:00$/);
  });

  it('shows seconds only when ticks are less than a minute apart', () => {
    const short = timeTicks(at('2026-03-10T14:00:05Z'), at('2026-03-10T14:01:55Z'), options(WIDTHS.desktop));
    expect(short.labels[0]).toMatch(/^2:00:\d0 PM$/);
    const minutes = timeTicks(...SPANS.minutes, options(WIDTHS.phone, { locale: 'fr' }));
    expect(minutes.labels.every((label) => /^14:\d\d$/.test(label))).toBe(true);
    for (const split of minutes.splits) expect(split % MINUTE).toBe(0);
  });

  it('puts day ticks on local midnights across a change of summer time', () => {
    // Paris moves to summer time on 29 March 2026: that day has 23 hours.
    const { labels, splits } = timeTicks(at('2026-03-26T12:00:00Z'), at('2026-04-02T12:00:00Z'), {
      ...options(WIDTHS.desktop),
      timeZone: 'Europe/Paris',
    });
    expect(labels).toEqual(['Mar 27', 'Mar 28', 'Mar 29', 'Mar 30', 'Mar 31', 'Apr 1', 'Apr 2']);
    const localHour = (sec: number) =>
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' }).format(sec * 1000);
    for (const split of splits) expect(Number(localHour(split))).toBe(0);
  });

  it('draws nothing for an empty span', () => {
    expect(timeTicks(100, 100, options(WIDTHS.desktop))).toEqual({ splits: [], labels: [] });
  });
});
