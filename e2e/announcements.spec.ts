import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test, liveStreamOpened } from './fixtures';

test('An announcement reaches a player’s open page at once: a toast, the unread count, then the text', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const playerContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const player = await playerContext.newPage();
    const signedIn = await admin.request.post('/api/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signedIn.status()).toBe(200);
    expect((await player.request.post('/api/auth/register', { data: newAccount() })).status()).toBe(200);

    // The announcement is published only once the player's live stream is open.
    const streamOpen = liveStreamOpened(player);
    await player.goto('/challenges');
    const bell = player.getByRole('button', { name: /^Announcements/ });
    await expect(bell).toBeVisible();
    await streamOpen;
    // A new account finds earlier announcements unread (a retry's, for one): the count is read, not assumed.
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);
    const unreadAfter = `Announcements, ${unreadBefore + 1} unread`;

    const title = `Room change ${Date.now().toString(36)}`;
    await admin.goto('/admin/event/announcements');
    await admin.getByLabel('Title').first().fill(title);
    await admin.getByLabel('Text (Markdown)').first().fill('The final round is in **room B12**.');
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText('Announcement published').first()).toBeVisible();

    // The player's page, left open, hears it through the live stream: no reload.
    await expect(player.getByText(`New announcement: ${title}`).first()).toBeVisible();
    await expect(player.getByRole('button', { name: unreadAfter })).toBeVisible();
    await player.getByRole('button', { name: unreadAfter }).click();
    const list = player.getByRole('dialog', { name: 'Announcements' });
    await expect(list.getByText(title)).toBeVisible();
    await expect(list.getByText('room B12')).toBeVisible();
  } finally {
    await adminContext.close();
    await playerContext.close();
  }
});
