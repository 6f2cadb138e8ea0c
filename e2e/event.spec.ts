import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

/** axe-core finds no violation on the page as it is (docs/product.md#routes: every page is accessible). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };

// docs/product.md#events. The journeys share one server: the event goes back to training mode whatever happens.
test('An admin sets an event that starts later: players see a countdown and no challenge', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  const year = new Date().getFullYear() + 1;
  await loginAsAdmin();
  try {
    await page.goto('/admin?tab=event');
    await expect(page.getByTestId('event-server-clock')).toBeVisible();
    await page.getByRole('radio', { name: /Timed event/ }).check();
    await page.getByLabel('Start', { exact: true }).fill(`${year}-06-01T10:00`);
    await page.getByLabel('End', { exact: true }).fill(`${year}-06-01T18:00`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event settings saved', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // A player, in a browser of their own.
    const context = await browser.newContext();
    try {
      const player = await context.newPage();
      const account = {
        username: `e2e_ev_${Date.now().toString(36)}`,
        email: `e2e_ev_${Date.now()}@example.com`,
        password: 'e2e-password-1',
      };
      expect((await player.request.post('/api/auth/register', { data: account })).status()).toBe(200);
      await player.goto('/challenges');
      await expect(player.getByRole('heading', { name: 'The event has not started yet' })).toBeVisible();
      await expect(player.getByRole('timer', { name: 'Time left before the start' })).toContainText(/\d+ days \d\d:\d\d:\d\d/);
      await expect(player.getByTestId('event-status').first()).toContainText('Starts in');
      await expectAccessible(player);
      await expect(player.getByRole('heading', { name: 'Challenges', level: 1 })).toHaveCount(0);
      await expect(player.getByRole('link', { name: /Caesar Cipher/ })).toHaveCount(0);
      // The API refuses them too.
      const list = await player.request.get('/api/challenges');
      expect(list.status()).toBe(403);
      expect((await list.json()).error.code).toBe('EVENT_NOT_STARTED');
      await player.goto('/challenge/caesar-cipher');
      await expect(player.getByRole('timer', { name: 'Time left before the start' })).toBeVisible();

      // A visitor sees it on the landing page.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/');
      await expect(visitor.getByTestId('landing-event-banner')).toContainText('Starts in');
      await expectAccessible(visitor);
      await visitorContext.close();
    } finally {
      await context.close();
    }

    // Admins still see every challenge.
    await page.goto('/challenges');
    await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
  } finally {
    const reset = await page.request.patch('/api/admin/settings', { data: { event: TRAINING } });
    expect(reset.status(), await reset.text()).toBe(200);
  }
});
