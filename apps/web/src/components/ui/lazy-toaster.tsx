import { lazy, Suspense, useState } from 'react';

import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster, downloaded when the first toast is shown: most visits of the landing page show none, and its code is
 * not part of the first page's budget (docs/architecture.md#web-app). Once loaded it stays mounted.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
