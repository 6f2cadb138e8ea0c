import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { ClassLeaderboard, ClassProgress, ErrorBody, MyClass, TeacherClass } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const student = buildUser({ uid: 'u-alice', username: 'alice' });
const teacher = buildUser({ uid: 'u-tom', username: 'tom', rank: 'teacher' });

const klass: TeacherClass = {
  id: '7d1e4a52-4f5e-4c39-9a0e-0a5b2f0c1d11',
  name: 'Seconde 4',
  code: 'ABCDEFGHJK',
  teacher: 'tom',
  startsAt: null,
  endsAt: null,
  isArchived: false,
  memberCount: 2,
  createdAt: '2026-03-01T08:00:00.000Z',
};
const joined: MyClass = {
  class: { id: klass.id, name: klass.name, teacher: 'tom', startsAt: null, endsAt: null },
  assignments: [
    {
      id: 'a1',
      title: 'Week 1',
      dueAt: '2026-03-09T17:00:00.000Z',
      challenges: [
        { id: 'dom-manipulation', title: { en: 'DOM Manipulation', fr: 'Manipulation du DOM' }, isDone: true },
        { id: 'hidden-http-headers', title: { en: 'Hidden Headers', fr: 'En-têtes cachés' }, isDone: false },
      ],
    },
  ],
};
const board: ClassLeaderboard = {
  name: klass.name,
  entries: [
    { position: 1, uid: 'u-alice', username: 'alice', avatarUrl: '', rank: 'user', score: 10, solvedCount: 1 },
    { position: 2, uid: 'u-bea', username: 'bea', avatarUrl: '', rank: 'user', score: 0, solvedCount: 0 },
  ],
};

/** A student not in a class yet, whose code is right only when it is ABCDEFGHJK (case and spaces aside). */
function studentServer() {
  let mine: MyClass = { class: null, assignments: [] };
  server.use(
    http.get('/api/classes/mine', () => HttpResponse.json(mine)),
    http.get('/api/classes/:id/leaderboard', () => HttpResponse.json(board)),
    http.post('/api/classes/join', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code.replace(/[\s-]/g, '').toUpperCase() !== klass.code) {
        return HttpResponse.json<ErrorBody>({ error: { code: 'CLASS_CODE_INVALID', message: 'x' } }, { status: 404 });
      }
      mine = joined;
      return HttpResponse.json(mine);
    }),
    http.post('/api/classes/preview', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== klass.code) {
        return HttpResponse.json<ErrorBody>({ error: { code: 'CLASS_CODE_INVALID', message: 'x' } }, { status: 404 });
      }
      return HttpResponse.json({ name: klass.name, teacher: 'tom' });
    }),
  );
}

