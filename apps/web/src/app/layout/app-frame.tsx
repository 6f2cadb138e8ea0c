import type { ReactNode } from 'react';

import { RouteFallback } from '../routes/route-fallback';

import { DisclaimerBanner } from './disclaimer-banner';

/** The header's height (its bar's 64 px and the border under it), kept while its code or the session loads, so that the page below does not jump. */
export const headerPlaceholder = (
  <div className="border-b">
    <div className="h-16" />
  </div>
);

/**
 * The column every page stands in, with the disclaimer on top. It wraps the router (main.tsx), outside its routes, so
 * that the disclaimer is made once: when the first page's code arrives the router swaps its loading frame for the
 * page's, and a banner inside them was made, translated and laid out a second time (docs/performance.md "Lighthouse").
 * `isDisclaimerShown` is for the build only, which draws the frame of a visitor who dismissed it (build/app-frame.ts);
 * in the browser the banner knows whether it was dismissed.
 */
export function AppFrame({ children, isDisclaimerShown = true }: { children: ReactNode; isDisclaimerShown?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {isDisclaimerShown && <DisclaimerBanner />}
      {children}
    </div>
  );
}

/** The header, then the page: inside AppFrame's column. */
export function ShellFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <>
      {header}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </>
  );
}

/**
 * The same frame while the first page's code and texts load: a header's height and a spinner under the disclaimer.
 * index.html holds this frame already, drawn at build time (build/app-frame.ts), so that it paints before any script
 * runs; React's first render draws the same markup over it (docs/performance.md "Lighthouse").
 */
export function AppShellFallback() {
  return (
    <ShellFrame header={headerPlaceholder}>
      <RouteFallback />
    </ShellFrame>
  );
}
