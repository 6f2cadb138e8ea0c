/** The session cookie, whatever its prefix (`__Secure-` over https); its whole signed value is the cache key. */
const SESSION_COOKIE = /(?:^|;)\s*((?:__Secure-)?drapeau\.session_token=[^;]*)/g;

/**
 * The `name=value` of the one session cookie of a Cookie header; undefined when there is none or more than one (the
 * cache then stays out of the way, so that it never keys a session by a cookie better-auth did not read).
 */
export function sessionCookieOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const found = [...cookieHeader.matchAll(SESSION_COOKIE)];
  return found.length === 1 ? found[0]![1]!.trim() : undefined;
}

/**
 * A short-lived memory of valid sessions, so that hot routes (leaderboard, submissions) skip better-auth's signature check
 * and session query (docs/performance.md). Keyed by the exact signed cookie, so a hit needs a cookie the server signed.
 * Only valid sessions are kept, for at most `ttlMs` and never past the session's expiry. Sign-out forgets its cookie;
 * `clear()` forgets every session, and runs on every user change announced on the event bus (role, ban, deletion),
 * on every instance. Any other way of ending sessions is bounded by `ttlMs`.
 */
export function createSessionCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: T; until: number }>();
  return {
    get(cookie: string): T | undefined {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(cookie);
        return undefined;
      }
      return entry.user;
    },
    set(cookie: string, user: T, sessionExpiresAt: number): void {
      const t = now();
      if (entries.size >= options.maxEntries) {
        for (const [key, entry] of entries) if (entry.until <= t) entries.delete(key);
        if (entries.size >= options.maxEntries) entries.clear();
      }
      entries.set(cookie, { user, until: Math.min(t + options.ttlMs, sessionExpiresAt) });
    },
    forget(cookie: string): void {
      entries.delete(cookie);
    },
    clear(): void {
      entries.clear();
    },
  };
}
export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
