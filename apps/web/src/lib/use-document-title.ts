import { useEffect } from 'react';

const APP_NAME = 'Drapeau';

/** A page's title in the browser's tab: "<title> · Drapeau". */
export function documentTitle(title: string): string {
  return `${title} · ${APP_NAME}`;
}

/** Sets the browser tab title to documentTitle(title) while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
