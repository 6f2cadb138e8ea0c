import { expect, liveStreamOpened, registerNewPlayer, test } from './fixtures';

const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };
const MINUTE = 60_000;
const FLAG = 'CTF{e2e_freeze_journey}';

// docs/product.md#freeze. The journeys share one server: the event goes back to training mode whatever happens.
test('During a freeze a player’s leaderboard stays still while another player solves, then moves live at the unfreeze', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  // A challenge of its own: the journeys share one server, and a challenge another journey solved has its first blood.
  const id = `freeze-journey-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/challenges', {
    data: {
      id,
      title: { en: 'Freeze journey', fr: 'Parcours gel' },
      description: { en: 'The flag is given to testers.', fr: 'Le flag est donné aux testeurs.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 25 },
      hints: [],
      flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const now = Date.now();
  const event = {
    mode: 'event',
    startsAt: new Date(now - 60 * MINUTE).toISOString(),
    endsAt: new Date(now + 120 * MINUTE).toISOString(),
    freezeAt: new Date(now - MINUTE).toISOString(),
    allowPracticeAfterEnd: false,
  };
  const watcherContext = await browser.newContext();
  const solverContext = await browser.newContext();
  try {
    const saved = await page.request.patch('/api/admin/settings', { data: { event } });
    expect(saved.status(), await saved.text()).toBe(200);

    const watcher = await watcherContext.newPage();
    const solver = await solverContext.newPage();
    await registerNewPlayer(watcher);
    const { account: solverAccount, uid: solverId } = await registerNewPlayer(solver);

    const streamOpen = liveStreamOpened(watcher);
    await watcher.goto(`/leaderboard?search=${solverAccount.username}`);
    await expect(watcher.getByRole('status').filter({ hasText: 'The scoreboard is frozen since' })).toBeVisible();
    const row = watcher.getByTestId(`leaderboard-row-${solverId}`);
    await expect(row).toBeVisible();
    await streamOpen;

    // The solver solves after the freeze: they see it, marked; the watcher does not.
    const submit = await solver.request.post(`/api/challenges/${id}/submit`, { data: { flag: FLAG } });
    expect(((await submit.json()) as { status: string }).status).toBe('correct');
    await solver.goto(`/challenge/${id}`);
    await expect(solver.getByText('Solved after the freeze')).toBeVisible();
    // Nobody solved it before the freeze: players see no first blood on it yet, not even its solver.
    await expect(solver.getByTestId('first-blood')).toHaveCount(0);

    // What the watcher's page asks now is still the frozen standings: a fresh read shows no points either.
    const frozen = await watcher.request.get(`/api/leaderboard?search=${solverAccount.username}`);
    expect(((await frozen.json()) as { entries: { score: number }[] }).entries[0]?.score).toBe(0);
    // The row reads rank name, score, solve count: "Beginner", 0, 0.
    await expect(row).toContainText(/Beginner00$/);

    // The admin sees the live standings and can switch to the players' view.
    await page.goto(`/leaderboard?search=${solverAccount.username}`);
    await expect(page.getByTestId(`leaderboard-row-${solverId}`)).toContainText(/Beginner251$/);
    await page.getByRole('button', { name: 'Show what players see' }).click();
    await expect(page.getByTestId(`leaderboard-row-${solverId}`)).toContainText(/Beginner00$/);

    // Unfreezing reveals it at once on the watcher's open page.
    await page.goto('/admin?tab=event');
    await page.getByRole('button', { name: 'Unfreeze now' }).click();
    await expect(page.getByText('Unfrozen: players now see every score and solve.', { exact: true })).toBeVisible();
    await expect(row).toContainText(/Beginner251$/);
    await expect(watcher.getByText('The scoreboard is frozen since')).toHaveCount(0);

    // The first blood is now shown on the challenge (card and detail), and the freeze's mark is gone.
    await watcher.goto('/challenges');
    await expect(watcher.getByRole('link', { name: /Freeze journey/ }).getByTestId('first-blood')).toContainText('First blood:');
    await solver.goto(`/challenge/${id}`);
    await expect(solver.getByTestId('first-blood')).toContainText('First blood:');
    await expect(solver.getByText('Solved after the freeze')).toHaveCount(0);
  } finally {
    await watcherContext.close();
    await solverContext.close();
    const reset = await page.request.patch('/api/admin/settings', { data: { event: TRAINING } });
    expect(reset.status(), await reset.text()).toBe(200);
  }
});
