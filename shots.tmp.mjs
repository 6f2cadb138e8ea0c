// Screenshots of the frame before hydration (scripts off), React's frame (the page's code held back), and the page.
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:4322';
const out = process.argv[3] ?? '/tmp/lh/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const results = [];
for (const [width, height] of [[1366, 768], [390, 844]]) {
  for (const language of ['en', 'fr']) {
    for (const dismissed of [false, true]) {
      const shot = async (name, js, hold) => {
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: js });
        const cookies = [{ name: 'language', value: language, url: base }];
        if (dismissed) cookies.push({ name: 'security-disclaimer-dismissed', value: 'true', url: base });
        await context.addCookies(cookies);
        const login = await context.request.post(`${base}/api/auth/login`, {
          data: { email: 'admin@example.org', password: 'Lighthouse-pass-2026!' },
          headers: { origin: base },
        });
        if (!login.ok()) throw new Error(`login ${login.status()}`);
        const page = await context.newPage();
        let held;
        const heldPromise = new Promise((resolve) => (held = resolve));
        if (hold) await page.route(/\/assets\/challenges-[^/]+\.js$/, () => held()); // never answered
        await page.goto(`${base}/challenges`);
        if (hold) {
          await heldPromise;
          await page.waitForTimeout(1500);
        } else if (js) {
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForTimeout(1000);
        }
        const file = `${out}/${width}x${height}-${language}${dismissed ? '-dismissed' : ''}-${name}.png`;
        const png = await page.screenshot({ path: file, animations: 'disabled' });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        await context.close();
        return { png, file, scrollWidth };
      };
      const before = await shot('before', false, false);
      const react = await shot('react-frame', true, true);
      const after = await shot('after', true, false);
      results.push({
        variant: `${width}x${height} ${language}${dismissed ? ' dismissed' : ''}`,
        sameAsReact: Buffer.compare(before.png, react.png) === 0,
        scrollWidths: [before.scrollWidth, react.scrollWidth, after.scrollWidth],
      });
    }
  }
}
await browser.close();
console.log(JSON.stringify(results, null, 1));
writeFileSync(`${out}/results.json`, JSON.stringify(results, null, 1));
