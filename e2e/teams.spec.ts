import { E2E_ADMIN, TEAMS_BASE_URL } from '../playwright.config';

import { expect, registerNewPlayer, test } from './fixtures';

// docs/product.md#teams. On the team-mode instance (playwright.config.ts): team mode is switched on before anyone solves.
test.use({ baseURL: TEAMS_BASE_URL });

test('Two players form a team with the invite link; one opens a hint for both, one solves, the other sees the team’s score and its line on the graph', async ({
  page,
  browser,
}) => {
  const signIn = await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signIn.status()).toBe(200);
  const on = await page.request.patch('/api/admin/settings', { data: { teams: { enabled: true, maxSize: 4 } } });
  expect(on.status(), await on.text()).toBe(200);
  // A challenge of this journey's own, with a flag it knows.
  const challengeId = `team-journey-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/challenges', {
    data: {
      id: challengeId,
      title: { en: 'Shared flag', fr: 'Drapeau partagé' },
      description: { en: 'Solved once for the team.', fr: 'Résolu une fois pour l’équipe.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 120 },
      hints: [{ content: { en: 'Ask your team.', fr: 'Demandez à votre équipe.' }, cost: 20 }],
      flags: [{ kind: 'static', matcher: 'exact', content: 'CTF{team_journey}' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const captainContext = await browser.newContext({ baseURL: TEAMS_BASE_URL });
  const joinerContext = await browser.newContext({ baseURL: TEAMS_BASE_URL });
  try {
    const captain = await captainContext.newPage();
    const joiner = await joinerContext.newPage();
    const { account: captainAccount } = await registerNewPlayer(captain);
    const { account: joinerAccount } = await registerNewPlayer(joiner);

    // In no team, a flag is refused with a clear reason.
    await joiner.goto('/challenge/dom-manipulation');
    const flagInput = joiner.getByPlaceholder('CTF{...}');
    await flagInput.fill('CTF{not_yet}');
    await flagInput.press('Enter');
    await expect(
      joiner.getByText('Create or join a team first: in team mode, flags, files, labs and hints are your team’s.').first(),
    ).toBeVisible();

    const teamName = `Drapeaux ${Date.now().toString(36)}`;
    await captain.goto('/challenges');
    await captain.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team' }).click();
    await captain.getByLabel('Team name').fill(teamName);
    await captain.getByRole('button', { name: 'Create the team' }).click();
    await expect(captain.getByTestId('team-name')).toHaveText(teamName);
    const link = await captain.getByLabel('Invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${TEAMS_BASE_URL}/team\\?code=[A-Za-z0-9_-]{22}$`));

    await joiner.goto(link);
    await joiner.getByRole('button', { name: 'Join' }).click();
    await expect(joiner.getByTestId('team-name')).toHaveText(teamName);
    const members = joiner.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(members.getByRole('listitem').filter({ hasText: captainAccount.username })).toContainText('Captain');
    await expect(joiner.getByRole('button', { name: 'New code' })).toHaveCount(0);

    await captain.reload();
    await expect(
      captain.getByRole('list', { name: 'Members' }).getByRole('link', { name: joinerAccount.username }),
    ).toBeVisible();

    // A hint the joiner unlocks is the team's (docs/decisions/016-teams.md): the captain reads it without paying again.
    await joiner.goto(`/challenge/${challengeId}`);
    await joiner.getByRole('button', { name: /Unlock the hint/ }).click();
    await joiner.getByRole('button', { name: 'Unlock for 20 pts' }).click();
    await expect(joiner.getByText('Ask your team.')).toBeVisible();
    await captain.goto(`/challenge/${challengeId}`);
    await expect(captain.getByText('Ask your team.')).toBeVisible();
    await expect(captain.getByRole('button', { name: /Unlock the hint/ })).toHaveCount(0);

    // The captain solves; the solve is the team's: the joiner sees the challenge solved and the team's score, the hint's
    // cost taken once.
    await captain.goto(`/challenge/${challengeId}`);
    const captainFlag = captain.getByPlaceholder('CTF{...}');
    await captainFlag.fill('CTF{team_journey}');
    await captainFlag.press('Enter');
    await expect(captain.getByText('Correct flag! Points awarded.').first()).toBeVisible();

    await joiner.goto(`/challenge/${challengeId}`);
    await expect(joiner.getByText('Challenge solved').first()).toBeVisible();
    await joiner.goto('/team');
    await expect(joiner.getByTestId('team-score')).toHaveText('Team score: 100 points (1 challenge solved)');
    await expect(
      joiner.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: captainAccount.username }),
    ).toContainText('100 points, 1 solve');

    // The standings are the team's: first blood names the team, and the score graph draws the team's line.
    await joiner.goto(`/challenge/${challengeId}`);
    await expect(joiner.getByTestId('first-blood').first()).toHaveText(`First blood: ${teamName} (${captainAccount.username})`);
    await joiner.goto('/leaderboard');
    const graph = joiner.getByRole('figure', { name: /^Top (team|\d+ teams) over time$/ });
    await expect(
      graph.getByRole('list', { name: 'Teams on the graph' }).getByRole('listitem').filter({ hasText: teamName }),
    ).toContainText('100');
    await joiner.getByRole('link', { name: teamName, exact: true }).first().click();
    await expect(joiner).toHaveURL(/\/team\/[^/?]+$/);

    // The admin finds the team in the admin panel's Teams tab and adjusts its score, with a reason
    // (docs/product.md#team-management): the members see the new team score.
    await page.goto('/admin?tab=teams');
    await page.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
    const row = page.getByRole('listitem', { name: teamName });
    await expect(row).toContainText('2 members');
    await row.getByRole('button', { name: 'Adjust score' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust the score of ${teamName}` });
    await dialog.getByLabel('Adjustment (points)').fill('5');
    await dialog.getByLabel('Reason').fill('Write-up of the week');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('105 pts');
    await joiner.goto('/team');
    await expect(joiner.getByTestId('team-score')).toHaveText('Team score: 105 points (1 challenge solved)');
  } finally {
    await captainContext.close();
    await joinerContext.close();
  }
});
