import { useState } from 'react';

/**
 * A page number that goes back to 1 whenever `filterKey` changes (a new search starts on its first page), without an
 * effect: the page is stored with the filter it belongs to.
 */
export function usePagedFilter(filterKey: string) {
  const [state, setState] = useState({ filterKey, page: 1 });
  const page = state.filterKey === filterKey ? state.page : 1;
  return { page, setPage: (next: number) => setState({ filterKey, page: next }) };
}
