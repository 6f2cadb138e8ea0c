import { stringify } from 'csv-stringify/sync';

import type { ClassProgress } from '@drapeau/shared';

/**
 * The teacher's matrix as CSV, one row per student and challenge (docs/product.md#classes). csv-stringify quotes what
 * needs it, and `escape_formulas` prefixes a cell starting with = + - @ (or a tab or carriage return) with ' so that a
 * spreadsheet shows a student's chosen name as text instead of running it as a formula.
 */
export function toProgressCsv(progress: ClassProgress): string {
  const rows: (string | number)[][] = [
    ['student', 'score', 'challenge', 'title', 'category', 'solved_at', 'hints_opened', 'wrong_attempts'],
  ];
  for (const student of progress.students) {
    for (const challenge of progress.challenges) {
      const cell = student.cells[challenge.id];
      rows.push([
        student.username,
        student.score,
        challenge.id,
        challenge.title.en,
        challenge.category,
        cell?.solvedAt ?? '',
        cell?.hintsOpened ?? 0,
        cell?.wrongAttempts ?? 0,
      ]);
    }
  }
  return stringify(rows, { escape_formulas: true, record_delimiter: '\r\n' });
}
