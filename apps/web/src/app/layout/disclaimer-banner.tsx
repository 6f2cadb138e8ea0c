import { ShieldAlert, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { writePreferenceCookie } from '@/lib/preference-cookie';

/**
 * docs/product.md#disclaimer-banner: the dismissal is remembered under this key, with the value `true`, in localStorage
 * and in a cookie of the same name, which the server reads to send the page without the banner (web-app.ts).
 */
export const DISCLAIMER_STORAGE_KEY = 'security-disclaimer-dismissed';

/** The server sent the page without the banner: it had the dismissal's cookie (apps/server src/http/web-app.ts). */
function wasServedDismissed(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.disclaimer === 'dismissed';
}

function isDismissedStored(): boolean {
  try {
    if (window.localStorage.getItem(DISCLAIMER_STORAGE_KEY) === 'true') return true;
  } catch {
    // No storage: the page as the server sent it may still say it.
  }
  return wasServedDismissed();
}

/** The banner hides as soon as it is dismissed, whichever way the dismissal is kept. */
const listeners = new Set<() => void>();
/** Without storage, the dismissal lasts until the page is reloaded. */
let dismissedWithoutStorage = false;

function storeDismissal(): void {
  try {
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, 'true');
  } catch {
    // Without storage only the cookie keeps it (when the browser keeps cookies); nothing else breaks.
    dismissedWithoutStorage = true;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isDismissed = () => dismissedWithoutStorage || isDismissedStored();

/**
 * A fair-play notice on every page until dismissed (docs/product.md#disclaimer-banner: its text must be true of this
 * product).
 */
export function DisclaimerBanner() {
  const { t } = useTranslation(['disclaimer', 'common']);
  const isHidden = useSyncExternalStore(subscribe, isDismissed, isDismissed);
  // The cookie follows the dismissal, a new one or one kept in localStorage before the cookie existed.
  useEffect(() => {
    if (isHidden && !wasServedDismissed()) writePreferenceCookie(DISCLAIMER_STORAGE_KEY, 'true');
  }, [isHidden]);
  if (isHidden) return null;

  return (
    <aside aria-label={t('disclaimer:title')} className="border-b border-warning/25 bg-warning/10 text-warning">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1 text-pretty">
          {/* One text node, as in index.html's frame (build/app-frame.ts), so that the text is shaped the same. */}
          <strong className="font-semibold">{`${t('disclaimer:title')}.`}</strong>{' '}
          <span className="text-warning/90">{t('disclaimer:text')}</span>
        </p>
        <button
          type="button"
          onClick={storeDismissal}
          aria-label={t('disclaimer:dismiss')}
          title={t('disclaimer:dismiss')}
          className="-m-1 rounded-md p-1 transition-colors outline-none hover:bg-warning/20 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" />
        </button>
      </div>
    </aside>
  );
}
