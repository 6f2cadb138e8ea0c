import { useSearchParams } from 'react-router';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A paged board's page in the URL (`?page=2`, absent for the first), so that it can be shared, reloaded or returned to. */
export function usePageParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  function setPage(nextPage: number): void {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (nextPage <= 1) next.delete('page');
      else next.set('page', String(nextPage));
      return next;
    });
  }
  return [page, setPage] as const;
}
