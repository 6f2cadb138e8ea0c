import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter, Params } from 'react-router';

/** The reads a page's first render needs, given its path's parameters (a page module's `previewReads`). */
export type PreviewReads = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/** What the router keeps of a page for its preview (app/router.tsx puts a page module's `previewReads` there). */
export interface PreviewHandle {
  previewReads?: PreviewReads;
}

/**
 * Whether the server drew the page's first paint into index.html (apps/server `src/http/page-preview.ts`, with
 * server-render/page-preview.tsx): the challenge page of a signed-in player, down to its description.
 */
export function hasPagePreview(container: HTMLElement): boolean {
  return container.querySelector('[data-page-preview]') !== null;
}

/**
 * Resolves once the router has the page's code and texts and the page has its first reads (answered by the reads the
 * server announced with the HTML): React's first render then draws the whole page over the server's, the same parts in
 * the same places, instead of a spinner between the two (docs/decisions/017-page-preview.md). A failed read resolves
 * too: the page shows its error.
 */
export async function previewedPageReady(router: ReturnType<typeof createBrowserRouter>, queryClient: QueryClient) {
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  const reads = router.state.matches.flatMap(
    (match) => (match.route.handle as PreviewHandle | undefined)?.previewReads?.(queryClient, match.params) ?? [],
  );
  await Promise.all(reads).catch(() => undefined);
}
