import { expect, registerNewPlayer, test } from './fixtures';

// docs/decisions/017-page-preview.md: a challenge page's description comes with its HTML, painted before any script
// has run, and the app's first render draws the whole page over it, each part where it was.

const DESCRIPTION = { en: 'An intercepted message was "encrypted"', fr: 'Un message intercepté a été' };

/** What the page showed, recorded in the page before its HTML is read. */
declare global {
  interface Window {
    __paint: {
      largestPaints: { time: number; element: string }[];
      shifts: number;
      /** When the app first changed #root, once the HTML was parsed (its first render). */
      firstRender: number | null;
      /** The description's box at the end of the parse and at each change of #root since. */
      boxes: Set<string>;
      /** What #root's page held when the description was missing from it, if it ever was after the parse. */
      descriptionLost: string | false;
    };
  }
}

function recordPaint() {
  window.__paint = { largestPaints: [], shifts: 0, firstRender: null, boxes: new Set(), descriptionLost: false };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { startTime: number; element: Element | null }[]) {
      const element = entry.element ? `${entry.element.tagName} ${entry.element.textContent?.slice(0, 60)}` : '';
      window.__paint.largestPaints.push({ time: entry.startTime, element });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paint.shifts += (entry as unknown as { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root')!;
    const look = () => {
      const description = root.querySelector('main [data-slot="markdown"]');
      if (!description) {
        window.__paint.descriptionLost ||= root.querySelector('main')?.textContent?.slice(0, 200) || '(an empty page)';
        return;
      }
      const box = description.getBoundingClientRect();
      window.__paint.boxes.add([box.top, box.left, box.width, box.height].map(Math.round).join(','));
    };
    look();
    new MutationObserver(() => {
      window.__paint.firstRender ??= performance.now();
      look();
    }).observe(root, { childList: true, subtree: true });
  });
}

for (const { size, viewport, language } of [
  { size: 'laptop', viewport: { width: 1366, height: 768 }, language: 'en' },
  { size: 'phone', viewport: { width: 390, height: 844 }, language: 'fr' },
] as const) {
  test(`A challenge page shows its description with its HTML, and keeps it in place as the app draws the page (${size}, ${language})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await registerNewPlayer(page);
    // The language the app keeps in a cookie for the server (lib/preference-cookie.ts).
    if (language === 'fr') await page.context().addCookies([{ name: 'language', value: 'fr', url: baseURL! }]);
    await page.addInitScript(recordPaint);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/challenge/caesar-cipher');
    const html = await response!.text();
    // The first paint is in the HTML: the description, the title, the language; no module announced before it.
    expect(html).toContain(DESCRIPTION[language].replaceAll('"', '&quot;'));
    expect(html).toContain(language === 'fr' ? '<html lang="fr"' : '<html lang="en"');
    expect(html).toMatch(/<title>(Caesar Cipher|Chiffre de César) · Drapeau<\/title>/);
    expect(response!.headers()['link']).not.toContain('modulepreload');

    await expect(page.getByRole('textbox', { name: 'Flag' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The header's bar, whose code comes after the page's first render, in the placeholder's place.
    await expect(page.locator('header nav').first()).toBeVisible();
    const paint = await page.evaluate(() => ({ ...window.__paint, boxes: [...window.__paint.boxes] }));
    // The largest paint is the description as the HTML drew it, before the app's first render, never a later one.
    const largest = paint.largestPaints.at(-1);
    expect(largest?.element, JSON.stringify(paint.largestPaints)).toContain(`P ${DESCRIPTION[language]}`);
    expect(paint.firstRender).not.toBeNull();
    expect(largest!.time, JSON.stringify(paint)).toBeLessThan(paint.firstRender!);
    // From the parsed HTML to the whole page: the description never left, never moved, nothing shifted.
    expect(paint.descriptionLost).toBe(false);
    expect(paint.boxes).toHaveLength(1);
    expect(paint.shifts).toBe(0);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('Without script, the challenge page still shows its description; signed out, the HTML holds none', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await registerNewPlayer(page);
    await page.goto('/challenge/caesar-cipher');
    await expect(page.locator('main [data-slot="markdown"]')).toContainText(DESCRIPTION.en);
    await expect(page.getByRole('heading', { level: 1, name: 'Caesar Cipher' })).toBeVisible();

    await context.clearCookies();
    const signedOut = await page.request.get('/challenge/caesar-cipher');
    expect(await signedOut.text()).not.toContain('intercepted message');
  } finally {
    await context.close();
  }
});
