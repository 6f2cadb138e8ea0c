import type { ClassProgress } from '@drapeau/shared';

export type MatrixSort = 'name' | 'score' | 'solved';
type Student = ClassProgress['students'][number];

export const solvedCount = (student: Student) => Object.values(student.cells).filter((c) => c.solvedAt !== null).length;

/** The matrix as the teacher filtered and sorted it: students by name, challenges by category. */
export function viewMatrix(
  progress: ClassProgress,
  filter: { name: string; category: string; sort: MatrixSort },
): { students: Student[]; challenges: ClassProgress['challenges'] } {
  const needle = filter.name.trim().toLowerCase();
  const students = progress.students.filter((s) => s.username.toLowerCase().includes(needle));
  const byName = (a: Student, b: Student) => a.username.localeCompare(b.username);
  students.sort(
    filter.sort === 'score'
      ? (a, b) => b.score - a.score || byName(a, b)
      : filter.sort === 'solved'
        ? (a, b) => solvedCount(b) - solvedCount(a) || byName(a, b)
        : byName,
  );
  const challenges = progress.challenges.filter((c) => filter.category === '' || c.category === filter.category);
  return { students, challenges };
}
