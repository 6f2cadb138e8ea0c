import type { Request } from '@playwright/test';

import { expect, test } from './fixtures';

/** docs/architecture.md#web-app: the landing and login pages load at most 150 KB of gzipped JavaScript. */
const BUDGET_BYTES = 150 * 1024;

const pages = [
  { path: '/', ready: /get started/i },
  { path: '/login', ready: /log ?in/i },
];

for (const { path, ready } of pages) {
  test(`${path} loads at most 150 KB of gzipped JavaScript, translations included`, async ({ page }) => {
    // Bytes, not time: the server's gzip files are the same on every machine.
    await page.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
    const scripts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(path);
    await expect(
      page
        .getByRole('button', { name: ready })
        .or(page.getByRole('link', { name: ready }))
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');

    let total = 0;
    const sizes: string[] = [];
    for (const request of scripts) {
      const response = await request.response();
      expect(response?.headers()['content-encoding'], request.url()).toBe('gzip');
      const { responseBodySize } = await request.sizes();
      total += responseBodySize;
      sizes.push(`${new URL(request.url()).pathname} ${responseBodySize}`);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, `scripts of ${path}:\n${sizes.join('\n')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
