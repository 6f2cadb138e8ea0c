import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';
import { usePageParam } from '@/lib/use-page-param';

/**
 * The search and page live in the URL (`?search=neo&page=2`), so a view can be shared, reloaded or returned to with
 * Back. The box updates at once; the URL (and so the request) follows after a short pause.
 */
export function useLeaderboardParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);

  // The URL changed by other means (the nav link, Back): the box follows it.
  if (search !== lastSearch) {
    setLastSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  useEffect(() => {
    const value = draft.trim();
    if (value === search) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('search', value);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setSearchParams]);

  function clearSearch(): void {
    setDraft('');
  }

  return { search, page, draft, setDraft, setPage, clearSearch };
}
