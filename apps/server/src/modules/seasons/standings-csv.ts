import { stringify } from 'csv-stringify/sync';

import type { SeasonStanding } from '@drapeau/shared';

/**
 * An event's final standings as CSV (docs/product.md#events), one row per player (team). `escape_formulas` prefixes a
 * cell starting with = + - @ with ' so that a spreadsheet shows a chosen name as text instead of running it.
 */
export function toStandingsCsv(standings: readonly SeasonStanding[]): string {
  const rows: (string | number)[][] = [['position', 'name', 'score', 'solved', 'last_solve_at']];
  for (const row of standings) rows.push([row.pos, row.name, row.score, row.solved, row.lastSolveAt ?? '']);
  return stringify(rows, { escape_formulas: true, record_delimiter: '\r\n' });
}
