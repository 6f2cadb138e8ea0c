import type { Page } from '@playwright/test';
import yazl from 'yazl';

import { expect, test } from './fixtures';
import { ADMIN_PAGES, openInApp, pageOverflow, SIZES } from './page-walk';

/**
 * Issue #36.9, the organiser's journey: a zip in the layouts real ctfcli repositories use (written here, in the spirit of
 * catalogue-import-layouts.routes.test.ts) imports with its warnings and skipped files shown; hiding a challenge with the
 * list's button keeps its hints and the costs a player paid (docs/challenge-authoring.md); every admin section fits a
 * laptop and a phone with the imported catalogue in it.
 */

const tag = Date.now().toString(36);
const yml = (name: string, rest = '') => `name: "${name}"\ncategory: web-server\nvalue: 100\nflags:\n  - CTF{${tag}}\n${rest}`;
const HINTED = `Organiser Hints ${tag}`;
const HINTED_ID = `organiser-hints-${tag}`;
const KCTF = 'apiVersion: kctf.dev/v1\nkind: Challenge\nmetadata:\n  name: organiser-web\nspec:\n  deployed: true\n';

/** One challenge with hints, a kCTF deployment beside it and one folder down, a plugin's type, and one without a value. */
function fixtureZip(): Promise<Buffer> {
  const files: Record<string, string> = {
    [`hints-${tag}/challenge.yml`]: yml(
      HINTED,
      'files:\n  - ./dist/notes.txt\nhints:\n  - content: "Read the notes twice."\n    cost: 10\n  - "The flag is in the notes."\n',
    ),
    [`hints-${tag}/dist/notes.txt`]: 'Nothing to see here.\n',
    [`hints-${tag}/challenge.yaml`]: KCTF,
    [`hints-${tag}/deploy/challenge.yml`]: KCTF,
    [`plugin-${tag}/challenge.yml`]: yml(`Organiser Plugin ${tag}`, 'type: multiple_choice\n'),
    [`novalue-${tag}/challenge.yml`]: `name: "Organiser No Value ${tag}"\ncategory: web-server\nflags: ["CTF{${tag}}"]\n`,
  };
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name, { mtime: new Date(0) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await pageOverflow(page), where).toBe(0);
}

