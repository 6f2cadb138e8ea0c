import { expect, registerNewPlayer, test } from './fixtures';

/**
 * docs/performance.md "Lighthouse": a signed-in page's first reads are announced with its HTML (a `Link` header), and
 * the page then takes those answers instead of asking again; the live stream asks for what came after them instead of
 * making the page read everything again. Each address is thus read once per visit, and no preload goes unused.
 */
const PAGES: { path: string; reads: string[] }[] = [
  { path: '/challenge/caesar-cipher', reads: ['/api/challenges/caesar-cipher', '/api/categories'] },
  { path: '/challenges', reads: ['/api/challenges', '/api/categories'] },
  { path: '/leaderboard', reads: ['/api/leaderboard?page=1', '/api/leaderboard/graph'] },
];
const EVERY_PAGE = ['/api/auth/session', '/api/event', '/api/teams/mine', '/api/announcements'];

test('A signed-in page reads each of its addresses once: the answers announced with its HTML are the ones it uses', async ({
  page,
}) => {
  await registerNewPlayer(page);
  // The registration's live events are within the clocks' margin of the first page's `since` (a second): replayed, they
  // would rightly make it read the session again. Past it, only the page's own reads remain.
  await page.waitForTimeout(1_500);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  // Every API request, by the page it was made on (up to the next page, so that a late read again counts too).
  const asked = new Map<string, string[]>();
  let current = '';
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.get(current)?.push(url.pathname + url.search);
  });
  // A live event (another player registering, an event's phase changing) rightly makes a page read again what it says
  // changed: each message the page's stream receives allows one more read, so that only reads nothing asked for fail.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const liveMessages = new Map<string, string[]>();
  cdp.on('Network.eventSourceMessageReceived', ({ eventName, data }) => {
    liveMessages.get(current)?.push(`${eventName} ${data.slice(0, 120)}`);
  });
  for (const { path, reads } of PAGES) {
    current = path;
    asked.set(path, []);
    liveMessages.set(path, []);
    const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    const document = await page.goto(path);
    const links = (await document!.allHeaders())['link'] ?? '';
    for (const read of [...EVERY_PAGE, ...reads]) expect(links, path).toContain(`<${read}>; rel=preload; as=fetch`);
    const stream = await streamOpened;
    // The stream asked for the events since the page's reads started.
    expect(new URL(stream.url()).searchParams.get('since'), path).toMatch(/^\d+$/);
    await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Chromium warns of a preload the page did not use within a few seconds of its load.
  await page.waitForTimeout(3_500);
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
  for (const { path, reads } of PAGES) {
    const messages = liveMessages.get(path)!;
    for (const read of [...EVERY_PAGE, ...reads]) {
      const count = asked.get(path)!.filter((address) => address === read).length;
      expect(count, `${path}: ${read}`).toBeGreaterThanOrEqual(1);
      expect(count, `${path}: ${read}, read again after the live messages ${JSON.stringify(messages)}`).toBeLessThanOrEqual(
        1 + messages.length,
      );
    }
  }
});

test('The modules the first script imports are asked for with the HTML, not once that script has come', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const initiators = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) initiators.set(url.pathname, initiator.type);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const firstLoad = [...initiators.keys()].filter((file) => /\/first-load-[\w-]+\.js$/.test(file));
  expect(firstLoad).toHaveLength(1);
  // "parser": a <link rel=modulepreload> of index.html; "script" would be the import met in the entry script.
  expect(initiators.get(firstLoad[0]!)).toBe('parser');
});
