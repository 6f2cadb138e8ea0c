import { describe, expect, it } from 'vitest';

import type { ClassProgress } from '@drapeau/shared';

import { type MatrixFilter, viewMatrix } from './matrix-view';

const NOW = Date.parse('2026-03-20T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();
const cell = (solvedAt: string | null) => ({ solvedAt, hintsOpened: 0, wrongAttempts: 0 });

const progress: ClassProgress = {
  class: {
    id: 'c1',
    name: 'Seconde 4',
    code: 'ABCDEFGHJK',
    teacher: 'tom',
    startsAt: null,
    endsAt: null,
    isArchived: false,
    memberCount: 4,
    createdAt: '2026-03-01T08:00:00.000Z',
  },
  challenges: [
    { id: 'dom', title: { en: 'DOM', fr: 'DOM' }, category: 'web-client', points: 10 },
    { id: 'caesar', title: { en: 'Caesar', fr: 'César' }, category: 'cryptanalysis', points: 10 },
    { id: 'xss', title: { en: 'XSS', fr: 'XSS' }, category: 'web-client', points: 20 },
  ],
  students: [
    { uid: 'u1', username: 'cleo', score: 10, joinedAt: at(30), cells: { dom: cell(at(2)) } },
    { uid: 'u2', username: 'alice', score: 30, joinedAt: at(30), cells: { dom: cell(at(8)), xss: cell(at(9)) } },
    { uid: 'u3', username: 'bea', score: 0, joinedAt: at(30), cells: { dom: cell(null) } },
    { uid: 'u4', username: 'dan', score: 20, joinedAt: at(30), cells: { caesar: cell(at(6.9)) } },
  ],
  assignments: [{ id: 'a1', title: 'Week 1', dueAt: at(-3), challengeIds: ['caesar', 'xss'] }],
};
const all: MatrixFilter = { name: '', category: '', assignment: '', sort: 'name', isIdleOnly: false, now: NOW };
const names = (filter: Partial<MatrixFilter>) => viewMatrix(progress, { ...all, ...filter }).students.map((s) => s.username);
const columns = (filter: Partial<MatrixFilter>) =>
  viewMatrix(progress, { ...all, ...filter }).groups.map((g) => [g.category, g.challenges.map((c) => c.id)]);

// Issue #36.4: the teacher's matrix, filtered and grouped (progress-matrix.tsx renders what this gives).
describe('the teacher’s matrix', () => {
  it('keeps, with "No solve this week", only the students with no solve in the seven days before now', () => {
    expect(names({})).toEqual(['alice', 'bea', 'cleo', 'dan']);
    // cleo solved 2 days ago and dan 6.9 days ago: left out; alice's solves are 8 and 9 days old; bea never solved.
    expect(names({ isIdleOnly: true })).toEqual(['alice', 'bea']);
  });

  it('sorts by name, score or solves, and filters by name', () => {
    expect(names({ sort: 'score' })).toEqual(['alice', 'dan', 'cleo', 'bea']);
    expect(names({ sort: 'solved' })).toEqual(['alice', 'cleo', 'dan', 'bea']);
    expect(names({ name: ' A' })).toEqual(['alice', 'bea', 'dan']);
  });

  it('groups the challenges by category in the order they first appear, and filters by category or assignment', () => {
    expect(columns({})).toEqual([
      ['web-client', ['dom', 'xss']],
      ['cryptanalysis', ['caesar']],
    ]);
    expect(columns({ category: 'web-client' })).toEqual([['web-client', ['dom', 'xss']]]);
    // The assignment's challenges only: caesar now comes first, so its category does.
    expect(columns({ assignment: 'a1' })).toEqual([
      ['cryptanalysis', ['caesar']],
      ['web-client', ['xss']],
    ]);
  });
});