test('An organiser imports a ctfcli zip, reads its warnings and skipped files, hides a challenge keeping its hints, and walks every admin section on a laptop and a phone', async ({
  browser,
  page,
  loginAsAdmin,
}) => {
  await page.setViewportSize(SIZES.laptop);
  await loginAsAdmin();
  await page.goto('/admin/content/challenges');
  await page.getByLabel('Zip file').setInputFiles({ name: 'event.zip', mimeType: 'application/zip', buffer: await fixtureZip() });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  // The whole answer: what each challenge became, its warnings, and the files left with why.
  const report = page.getByRole('status').filter({ hasText: 'Import done' });
  await expect(report).toContainText('Import done: 3 created, 0 updated, 0 unchanged.');
  await expect(report).toContainText('Warnings (2)');
  const rows = report.getByTestId('import-challenge');
  await expect(rows.filter({ hasText: `organiser-plugin-${tag}` }).getByTestId('import-warnings')).toContainText(
    'multiple_choice',
  );
  await expect(rows.filter({ hasText: `organiser-no-value-${tag}` }).getByTestId('import-warnings')).toContainText(
    'value no value given: imported hidden, at 0 points',
  );
  await expect(rows.filter({ hasText: HINTED_ID })).toContainText('created1 file');
  await expect(rows.filter({ hasText: HINTED_ID }).getByTestId('import-warnings')).toHaveCount(0);
  const skipped = report.getByTestId('import-skipped');
  await expect(skipped).toContainText('Files skipped (2)');
  for (const file of [`hints-${tag}/challenge.yaml`, `hints-${tag}/deploy/challenge.yml`])
    await expect(skipped.getByRole('listitem').filter({ hasText: file })).toContainText('not a ctfcli challenge');
  await expectNoSidewaysScroll(page, 'import report, laptop');
  await page.setViewportSize(SIZES.phone);
  await expectNoSidewaysScroll(page, 'import report, phone');
  await page.setViewportSize(SIZES.laptop);

  // In French, the same answer worded from its codes (the server's English words are for the command line).
  await page.getByRole('button', { name: 'Français' }).first().click();
  await page
    .getByLabel('Fichier zip')
    .setInputFiles({ name: 'event.zip', mimeType: 'application/zip', buffer: await fixtureZip() });
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const frenchReport = page.getByRole('status').filter({ hasText: 'Import terminé' });
  await expect(frenchReport).toContainText(/0 créés, 0 mis à jour, 3 inchangés/);
  await expect(frenchReport).toContainText(/Avertissements \(2\)/);
  const frenchRows = frenchReport.getByTestId('import-challenge');
  await expect(frenchRows.filter({ hasText: `organiser-plugin-${tag}` }).getByTestId('import-warnings')).toContainText(
    /type\s«\smultiple_choice\s» est le type d’un plugin CTFd\s: le défi est importé avec un barème fixe/,
  );
  await expect(frenchRows.filter({ hasText: `organiser-no-value-${tag}` }).getByTestId('import-warnings')).toContainText(
    /value aucune valeur \(value\)\s: importé masqué, à 0 point/,
  );
  await expect(frenchReport).not.toContainText(/imported|none given/);
  await expectNoSidewaysScroll(page, 'import report in French, laptop');
  await page.setViewportSize(SIZES.phone);
  await expectNoSidewaysScroll(page, 'import report in French, phone');
  await page.setViewportSize(SIZES.laptop);
  await page.getByRole('button', { name: 'English' }).first().click();

  // A player opens the costly hint; the organiser then hides the challenge with the list's button (a partial PATCH).
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  const account = { username: `org_${tag}`, email: `org_${tag}@example.com`, password: 'organiser-player-1' };
  expect((await player.request.post('/api/auth/register', { data: account })).status()).toBe(200);
  const before = (await (await player.request.get(`/api/challenges/${HINTED_ID}`)).json()) as {
    hints: { id: number; cost: number; isOpened: boolean }[];
  };
  expect(before.hints.map((hint) => hint.cost)).toEqual([10, 0]);
  const opened = await player.request.post(`/api/challenges/${HINTED_ID}/hints/${before.hints[0]!.id}/open`);
  expect(opened.status()).toBe(200);

  await page.reload();
  const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/${HINTED_ID}`));
  await page.getByRole('button', { name: `Hide ${HINTED} from players` }).click();
  expect((await patch).postDataJSON()).toEqual({ state: 'hidden' });
  await expect(page.getByRole('button', { name: `Show ${HINTED} to players` })).toBeVisible();
  expect((await player.request.get(`/api/challenges/${HINTED_ID}`)).status()).toBe(404);

  const admin = (await (await page.request.get(`/api/admin/challenges/${HINTED_ID}`)).json()) as {
    state: string;
    hints: { cost: number; content: { en: string } }[];
  };
  expect(admin.state).toBe('hidden');
  expect(admin.hints.map((hint) => [hint.content.en, hint.cost])).toEqual([
    ['Read the notes twice.', 10],
    ['The flag is in the notes.', 0],
  ]);
  // Shown again: the player's costly hint is still open (paid once), the free one still free.
  await page.getByRole('button', { name: `Show ${HINTED} to players` }).click();
  await expect(page.getByRole('button', { name: `Hide ${HINTED} from players` })).toBeVisible();
  const after = (await (await player.request.get(`/api/challenges/${HINTED_ID}`)).json()) as {
    hints: { cost: number; isOpened: boolean; content: { en: string } | null }[];
  };
  expect(after.hints.map((hint) => [hint.cost, hint.isOpened, hint.content?.en])).toEqual([
    [10, true, 'Read the notes twice.'],
    [0, false, 'The flag is in the notes.'],
  ]);
  await playerContext.close();

  // Every page of every admin section, at both sizes, with the imported catalogue in it.
  await page.goto('/challenges');
  for (const size of ['laptop', 'phone'] as const) {
    await page.setViewportSize(SIZES[size]);
    for (const [section, pages] of Object.entries(ADMIN_PAGES))
      for (const name of pages) {
        await openInApp(page, `/admin/${section}/${name}`);
        await expectNoSidewaysScroll(page, `${size}: /admin/${section}/${name}`);
      }
  }
});
