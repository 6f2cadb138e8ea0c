#!/usr/bin/env node
// Lighthouse on a phone profile (Lighthouse's default: a mid-range phone, throttled network and CPU) for the landing
// page and the signed-in player pages, as recorded in docs/performance.md ("Lighthouse"). Not a CI test: the figures
// depend on the machine and its load, printed beside them.
//
//   node scripts/lighthouse.mjs [base URL]        (default http://localhost:3000, a running `npm start`)
//
// It signs in with LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD (default: the ADMIN_* of the environment) through the API and
// hands the session cookie to Lighthouse. Chromium: CHROMIUM_PATH or /usr/bin/chromium. Lighthouse: LIGHTHOUSE_BIN, or
// `npx lighthouse@12.8.2` (from the npm registry; not a dependency of the project). LIGHTHOUSE_REPORTS=<dir> keeps each page's
// JSON report there (the requests, the main thread's work, the largest paint's element: docs/performance.md "Lighthouse");
// LIGHTHOUSE_PAGES=<comma-separated names> measures only those pages (`challenge list,profile`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const email = process.env.LIGHTHOUSE_EMAIL ?? process.env.ADMIN_EMAIL;
const password = process.env.LIGHTHOUSE_PASSWORD ?? process.env.ADMIN_PASSWORD;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN] : ['npx', '--yes', 'lighthouse@12.8.2'];

const ALL_PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'challenge list', path: '/challenges', signedIn: true },
  { name: 'challenge detail', path: '/challenge/caesar-cipher', signedIn: true },
  { name: 'leaderboard', path: '/leaderboard', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
];
const only = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',').map((name) => name.trim()) : null;
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.name)) : ALL_PAGES;
const keptReports = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function sessionCookie() {
  if (!email || !password) throw new Error('Set LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD (or ADMIN_EMAIL and ADMIN_PASSWORD).');
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const cookie = await sessionCookie();
const dir = keptReports ?? mkdtempSync(path.join(tmpdir(), 'drapeau-lighthouse-'));
if (keptReports) mkdirSync(keptReports, { recursive: true });
const rows = [];
try {
  for (const page of PAGES) {
    const output = path.join(dir, `${page.name.replace(/\W+/g, '-')}.json`);
    const args = [
      `${base}${page.path}`,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-background-networking --disable-component-update --no-first-run',
      // The disclaimer banner stays (a first visit sees it); the session is the only thing set.
      ...(page.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ];
    // One more try when Lighthouse stops on its own error (a browser slow to start on a loaded machine).
    for (let attempt = 1; ; attempt += 1) {
      try {
        execFileSync(lighthouse[0], [...lighthouse.slice(1), ...args], {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...process.env, CHROME_PATH: chrome },
        });
        break;
      } catch (error) {
        if (attempt === 2) throw error;
      }
    }
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const scores = CATEGORIES.map((key) => Math.round((report.categories[key]?.score ?? 0) * 100));
    const failing = Object.values(report.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    rows.push({ page: page.name, scores, failing });
    console.log(`${page.name}: ${scores.join(' / ')}${failing.length ? `  (failing: ${failing.join(', ')})` : ''}`);
  }
} finally {
  if (!keptReports) rmSync(dir, { recursive: true, force: true });
}
console.log(`\n| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|`);
for (const { page, scores } of rows) console.log(`| ${page} | ${scores.join(' | ')} |`);
console.log(
  `\n${new Date().toISOString()}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
