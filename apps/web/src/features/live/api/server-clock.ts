/**
 * The server's time when it sent this page (its HTML's `Server-Timing: clock;desc=<ms>`, apps/server
 * `src/http/web-app.ts`): the live stream asks for the events since then (docs/product.md#live-updates).
 */

/** Servers behind one address may disagree by this much (their clocks are kept by NTP). */
const CLOCKS_MARGIN_MS = 1_000;

/** Undefined when the page came without it (the development server): the stream then resets and the page reads again. */
export function serverTimeOfPageStart(): number | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const clock = navigation?.serverTiming?.find((entry) => entry.name === 'clock');
  const at = Number(clock?.description);
  return clock && Number.isSafeInteger(at) && at > CLOCKS_MARGIN_MS ? at - CLOCKS_MARGIN_MS : undefined;
}
