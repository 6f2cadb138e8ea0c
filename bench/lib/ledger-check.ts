// The scoring ledger's invariant after a figure (docs/performance.md "The score invariant"): what a server served, its
// ledger kept current through the figure's solves, against what a server started afresh on the same rows serves, its
// ledger rebuilt from them at start.
import { adminCookie } from './catalogue.js';

interface Entry {
  position: number;
  uid: string;
  score: number;
  solvedCount: number;
}

/** Every standing of the leaderboard, in order, as `position uid score solvedCount` (read page by page as an admin). */
export async function servedStandings(baseUrl: string, admin: { email: string; password: string }): Promise<string[]> {
  const cookie = await adminCookie(baseUrl, admin.email, admin.password);
  const lines: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}/api/leaderboard?page=${page}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`leaderboard page ${page} answered ${response.status}`);
    const body = (await response.json()) as { entries: Entry[]; total: number; pageSize: number };
    lines.push(...body.entries.map((e) => `${e.position} ${e.uid} ${e.score} ${e.solvedCount}`));
    if (page * body.pageSize >= body.total || body.entries.length === 0) return lines;
  }
}

/** The places whose standing differs between two readings (a standing missing from one counts too). */
export function countDifferences(a: readonly string[], b: readonly string[]): number {
  let differences = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) differences += 1;
  return differences;
}
