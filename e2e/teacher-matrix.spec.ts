import { readFile } from 'node:fs/promises';

import type { APIRequestContext, Browser } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, registerNewPlayer, test } from './fixtures';

const CHALLENGE_COUNT = 40;
const CATEGORIES = ['web-client', 'web-server', 'networking', 'forensics'];

/** An admin's API session, and a challenge added through it. */
async function adminRequest(browser: Browser) {
  const context = await browser.newContext();
  expect(
    (await context.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status(),
  ).toBe(200);
  return context;
}

async function addChallenge(
  request: APIRequestContext,
  id: string,
  title: string,
  category: string,
  explanation = { en: '', fr: '' },
) {
  const created = await request.post('/api/admin/challenges', {
    data: {
      id,
      title: { en: title, fr: '' },
      description: { en: 'A challenge of the class.', fr: '' },
      explanation,
      category,
      level: 'easy',
      scoring: { type: 'static', points: 10 },
      prerequisites: [],
      flags: [{ kind: 'static', matcher: 'exact', content: `CTF{${id}}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('A teacher with 40 challenges reads the matrix at 1366 px without the page scrolling sideways, and exports the CSV', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const admin = await adminRequest(browser);
  const ids = Array.from({ length: CHALLENGE_COUNT }, (_, i) => `matrix-${tag}-${i}`);
  for (const [i, id] of ids.entries()) {
    await addChallenge(admin.request, id, `Matrix challenge number ${i} with a long title ${tag}`, CATEGORIES[i % 4]!);
  }

  // A player made teacher creates a class; a student joins it and solves the last challenge.
  const teacherContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const teacher = await teacherContext.newPage();
  const { account: teacherAccount, uid: teacherId } = await registerNewPlayer(teacher);
  expect((await admin.request.patch(`/api/admin/users/${teacherId}`, { data: { rank: 'teacher' } })).status()).toBe(200);
  expect(
    (
      await teacher.request.post('/api/auth/login', { data: { email: teacherAccount.email, password: teacherAccount.password } })
    ).status(),
  ).toBe(200);
  const klass = (await (await teacher.request.post('/api/classes', { data: { name: `Matrix ${tag}` } })).json()) as {
    id: string;
    code: string;
  };
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const { account: studentAccount } = await registerNewPlayer(student);
  expect((await student.request.post('/api/classes/join', { data: { code: klass.code } })).status()).toBe(200);
  const solved = ids.at(-1)!;
  const answer = await student.request.post(`/api/challenges/${solved}/submit`, { data: { flag: `CTF{${solved}}` } });
  expect(((await answer.json()) as { status: string }).status).toBe('correct');

  await teacher.goto(`/teacher/classes/${klass.id}`);
  const matrix = teacher.getByRole('table', { name: 'Progress' });
  await expect(matrix.getByRole('rowheader', { name: studentAccount.username })).toBeVisible();
  await expect(teacher.getByTestId(`cell-${studentAccount.username}-${solved}`)).toHaveAttribute('title', /^Solved /);
  // The page does not scroll sideways; the matrix scrolls inside its frame.
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  const frame = teacher.getByRole('region', { name: 'Progress of each student, scrollable' });
  expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Scrolled to its far end, the student column stays where it was, and the header row is sticky too.
  const studentCell = matrix.getByRole('rowheader', { name: studentAccount.username });
  const before = await studentCell.boundingBox();
  await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect((await studentCell.boundingBox())?.x).toBe(before?.x);
  await expect(studentCell).toBeInViewport();
  const studentHeader = matrix.getByRole('columnheader', { name: 'Student' });
  expect(await studentHeader.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  await frame.evaluate((el) => el.scrollTo({ left: 0 }));
  // Grouped by category; a title cut short shows in full on focus.
  await expect(matrix.getByRole('columnheader', { name: 'Forensics' })).toBeVisible();
  const header = matrix.getByRole('columnheader', { name: `Matrix challenge number 0 with a long title ${tag}` });
  await header.locator('span[tabindex="0"]').focus();
  await expect(teacher.getByRole('tooltip')).toHaveText(`Matrix challenge number 0 with a long title ${tag}`);

  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toMatch(new RegExp(`^${studentAccount.username},10,${solved},`, 'm'));
  expect(csv).not.toContain('CTF{');

  await Promise.all([admin.close(), teacherContext.close(), studentContext.close()]);
});

test('A player reads the explanation after a solve, from the toast', async ({ browser, page, login }) => {
  const tag = Date.now().toString(36);
  const id = `explained-${tag}`;
  const admin = await adminRequest(browser);
  await addChallenge(admin.request, id, `Explained ${tag}`, 'web-client', {
    en: `Never trust the client: check it on the server ${tag}.`,
    fr: '',
  });
  await admin.close();
  await login();
  await page.goto(`/challenge/${id}`);
  await page.getByPlaceholder('CTF{...}').fill(`CTF{${id}}`);
  await page.getByPlaceholder('CTF{...}').press('Enter');
  // From the keyboard (F8 reaches the toasts): Playwright finds the toast's button outside the viewport while it slides in.
  await page.getByRole('button', { name: 'Read the explanation' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/challenge/${id}#explanation$`));
  await expect(page.getByText(`Never trust the client: check it on the server ${tag}.`)).toBeInViewport();
  // The return to the list was cancelled; the solved card leads back to the explanation too.
  await page.goto('/challenges');
  await page.getByRole('link', { name: new RegExp(`Explained ${tag}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/challenge/${id}#explanation$`));
});
