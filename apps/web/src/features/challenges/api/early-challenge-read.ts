/**
 * The challenge page's read, started as soon as a first load's route is known, beside the page's code rather than after
 * it (docs/performance.md "Lighthouse": session, then the page's chunk, then the challenge made three steps one after
 * the other). No schema here: the router imports it, and the first page loads no schema library. Only the first
 * navigation starts one; the page's query takes it once (get-challenge.ts), and asks again when it failed (signed out,
 * event not started...).
 */
let started: { id: string; response: Promise<Response | null> } | undefined;
let isFirstNavigation = true;

export function startChallengeRead(id: string): void {
  if (!isFirstNavigation) return;
  isFirstNavigation = false;
  const response = fetch(`/api/challenges/${encodeURIComponent(id)}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).catch(() => null);
  started = { id, response };
}

/** The read started for `id`, once. */
export function takeChallengeRead(id: string): Promise<Response | null> | undefined {
  const read = started?.id === id ? started.response : undefined;
  started = undefined;
  return read;
}
