import type { ClassProgress } from '@drapeau/shared';

export type MatrixSort = 'name' | 'score' | 'solved';
type Student = ClassProgress['students'][number];
type Challenge = ClassProgress['challenges'][number];

/** "No solve this week": no solve in the last seven days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface MatrixFilter {
  name: string;
  category: string;
  /** An assignment's id: only its challenges; '' for all. */
  assignment: string;
  sort: MatrixSort;
  /** Only the students with no solve in the week before `now`. */
  isIdleOnly: boolean;
  now: number;
}

export const solvedCount = (student: Student) => Object.values(student.cells).filter((c) => c.solvedAt !== null).length;

const solvedSince = (student: Student, since: number) =>
  Object.values(student.cells).some((c) => c.solvedAt !== null && Date.parse(c.solvedAt) >= since);

/**
 * The matrix as the teacher filtered and sorted it: students by name, score or solves; challenges grouped by category
 * (in the order the categories first appear), each group in the server's order.
 */
export function viewMatrix(
  progress: ClassProgress,
  filter: MatrixFilter,
): { students: Student[]; groups: { category: string; challenges: Challenge[] }[] } {
  const needle = filter.name.trim().toLowerCase();
  const since = filter.now - WEEK_MS;
  const students = progress.students.filter(
    (s) => s.username.toLowerCase().includes(needle) && (!filter.isIdleOnly || !solvedSince(s, since)),
  );
  const byName = (a: Student, b: Student) => a.username.localeCompare(b.username);
  students.sort(
    filter.sort === 'score'
      ? (a, b) => b.score - a.score || byName(a, b)
      : filter.sort === 'solved'
        ? (a, b) => solvedCount(b) - solvedCount(a) || byName(a, b)
        : byName,
  );
  const assigned = new Set(progress.assignments.find((a) => a.id === filter.assignment)?.challengeIds ?? []);
  const groups = new Map<string, Challenge[]>();
  for (const challenge of progress.challenges) {
    if (filter.category !== '' && challenge.category !== filter.category) continue;
    if (filter.assignment !== '' && !assigned.has(challenge.id)) continue;
    groups.set(challenge.category, [...(groups.get(challenge.category) ?? []), challenge]);
  }
  return { students, groups: [...groups].map(([category, challenges]) => ({ category, challenges })) };
}
