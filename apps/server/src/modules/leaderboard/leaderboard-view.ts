import type { PrecompressedBody } from '../../lib/precompressed-body.js';

import type { BoardSolve } from './leaderboard.service.js';
import { createSearchIndex, type SearchIndex } from './search-index.js';
import type { Standing } from './standings.js';

/**
 * At most this many bytes of remembered search answers per instance, each counted twice (its JSON, and room for its
 * compressed copies, which are smaller); past it, the memory starts again.
 */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;

/** One set of standings (live, or at the freeze) and the bytes served from it, serialized once per change. */
export function createView(loadStandings: () => Promise<Standing[]>, loadSolves: () => Promise<BoardSolve[]>) {
  let standings: Promise<Standing[]> | undefined;
  let solves: Promise<BoardSolve[]> | undefined;
  const pageBytes = new Map<number, PrecompressedBody>();
  const searchBytes = new Map<string, PrecompressedBody>();
  let searchBytesSize = 0;
  /** The CTFtime feed's bytes, per scope (docs/product.md#ctftime-feed). */
  const feedBytes = new Map<string, Promise<PrecompressedBody>>();
  const indexes = new WeakMap<Standing[], SearchIndex>();
  const remember = <T>(pending: Promise<T>, forget: () => void): Promise<T> => {
    pending.catch(forget);
    return pending;
  };
  const view = {
    load: (): Promise<Standing[]> =>
      (standings ??= remember(loadStandings(), () => {
        standings = undefined;
      })),
    solves: (): Promise<BoardSolve[]> =>
      (solves ??= remember(loadSolves(), () => {
        solves = undefined;
      })),
    searchIndexOf(all: Standing[]): SearchIndex {
      let index = indexes.get(all);
      if (!index) indexes.set(all, (index = createSearchIndex(all)));
      return index;
    },
    pageBytes,
    feedBytes,
    rememberSearch(key: string, body: PrecompressedBody) {
      const size = 2 * body.identity.length + key.length;
      if (searchBytesSize + size > SEARCH_CACHE_BYTES) {
        searchBytes.clear();
        searchBytesSize = 0;
      }
      searchBytes.set(key, body);
      searchBytesSize += size;
    },
    searchBytes,
  };
  return view;
}
export type View = ReturnType<typeof createView>;
