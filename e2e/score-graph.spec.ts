import type { APIRequestContext } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test, liveStreamOpened } from './fixtures';

/** A player who solves the SQL injection challenge (25 points) through its lab, as the page would. */
async function registerAndSolve(request: APIRequestContext): Promise<{ uid: string; username: string }> {
  const account = newAccount();
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status()).toBe(200);
  const uid = ((await registered.json()) as { user: { uid: string } }).user.uid;
  const lab = await request.post('/api/challenges/sql-injection-extraction/lab', {
    data: { action: 'login', input: { username: "' or 1=1 --", password: 'x' } },
  });
  const { output } = (await lab.json()) as { output: { flag: string } };
  const submit = await request.post('/api/challenges/sql-injection-extraction/submit', { data: { flag: output.flag } });
  expect(((await submit.json()) as { status: string }).status).toBe('correct');
  return { uid, username: account.username };
}

test('The leaderboard draws the top players’ scores over time, and the graph follows a change live', async ({
  browser,
  page,
  login,
}) => {
  const adminContext = await browser.newContext();
  const playerContexts = [await browser.newContext(), await browser.newContext()];
  try {
    const admin = adminContext.request;
    expect(
      (await admin.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status(),
    ).toBe(200);
    const [leader, challenger] = [
      await registerAndSolve(playerContexts[0]!.request),
      await registerAndSolve(playerContexts[1]!.request),
    ];
    // Ahead of whoever is on top, whatever ran before (another journey, or this one's first try): both lead.
    const top = (await (await admin.get('/api/leaderboard')).json()) as { entries: { score: number }[] };
    const base = (top.entries[0]?.score ?? 0) + 1_000;
    const [leaderScore, challengerScore, overtakingScore] = [base + 2_000, base + 1_000, base + 3_000];
    const points = (score: number) => new Intl.NumberFormat('en').format(score);
    expect((await admin.patch(`/api/admin/users/${leader.uid}`, { data: { score: leaderScore } })).status()).toBe(200);
    expect((await admin.patch(`/api/admin/users/${challenger.uid}`, { data: { score: challengerScore } })).status()).toBe(200);

    await login();
    const streamOpen = liveStreamOpened(page);
    await page.goto('/leaderboard');
    const figure = page.getByRole('figure', { name: /over time/ });
    await expect(figure).toBeVisible();

    // The legend names the players in leaderboard order, with their scores.
    const legend = figure.getByRole('list', { name: 'Players on the graph' });
    await expect(legend.getByRole('listitem').nth(0)).toContainText(leader.username);
    await expect(legend.getByRole('listitem').nth(0)).toContainText(points(leaderScore));
    await expect(legend.getByRole('listitem').nth(1)).toContainText(challenger.username);

    // The chart is drawn: a canvas with a line per player, and pixels painted in the leader's colour.
    const chart = figure.getByTestId('score-graph-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    const count = Number(await chart.getAttribute('data-series-count'));
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(10);
    await expect
      .poll(() =>
        chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let leaderPixels = 0;
          // #34d399, the first series' colour (antialiased edges aside).
          for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i]! - 0x34) < 8 && Math.abs(data[i + 1]! - 0xd3) < 8 && Math.abs(data[i + 2]! - 0x99) < 8)
              leaderPixels += 1;
          return leaderPixels;
        }),
      )
      .toBeGreaterThan(20);

    // A tooltip gives every score at the pointer's time (at the right end: now, when both players are on the graph).
    await streamOpen;
    // uPlot's plotting area, inside the axes; the pointer at its last pixel, the latest time: a point a little to the left
    // can be before this journey's changes when the journeys before it have drawn a long history.
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await expect(chart.getByText(leader.username)).toBeVisible();

    // For screen readers, the same data as a table.
    await expect(figure.getByRole('table', { name: 'Scores of the top players over time' })).toContainText(leader.username);

    // Live: the challenger takes the lead, and the graph follows without a reload; the tooltip stays open.
    expect((await admin.patch(`/api/admin/users/${challenger.uid}`, { data: { score: overtakingScore } })).status()).toBe(200);
    await expect(legend.getByRole('listitem').nth(0)).toContainText(challenger.username);
    await expect(legend.getByRole('listitem').nth(0)).toContainText(points(overtakingScore));
    await expect(chart.getByText(points(overtakingScore))).toBeVisible();
  } finally {
    await adminContext.close();
    for (const context of playerContexts) await context.close();
  }
});
