import { request } from '@playwright/test';

import config, { E2E_ADMIN, SSO_BASE_URL, TEAMS_BASE_URL } from '../playwright.config';

/**
 * Runs once the apps are up (Playwright starts its web servers first). A new deployment gives the built-in pack
 * per-player flags (docs/challenge-authoring.md#per-player-flags); the journeys were written for the deployment-wide
 * ones (the admin's flag list, a lab's flag shown to anyone), so each app's admin turns them off, as an organiser may.
 * @public (Playwright loads it by its path: playwright.config.ts `globalSetup`)
 */
export default async function globalSetup(): Promise<void> {
  for (const baseURL of [String(config.use?.baseURL), SSO_BASE_URL, TEAMS_BASE_URL]) {
    const context = await request.newContext({ baseURL });
    try {
      const login = await context.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
      if (login.status() !== 200) throw new Error(`${baseURL}: admin login answered ${login.status()}`);
      const put = await context.put('/api/admin/settings/per-user-flags', { data: { isBuiltInPackPerUser: false } });
      if (put.status() !== 200) throw new Error(`${baseURL}: per-user-flags answered ${put.status()}`);
    } finally {
      await context.dispose();
    }
  }
}
