import { useEffect } from 'react';

const APP_NAME = 'Drapeau';

/** Sets the browser tab title to "<title> · Drapeau" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
