import { expect, test } from './fixtures';

/**
 * The challenge editor's service fields (docs/challenge-authoring.md "A challenge with a service"): what an admin sets
 * is saved and read back after a reload, in English and in French. No container engine is needed: the editor only
 * records the service (starting it is e2e/instances.spec.ts).
 */
test('An admin gives a challenge a service in the editor, saves it, and reads it back after a reload, in English and French', async ({
  page,
  loginAsAdmin,
}, testInfo) => {
  const id = `svc-editor-${Date.now().toString(36)}`;
  await loginAsAdmin();
  const created = await page.request.post('/api/admin/challenges', {
    data: {
      id,
      title: { en: 'Service editor', fr: 'Éditeur de service' },
      description: { en: 'Connect and read.', fr: 'Connectez-vous et lisez.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 50 },
      flags: [{ kind: 'per-user', matcher: 'exact', content: '' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/admin?tab=challenges&edit=${id}`);
  const form = page.getByRole('form', { name: 'Service' });
  await form.getByLabel('Image').fill('registry.example.org/ctf/web-sqli:2');
  await form.getByRole('combobox', { name: 'Protocol' }).click();
  await page.getByRole('option', { name: 'HTTP (a URL)' }).click();
  await form.getByLabel('Port inside the container').fill('8080');
  await form.getByRole('combobox', { name: 'Started' }).click();
  await page.getByRole('option', { name: 'Per team' }).click();
  await form.getByLabel('Lifetime (minutes)').fill('45');
  await form.getByLabel('Memory (MB)').fill('128');
  await form.getByLabel('CPUs').fill('0.25');
  await form.getByRole('switch', { name: 'Players may extend it' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/challenges/${id}/service`) && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save the service' }).click();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(form.getByLabel('Image')).toHaveValue('registry.example.org/ctf/web-sqli:2');
  await expect(form.getByRole('combobox', { name: 'Protocol' })).toHaveText('HTTP (a URL)');
  await expect(form.getByLabel('Port inside the container')).toHaveValue('8080');
  await expect(form.getByRole('combobox', { name: 'Started' })).toHaveText('Per team');
  await expect(form.getByLabel('Lifetime (minutes)')).toHaveValue('45');
  await expect(form.getByLabel('Memory (MB)')).toHaveValue('128');
  await expect(form.getByLabel('CPUs')).toHaveValue('0.25');
  await expect(form.getByRole('switch', { name: 'Players may extend it' })).not.toBeChecked();
  // What the server holds, as an import or the player's panel reads it.
  expect(await (await page.request.get(`/api/admin/challenges/${id}/service`)).json()).toMatchObject({
    service: {
      image: 'registry.example.org/ctf/web-sqli:2',
      protocol: 'http',
      port: 8080,
      scope: 'per-team',
      lifetimeMinutes: 45,
      extendable: false,
      memoryMb: 128,
      cpus: 0.25,
    },
    build: null,
  });

  // In French, on a laptop and a phone: the same values under French labels, and no page scrolls sideways.
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(form.getByLabel('Port dans le conteneur')).toHaveValue('8080');
    await expect(form.getByRole('combobox', { name: 'Protocole' })).toHaveText('HTTP (une URL)');
    await expect(form.getByRole('combobox', { name: 'Démarré' })).toHaveText('Par équipe');
    await expect(form.getByLabel('Durée de vie (minutes)')).toHaveValue('45');
    await expect(form.getByRole('switch', { name: 'Les joueurs peuvent la prolonger' })).not.toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`service-editor-fr-${width}x${height}.png`) });
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
});
