/**
 * A short-lived memory of valid sessions, so that hot routes (leaderboard, submissions) answer without a session query
 * (docs/performance.md). Keyed by the exact signed cookie value, so a hit needs a cookie the server signed and checked.
 * Only valid sessions are kept, for at most `ttlMs` and never past the session's expiry. Sign-out forgets its cookie;
 * `forgetUser()` runs on every instance when a user's sessions are revoked (the `sessions` event: role, ban,
 * deletion, password or email change). Any other way of ending a session (e.g. sign-out on another instance) takes effect within `ttlMs`.
 */
export function createSessionCache<T extends { userId: string }>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: T; until: number }>();
  /** Bumped by forget() and clear(): a lookup that started before either must not store what it read. */
  let generation = 0;
  return {
    generation: () => generation,
    get(signedValue: string): T | undefined {
      const entry = entries.get(signedValue);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(signedValue);
        return undefined;
      }
      return entry.user;
    },
    /** Stores a session read while `readAt` was the generation; ignored if sessions were forgotten meanwhile. */
    set(signedValue: string, user: T, sessionExpiresAt: number, readAt: number): void {
      if (readAt !== generation) return;
      const t = now();
      if (entries.size >= options.maxEntries) {
        for (const [key, entry] of entries) if (entry.until <= t) entries.delete(key);
        if (entries.size >= options.maxEntries) entries.clear();
      }
      entries.set(signedValue, { user, until: Math.min(t + options.ttlMs, sessionExpiresAt) });
    },
    forget(signedValue: string): void {
      generation += 1;
      entries.delete(signedValue);
    },
    /** Forgets every remembered session of one user (signed out elsewhere, banned, role or email changed). */
    forgetUser(userId: string): void {
      generation += 1;
      for (const [key, entry] of entries) if (entry.user.userId === userId) entries.delete(key);
    },
    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}
