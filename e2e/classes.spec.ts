import { readFile } from 'node:fs/promises';

import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test } from './fixtures';

test('A teacher creates a class, a student joins with its code and solves, and the teacher sees it in the matrix and the CSV', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const challengeId = `class-warm-up-${tag}`;
  const adminContext = await browser.newContext();
  const teacherContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const teacher = await teacherContext.newPage();
  const student = await studentContext.newPage();

  // An admin adds a challenge and makes a registered player a teacher, from the users tab.
  expect(
    (await admin.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status(),
  ).toBe(200);
  const created = await admin.request.post('/api/admin/challenges', {
    data: {
      id: challengeId,
      title: { en: `Class Warm Up ${tag}`, fr: '' },
      description: { en: 'A first challenge for the class.', fr: '' },
      category: 'web-client',
      level: 'easy',
      scoring: { type: 'static', points: 10 },
      prerequisites: [],
      flags: [{ kind: 'static', matcher: 'exact', content: `CTF{${challengeId}}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const teacherAccount = newAccount();
  expect((await teacher.request.post('/api/auth/register', { data: teacherAccount })).status()).toBe(200);
  await admin.goto('/admin');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(teacherAccount.username);
  const row = admin.getByRole('listitem', { name: teacherAccount.username });
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await admin.getByRole('option', { name: 'Teacher' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('User updated successfully', { exact: true })).toBeVisible();

  // The new role ends the teacher's sessions: they sign in again and create a class.
  expect(
    (
      await teacher.request.post('/api/auth/login', { data: { email: teacherAccount.email, password: teacherAccount.password } })
    ).status(),
  ).toBe(200);
  await teacher.goto('/challenges');
  await teacher.getByRole('link', { name: 'My classes' }).first().click();
  await teacher.getByLabel('Name', { exact: true }).fill(`Class ${tag}`);
  await teacher.getByRole('button', { name: 'Create the class' }).click();
  const item = teacher.getByRole('listitem', { name: `Class ${tag}` });
  const code = ((await item.getByTestId('class-code').textContent()) ?? '').replace(/\s/g, '');
  expect(code).toMatch(/^[A-Z2-9]{10}$/);

  // A student joins through the join link, then solves the challenge.
  const studentAccount = newAccount();
  expect((await student.request.post('/api/auth/register', { data: studentAccount })).status()).toBe(200);
  await student.goto(`/join-class/${code}`);
  await expect(student.getByLabel('Class code')).toHaveValue(code);
  await student.getByRole('button', { name: 'Join' }).click();
  await expect(student.getByText(`Teacher: ${teacherAccount.username}`)).toBeVisible();
  await student.goto(`/challenge/${challengeId}`);
  await student.getByPlaceholder('CTF{...}').fill(`CTF{${challengeId}}`);
  await student.getByPlaceholder('CTF{...}').press('Enter');
  await expect(student.getByText('Correct flag! Points awarded.').first()).toBeVisible();

  // The teacher sees the solve in the matrix, and in the CSV they download.
  await item.getByRole('link', { name: 'Open' }).click();
  const matrix = teacher.getByRole('table', { name: 'Progress' });
  await expect(matrix.getByRole('rowheader', { name: studentAccount.username })).toBeVisible();
  await expect(teacher.getByTestId(`cell-${studentAccount.username}-${challengeId}`)).toHaveAttribute('title', /^Solved /);
  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('student,score,challenge,title,category,solved_at,hints_opened,wrong_attempts');
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(`^${studentAccount.username},10,${challengeId},Class Warm Up ${tag},web-client,\\d{4}-\\d\\d-\\d\\dT[^,]+,0,0$`),
    ),
  );
  expect(csv).not.toContain('CTF{');
  expect(csv).not.toContain(studentAccount.email);

  await Promise.all([adminContext.close(), teacherContext.close(), studentContext.close()]);
});
