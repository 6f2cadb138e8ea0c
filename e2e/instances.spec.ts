import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

/**
 * Challenge instances on the real local engine (docs/product.md "Challenge instances"): the built-in pack's services
 * (docs/operations.md "The built-in pack's services"), declared by the pack and built by the server. Only under
 * scripts/test-instances.sh, which starts the engine's service, sets the host rule that isolates instances, and gives
 * the app INSTANCES_ENGINE_SOCKET (playwright.config.ts); skipped elsewhere, saying why.
 */
const skipReason =
  process.env.DRAPEAU_INSTANCE_TESTS !== '1' || !process.env.INSTANCES_ENGINE_SOCKET
    ? 'run by scripts/test-instances.sh (npm run test:instances), which starts the engine and sets the host rule'
    : undefined;
if (skipReason) console.log(`instance journeys skipped: ${skipReason}`);
test.skip(skipReason !== undefined, skipReason);
/** Where the player's instance panel is photographed, when asked (SHOTS_DIR). */
const shotsDir = process.env.SHOTS_DIR;

/**
 * The pack's service, declared by its challenge.yml and built by the server from its folder when the pack was loaded:
 * no admin step, only the wait for the build (cached by the folder's content after the first run).
 */
async function awaitPackService(page: Page, challengeId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/admin/challenges/${challengeId}/service`);
        const { build } = (await response.json()) as { build: { status: string; log: string } | null };
        if (build?.status === 'failed') throw new Error(`the pack's service failed to build:\n${build.log}`);
        return build?.status;
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe('built');
}

/** Starts the player's instance from the panel and returns the line it shows. */
async function startInstance(page: Page, challengeId: string): Promise<string> {
  await page.goto(`/challenge/${challengeId}`);
  const panel = page.getByTestId('instance-panel');
  await panel.getByRole('button', { name: 'Start' }).click();
  const line = panel.getByTestId('connection-address');
  await expect(line).toBeVisible();
  return (await line.textContent()) ?? '';
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const language of ['en', 'fr']) {
    await page.evaluate((l) => window.localStorage.setItem('language', l), language);
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      const panel = page.getByTestId('instance-panel');
      await expect(panel.getByTestId('connection-address')).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, `${name}-${language}-${width}x${height}.png`) });
    }
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
  await expect(page.getByTestId('instance-panel').getByTestId('connection-address')).toBeVisible();
}

/** Tries again while the service starts listening (the engine reports it running a moment before). */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Says `line` to a TCP service once it has greeted, and reads its answer. */
const talk = (host: string, port: number, line: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host, port, timeout: 10_000 });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.endsWith(':\n')) socket.write(`${line}\n`);
    });
    socket.on('timeout', () => socket.destroy(new Error('no answer')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });

async function submitFlag(page: Page, flag: string): Promise<void> {
  const input = page.getByPlaceholder('CTF{...}');
  await input.fill(flag);
  await input.press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
}

/** Back on the challenge's page (a correct flag leads to the list), the player stops their instance. */
async function stopInstance(page: Page, challengeId: string): Promise<void> {
  await page.goto(`/challenge/${challengeId}`);
  const panel = page.getByTestId('instance-panel');
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(panel.getByRole('button', { name: 'Start' })).toBeVisible();
}

test('A player starts the SQL injection service, logs in as admin with an injection, submits the flag and stops it', async ({
  page,
  login,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await awaitPackService(page, 'sql-injection-extraction');
  await page.context().clearCookies();
  await login();

  const url = await startInstance(page, 'sql-injection-extraction');
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  const refused = await eventually(() =>
    fetch(`${url}login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'x' }) }),
  );
  expect(refused.status).toBe(401);
  const injected = await fetch(`${url}login`, {
    method: 'POST',
    body: new URLSearchParams({ username: "admin' --", password: 'x' }),
  });
  const flag = /<code id="secret">([^<]+)<\/code>/.exec(await injected.text())?.[1];
  expect(flag).toMatch(/^CTF\{/);
  await photograph(page, 'instance-panel-sql-injection');

  await submitFlag(page, flag!);
  await stopInstance(page, 'sql-injection-extraction');
  // Stopped for real: its port answers no more.
  await expect(fetch(url)).rejects.toThrow();
});

test('A player starts the format string service, reads the flag over TCP with %N$s, submits it and stops it', async ({
  page,
  login,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await awaitPackService(page, 'format-string');
  await page.context().clearCookies();
  await login();

  const line = await startInstance(page, 'format-string');
  // The address of a TCP service: `host port` (the panel's next line is the matching `nc host port`).
  const [, host, port] = /^(\S+) (\d+)$/.exec(line) ?? [];
  expect(host).toBe('127.0.0.1');
  expect(await eventually(() => talk(host!, Number(port), 'hello'))).toContain('hello');
  let flag: string | undefined;
  for (let n = 6; n <= 40 && !flag; n++) flag = /CTF\{[^}\s]+\}/.exec(await talk(host!, Number(port), `%${n}$s`))?.[0];
  expect(flag).toBeDefined();
  await photograph(page, 'instance-panel-format-string');

  await submitFlag(page, flag!);
  await stopInstance(page, 'format-string');
});
