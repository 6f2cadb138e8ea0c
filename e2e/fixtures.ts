import { test as base, expect, type Page } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;
export function newAccount(): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `e2e_${tag}`, email: `e2e_${tag}@example.com`, password: 'e2e-password-1' };
}

/** Registers a new player in the page's browser context, through the API; their account and id. */
export async function registerNewPlayer(page: Page): Promise<{ account: Account; uid: string }> {
  const account = newAccount();
  const response = await page.request.post('/api/auth/register', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return { account, uid: ((await response.json()) as { user: { uid: string } }).user.uid };
}

/** Signs the page's browser context in through the API (the UI journeys test the forms themselves). */
async function signIn(page: Page, path: 'register' | 'login', body: object): Promise<void> {
  const response = await page.request.post(`/api/auth/${path}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

export const test = base.extend<{
  login: (account?: Account) => Promise<Account>;
  loginAsAdmin: () => Promise<void>;
}>({
  login: async ({ page }, use) => {
    await use(async (account) => {
      const a = account ?? newAccount();
      await signIn(page, 'register', a);
      return a;
    });
  },
  loginAsAdmin: async ({ page }, use) => {
    await use(async () => {
      await signIn(page, 'login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    });
  },
});

export { expect };

/**
 * Resolves once `page`'s live stream is open. The stream opens when the page's live-updates code has loaded, which can
 * be after the page's data arrived; the server registers a stream before it answers 200, so a change made after this
 * resolves is seen live. Call it before the navigation that opens the stream.
 */
export function liveStreamOpened(page: Page) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
}
