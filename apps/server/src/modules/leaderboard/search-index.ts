import { createSearchMatcher, type Standing } from './standings.js';

const SEPARATOR = '\n';

export interface SearchIndex {
  /** The positions (0-based, ascending) of the standings that match: the same answers as matchesSearch. */
  find(search: string, isAdmin: boolean): Uint8Array;
}

/**
 * Leaderboard search over every standing at the cost of one native `indexOf` scan of one string, instead of a JavaScript
 * call per standing (docs/performance.md): the lower-case usernames (and emails, for admins) are joined once per change of
 * the standings, and each hit is mapped back to its standing by a binary search over the start offsets.
 */
export function createSearchIndex(standings: readonly Standing[]): SearchIndex {
  const joined = (values: string[]) => {
    const starts = new Int32Array(values.length + 1);
    let offset = 0;
    values.forEach((value, i) => {
      starts[i] = offset;
      offset += value.length + SEPARATOR.length;
    });
    starts[values.length] = offset;
    return { text: values.join(SEPARATOR) + SEPARATOR, starts };
  };
  const names = joined(standings.map((s) => s.usernameLower));
  const emails = joined(standings.map((s) => s.emailLower));
  const byEmail = new Map<string, number[]>();
  standings.forEach((s, i) => byEmail.set(s.emailLower, [...(byEmail.get(s.emailLower) ?? []), i]));
  // A separator inside a value would let a match span two standings: then scan with the plain matcher.
  const safe = standings.every((s) => !s.usernameLower.includes(SEPARATOR) && !s.emailLower.includes(SEPARATOR));

  const ownerOf = (starts: Int32Array, at: number): number => {
    let lo = 0;
    let hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const mark = (index: { text: string; starts: Int32Array }, needle: string, marks: Uint8Array) => {
    for (let at = index.text.indexOf(needle); at !== -1;) {
      const owner = ownerOf(index.starts, at);
      marks[owner] = 1;
      at = index.text.indexOf(needle, index.starts[owner + 1]);
    }
  };

  return {
    find(search, isAdmin) {
      const marks = new Uint8Array(standings.length);
      const needle = search.trim().toLowerCase();
      if (needle === '') return marks.fill(1);
      if (!safe) {
        const matches = createSearchMatcher(search, isAdmin);
        standings.forEach((s, i) => {
          if (matches(s)) marks[i] = 1;
        });
        return marks;
      }
      if (!needle.includes(SEPARATOR)) {
        mark(names, needle, marks);
        if (isAdmin) mark(emails, needle, marks);
      }
      if (!isAdmin) for (const i of byEmail.get(needle) ?? []) marks[i] = 1;
      return marks;
    },
  };
}
