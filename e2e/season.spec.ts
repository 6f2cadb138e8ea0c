import type { Browser } from '@playwright/test';

import { expect, registerNewPlayer, test } from './fixtures';

const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };
const MINUTE = 60_000;
const FLAG = 'CTF{e2e_season_journey}';
/** Set to a folder to save the screens of this journey (EN and FR, desktop and phone). */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** The local time a datetime-local field takes, to the minute. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function saveScreens(browser: Browser, storageState: string, paths: Record<string, string>) {
  if (!SHOTS_DIR) return;
  for (const language of ['en', 'fr'])
    for (const [size, viewport] of [
      ['1366x768', { width: 1366, height: 768 }],
      ['390x844', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ storageState, viewport });
      await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
      const page = await context.newPage();
      for (const [name, path] of Object.entries(paths)) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${size}.png`, fullPage: true });
      }
      await context.close();
    }
}

// docs/product.md#events. The journeys share one server: the event goes back to training mode whatever happens.
test('An organiser names an event; players solve before and during it; the freeze holds; its final standings stay listed after the end', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  const tag = Date.now().toString(36);
  const challenge = (id: string) => ({
    id,
    title: { en: `Season journey ${id}`, fr: `Parcours saison ${id}` },
    description: { en: 'The flag is given to testers.', fr: 'Le flag est donné aux testeurs.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 40 },
    hints: [],
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  });
  const [early, during] = [`season-early-${tag}`, `season-during-${tag}`];
  for (const id of [early, during]) {
    const created = await page.request.post('/api/admin/challenges', { data: challenge(id) });
    expect(created.status(), await created.text()).toBe(201);
  }
  const name = { en: `Spring cup ${tag}`, fr: `Coupe de printemps ${tag}` };
  const contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  try {
    const [veteran, player, late] = await Promise.all(contexts.map((context) => context.newPage()));
    await registerNewPlayer(veteran!);
    const { account: playerAccount } = await registerNewPlayer(player!);
    const { account: lateAccount } = await registerNewPlayer(late!);
    const solve = async (who: typeof page, id: string) => {
      const answer = await who.request.post(`/api/challenges/${id}/submit`, { data: { flag: FLAG } });
      expect(((await answer.json()) as { status: string }).status).toBe('correct');
    };

    // In training, before the event: the veteran solves.
    await solve(veteran!, early);

    // The organiser names and schedules the event in the admin panel: from this minute, for an hour.
    const now = new Date();
    await page.goto('/admin/event/event');
    await page.getByRole('radio', { name: /Timed event/ }).check();
    await page.getByLabel('Name (English)').fill(name.en);
    await page.getByLabel('Name (French, optional)').fill(name.fr);
    await page.getByLabel('Start', { exact: true }).fill(localInput(now));
    await page.getByLabel('End', { exact: true }).fill(localInput(new Date(now.getTime() + 60 * MINUTE)));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event settings saved', { exact: true })).toBeVisible();
    await expect
      .poll(async () => ((await (await player!.request.get('/api/event')).json()) as { phase: string }).phase)
      .toBe('running');
    const event = (await (await page.request.get('/api/event')).json()) as { startsAt: string; endsAt: string };
    expect(event).toMatchObject({ name });

    // During the event: the player solves; then the organiser freezes the board and a late player solves.
    await solve(player!, during);
    const freezeAt = new Date();
    const frozen = { mode: 'event', name, startsAt: event.startsAt, endsAt: event.endsAt, allowPracticeAfterEnd: false };
    const saved = await page.request.patch('/api/admin/settings', {
      data: { event: { ...frozen, freezeAt: freezeAt.toISOString() } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await solve(late!, during);
    const scoreSeenBy = async (viewer: typeof page, username: string) => {
      const board = await viewer.request.get(`/api/leaderboard?search=${username}`);
      return ((await board.json()) as { entries: { score: number }[] }).entries[0]?.score;
    };
    // The freeze holds for players: the late solve does not show; the admin sees it.
    expect(await scoreSeenBy(player!, lateAccount.username)).toBe(0);
    expect(await scoreSeenBy(page, lateAccount.username)).toBe(40);

    // The organiser ends the event a few seconds from now; the player waits for it on the past events page.
    const endsAt = new Date(Date.now() + 3000).toISOString();
    const ending = await page.request.patch('/api/admin/settings', {
      data: { event: { ...frozen, freezeAt: freezeAt.toISOString(), endsAt } },
    });
    expect(ending.status(), await ending.text()).toBe(200);
    await expect
      .poll(async () => ((await (await player!.request.get('/api/event')).json()) as { phase: string }).phase)
      .toBe('ended');
    await player!.goto('/leaderboard');
    await player!.getByRole('link', { name: 'Past events and their final standings' }).click();
    await expect(player!).toHaveURL(/\/events$/);
    await player!.getByRole('link', { name: name.en }).click();
    const standings = player!.getByRole('table', { name: 'Final standings' });
    await expect(standings).toContainText(playerAccount.username);
    await expect(standings).toContainText(lateAccount.username);
    await expect(player!.getByText(/^You finished at rank \d+ with \d+ points?\.$/)).toBeVisible();
    const seasonUrl = player!.url();

    // Back to training: the final standings stay listed, as they were.
    const back = await page.request.patch('/api/admin/settings', { data: { event: TRAINING } });
    expect(back.status(), await back.text()).toBe(200);
    await player!.goto(seasonUrl);
    await expect(player!.getByRole('table', { name: 'Final standings' })).toContainText(lateAccount.username);
    await page.goto('/admin/event/seasons');
    await expect(page.getByRole('link', { name: name.en })).toBeVisible();

    const state = `${test.info().outputDir}/admin-state.json`;
    await page.context().storageState({ path: state });
    const seasonPath = new URL(seasonUrl).pathname;
    await saveScreens(browser, state, {
      events: '/events',
      'event-standings': seasonPath,
      'admin-past-events': '/admin/event/seasons',
      'admin-event': '/admin/event/event',
    });
    const playerState = `${test.info().outputDir}/player-state.json`;
    await player!.context().storageState({ path: playerState });
    await saveScreens(browser, playerState, { 'event-standings-player': seasonPath });
  } finally {
    await page.request.patch('/api/admin/settings', { data: { event: TRAINING } });
    await Promise.all(contexts.map((context) => context.close()));
  }
});
