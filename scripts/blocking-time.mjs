#!/usr/bin/env node
// The main thread's blocking time of a page's load in Chromium with its CPU slowed four times, as Lighthouse's phone
// profile slows it, for two or more running servers in turn (docs/performance.md "Lighthouse"): the sum, over the long
// tasks after the first paint, of what each lasts beyond 50 ms. Measured, not simulated: it tells two builds apart in
// the same minutes where Lighthouse's score moves with the machine. Not a CI test.
//
//   node scripts/blocking-time.mjs <path> <loads> <base URL> [<base URL> ...]
//
// Signs in on each server with BLOCKING_EMAIL / BLOCKING_PASSWORD when set (a signed-in page), and prints, per server,
// the median blocking time, first paint and largest paint over the loads. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { chromium } from '@playwright/test';

const [path, loads, ...bases] = process.argv.slice(2);
if (!path || !Number(loads) || bases.length === 0) {
  console.error('usage: node scripts/blocking-time.mjs <path> <loads> <base URL> [<base URL> ...]');
  process.exit(2);
}
const email = process.env.BLOCKING_EMAIL;
const password = process.env.BLOCKING_PASSWORD;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

async function signedInState(base) {
  if (!email || !password) return undefined;
  const context = await browser.newContext({ baseURL: base });
  const response = await context.request.post('/api/auth/login', { data: { email, password }, headers: { origin: base } });
  if (!response.ok()) throw new Error(`${base}: sign-in answered ${response.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One load of `path`: the long tasks, the first paint and the largest paint, from the page's own observers. */
async function measure(base, storageState) {
  const context = await browser.newContext({
    baseURL: base,
    storageState,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const result = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let largest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) largest = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const first = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const blocking = globalThis.__longTasks.reduce(
            (sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, first) - 50),
            0,
          );
          resolve({ blocking, first, largest });
        }, 50);
      }),
  );
  await context.close();
  return result;
}

const states = await Promise.all(bases.map(signedInState));
const results = bases.map(() => []);
for (let load = 0; load < Number(loads); load += 1) {
  for (const [index, base] of bases.entries()) results[index].push(await measure(base, states[index]));
}
await browser.close();

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [index, base] of bases.entries()) {
  const runs = results[index];
  const of = (key) => Math.round(median(runs.map((run) => run[key])));
  console.log(
    `${base}${path}: blocking ${of('blocking')} ms (loads: ${runs.map((run) => Math.round(run.blocking)).join(', ')}),` +
      ` first paint ${of('first')} ms, largest paint ${of('largest')} ms`,
  );
}
