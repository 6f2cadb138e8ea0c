import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts run their journeys side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { email: 'admin@e2e.test', username: 'e2eadmin', password: 'e2e-admin-password' };
/**
 * The journeys' SMTP server (e2e/smtp-catcher.ts), on a port fixed by E2E_PORT so that checkouts side by side do not
 * collide. The app sends its account mails there, as in production; the journeys read them from MAIL_DIR.
 */
const SMTP_PORT = PORT + 21_000;
export const MAIL_DIR = '.e2e-mail';
/**
 * Single sign-on journeys (e2e/sso.spec.ts) run against a second instance of the app, configured with the journeys'
 * OpenID Connect provider (e2e/oidc-server.ts), so that the other journeys' sign-in page stays as it is without one.
 * Ports fixed by E2E_PORT, as the SMTP server's.
 */
const OIDC_PORT = PORT + 22_000;
const SSO_APP_PORT = PORT + 23_000;
export const SSO_BASE_URL = `http://localhost:${SSO_APP_PORT}`;
export const SSO_BUTTON_LABEL = 'School account';
/**
 * Team journeys (e2e/teams.spec.ts) run against their own instance: team mode can be switched only before anything is
 * solved (docs/decisions/016-teams.md), and it would change every other journey's game.
 */
const TEAMS_APP_PORT = PORT + 24_000;
export const TEAMS_BASE_URL = `http://localhost:${TEAMS_APP_PORT}`;

/** The app's environment for the journeys: a fresh embedded database in `dataDir`, mails to the journeys' SMTP server. */
function appEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Drapeau <ctf@e2e.test>',
    // Challenge instances, under scripts/test-instances.sh only (e2e/instances.spec.ts): it starts the engine's service
    // and sets the host rule that isolates instances.
    ...(process.env.DRAPEAU_INSTANCE_TESTS === '1' && process.env.INSTANCES_ENGINE_SOCKET
      ? {
          INSTANCES_ENGINE_SOCKET: process.env.INSTANCES_ENGINE_SOCKET,
          INSTANCES_HOST: '127.0.0.1',
          INSTANCES_PUBLISH_ADDRESS: '127.0.0.1',
        }
      : {}),
  };
}

/** The journeys run in Debian's Chromium against the built app served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: './e2e',
  // After the web servers have started: the apps' setting for the journeys (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One at a time: Chromium's rendering alone keeps both cores busy (two workers took 12.7 min in a CI-style run, one
  // 12.1), and several journeys change what every player sees (event times, the freeze, settings).
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous: a journey is a whole story (several browsers, axe runs, imports); it must pass or fail on what it checks,
  // not on a busy machine (load average 8 and more). A bound matters only on a failure.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Started first: the app may send a mail as soon as it is up.
      command: `npx tsx e2e/smtp-catcher.ts ${SMTP_PORT} ${MAIL_DIR}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'rm -rf .e2e-data && node apps/server/dist/main.js',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnvironment(PORT, '.e2e-data'),
    },
    {
      command: `npx tsx e2e/oidc-server.ts ${OIDC_PORT} ${SSO_BASE_URL}/api/auth/sso/callback`,
      port: OIDC_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'rm -rf .e2e-data-sso && node apps/server/dist/main.js',
      url: `${SSO_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // Local sign-up stays on: a local account can then be joined by its verified address.
      env: {
        ...appEnvironment(SSO_APP_PORT, '.e2e-data-sso'),
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_CLIENT_ID: 'drapeau-test',
        OIDC_CLIENT_SECRET: 'drapeau-test-secret-0123456789',
        OIDC_BUTTON_LABEL: SSO_BUTTON_LABEL,
      },
    },
    {
      command: 'rm -rf .e2e-data-teams && node apps/server/dist/main.js',
      url: `${TEAMS_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnvironment(TEAMS_APP_PORT, '.e2e-data-teams'),
    },
  ],
});