describe('a student’s class page', () => {
  it('joins with the code of a join link, then shows the assignments, done or not, and the class board', async () => {
    studentServer();
    const { user } = renderApp('/join-class/abcde-fghjk', { sessionUser: student });
    const code = await screen.findByLabelText('Class code');
    expect(code).toHaveValue('abcde-fghjk');
    // The class is named before joining.
    expect(await screen.findByTestId('class-preview')).toHaveTextContent('You are joining Seconde 4 (teacher: tom).');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Seconde 4')).toBeInTheDocument();
    expect(screen.getByText('Teacher: tom')).toBeInTheDocument();
    expect(screen.getByText(/Due .* · 1 of 2 done/)).toBeInTheDocument();
    const done = screen.getByRole('link', { name: 'DOM Manipulation' }).closest('li')!;
    expect(within(done).getAllByText('Done')[0]).toBeInTheDocument();
    const todo = screen.getByRole('link', { name: 'Hidden Headers' }).closest('li')!;
    expect(within(todo).getAllByText('Not done')[0]).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['#StudentScoreSolved', '1alice101', '2bea00']);
  });

  it('says clearly that a code is wrong', async () => {
    studentServer();
    const { user } = renderApp('/class', { sessionUser: student });
    await user.type(await screen.findByLabelText('Class code'), 'ABCDE-FGHJM');
    expect(await screen.findByRole('alert')).toHaveTextContent('No class has this code: check it with your teacher.');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(screen.queryByTestId('class-preview')).not.toBeInTheDocument();
  });

  it('flags a code of the wrong length or with a character no code has as it is typed', async () => {
    studentServer();
    const { user } = renderApp('/class', { sessionUser: student });
    const field = await screen.findByLabelText('Class code');
    await user.type(field, 'abcd');
    expect(field).toHaveAccessibleDescription(/4 characters of 10$/);
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    await user.type(field, 'efghjkm');
    expect(field).toHaveAccessibleDescription(/11 characters of 10$/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'ABCDEFGHJ0');
    expect(field).toHaveAccessibleDescription(/without 0, O, 1, I or L\.$/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
  });

  it('speaks French, with French typography', async () => {
    await i18n.changeLanguage('fr');
    studentServer();
    const { user } = renderApp('/class', { sessionUser: student });
    await user.type(await screen.findByLabelText('Code de la classe'), 'ABCDEFGHJM');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Aucune classe n’a ce code\u202f: vérifiez-le auprès de votre enseignant.',
    );
  });

  it('sends a player who is no teacher away from the teacher pages, and shows no My classes link', async () => {
    studentServer();
    renderApp('/teacher', { sessionUser: student });
    expect(await screen.findByRole('heading', { name: 'My class' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My classes' })).not.toBeInTheDocument();
  });
});

const progress: ClassProgress = {
  class: klass,
  challenges: [
    { id: 'dom-manipulation', title: { en: 'DOM Manipulation', fr: 'Manipulation du DOM' }, category: 'web-client', points: 10 },
    { id: 'caesar-cipher', title: { en: 'Caesar', fr: 'César' }, category: 'cryptanalysis', points: 10 },
  ],
  students: [
    {
      uid: 'u-alice',
      username: 'alice',
      score: 10,
      joinedAt: '2026-03-01T08:00:00.000Z',
      cells: { 'dom-manipulation': { solvedAt: '2026-03-02T09:00:00.000Z', hintsOpened: 1, wrongAttempts: 2 } },
    },
    { uid: 'u-bea', username: 'bea', score: 30, joinedAt: '2026-03-01T08:00:00.000Z', cells: {} },
  ],
  assignments: [{ id: 'a1', title: 'Week 1', dueAt: '2026-03-09T17:00:00.000Z', challengeIds: ['caesar-cipher'] }],
};

function teacherServer() {
  server.use(
    http.get('/api/classes', () => HttpResponse.json({ classes: [klass] })),
    http.get('/api/classes/:id/progress', () => HttpResponse.json(progress)),
    http.get('/api/classes/:id/leaderboard', () => HttpResponse.json(board)),
  );
}

describe('the teacher’s pages', () => {
  it('list the classes with their code and join link', async () => {
    teacherServer();
    renderApp('/teacher', { sessionUser: teacher });
    const item = await screen.findByRole('listitem', { name: 'Seconde 4' });
    expect(within(item).getByTestId('class-code')).toHaveTextContent('ABCDE FGHJK');
    expect(within(item).getByText(/\/join-class\/ABCDEFGHJK$/)).toBeInTheDocument();
    expect(within(item).getByText('2 students')).toBeInTheDocument();
  });

  it('rename a class', async () => {
    teacherServer();
    let renamed: unknown;
    server.use(
      http.patch('/api/classes/:id', async ({ request }) => {
        renamed = await request.json();
        return HttpResponse.json({ ...klass, name: 'Seconde 5' });
      }),
    );
    const { user } = renderApp('/teacher', { sessionUser: teacher });
    const item = await screen.findByRole('listitem', { name: 'Seconde 4' });
    const field = within(item).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Seconde 5');
    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(renamed).toEqual({ name: 'Seconde 5' }));
  });

  it('show the matrix, filtered by student and category, sorted, with the CSV export', async () => {
    teacherServer();
    const { user } = renderApp(`/teacher/classes/${klass.id}`, { sessionUser: teacher });
    const matrix = await screen.findByRole('table', { name: 'Progress' });
    const names = () =>
      within(matrix)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['alice', 'bea']);
    expect(screen.getByTestId('cell-alice-dom-manipulation')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Solved .* · 1 hint · 2 wrong flags$/),
    );
    expect(screen.getByTestId('cell-bea-dom-manipulation')).toHaveAttribute('title', 'Not started');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'score');
    expect(names()).toEqual(['bea', 'alice']);
    await user.type(screen.getByLabelText('Filter by student'), 'ali');
    expect(names()).toEqual(['alice']);
    expect(within(matrix).getByRole('columnheader', { name: 'Caesar' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'web-client');
    expect(within(matrix).queryByRole('columnheader', { name: 'Caesar' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/classes/${klass.id}/progress.csv`);
  });

  it('group the challenges by category under headers that name them in full, and filter by assignment and idle students', async () => {
    teacherServer();
    const { user } = renderApp(`/teacher/classes/${klass.id}`, { sessionUser: teacher });
    const matrix = await screen.findByRole('table', { name: 'Progress' });
    const headers = () =>
      within(matrix)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(headers()).toEqual(['Student', 'Score', 'Solved', 'web-client', 'cryptanalysis', 'DOM Manipulation', 'Caesar']);
    // It scrolls in a frame a keyboard can reach, so that the page does not.
    expect(screen.getByRole('region', { name: 'Progress of each student, scrollable' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('hints opened')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Assignment'), 'a1');
    expect(headers()).toEqual(['Student', 'Score', 'Solved', 'cryptanalysis', 'Caesar']);
    await user.selectOptions(screen.getByLabelText('Assignment'), '');
    // alice's only solve is from 2026-03-02, long before this week: both students have solved nothing this week.
    await user.click(screen.getByLabelText('No solve this week'));
    expect(
      within(matrix)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['alice', 'bea']);
  });

  it('remove a student only once the teacher confirms', async () => {
    teacherServer();
    let removed = 0;
    server.use(
      http.delete('/api/classes/:id/members/:userId', () => {
        removed += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    try {
      const { user } = renderApp(`/teacher/classes/${klass.id}`, { sessionUser: teacher });
      await user.click(await screen.findByRole('button', { name: 'Remove alice from the class' }));
      expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Remove alice from the class\?/));
      expect(removed).toBe(0);
      await user.click(screen.getByRole('button', { name: 'Remove alice from the class' }));
      await waitFor(() => expect(removed).toBe(1));
    } finally {
      confirm.mockRestore();
    }
  });

  it('speak French', async () => {
    await i18n.changeLanguage('fr');
    teacherServer();
    renderApp(`/teacher/classes/${klass.id}`, { sessionUser: teacher });
    expect(await screen.findByRole('table', { name: 'Progression' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cell-bea-dom-manipulation')).toHaveAttribute('title', 'Pas commencé'));
    expect(screen.getByRole('link', { name: 'Mes classes' })).toBeInTheDocument();
  });
});
