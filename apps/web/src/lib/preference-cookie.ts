/** A year, in seconds: a preference outlives the session. */
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Keeps a display preference (the language, the disclaimer's dismissal) in a cookie beside localStorage, so that the
 * server sends the page already in that language and without a dismissed disclaimer (apps/server/src/http/web-app.ts,
 * docs/performance.md "Lighthouse"). Readable by scripts on purpose: it holds nothing secret. The app never reads it
 * back (Chromium reports each read of `document.cookie` as a performance issue): what the server made of it is in the
 * page it sent, `<html lang>` and `data-disclaimer="dismissed"`.
 */
export function writePreferenceCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  } catch {
    // A document without cookies (a sandboxed frame): the server then sends the default frame.
  }
}
