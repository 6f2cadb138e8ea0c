/**
 * A short-lived memory of valid sessions, so that hot routes (leaderboard, submissions) answer without a session query
 * (docs/performance.md). Keyed by the exact signed cookie value, so a hit needs a cookie the server signed and checked.
 * Only valid sessions are kept, for at most `ttlMs` after they were read and never past the session's expiry. Sign-out
 * forgets its cookie; `forgetUser()` runs on every instance when a user's sessions are revoked (the `sessions` event:
 * role, ban, deletion, password or email change). Any other way of ending a session (a change made in SQL) takes effect
 * within `ttlMs`.
 *
 * Read ahead: once an entry has lived three quarters of `ttlMs`, `claimRefresh()` answers true once, so that the
 * caller reads the session again in the background (with others, in one query) while the entry still serves; the
 * new read starts a new `ttlMs`. A session in use is then never missed, and never served from a read older than
 * `ttlMs` either.
 */
export function createSessionCache<T extends { userId: string }>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: T; until: number; refreshAt: number; refreshing: boolean }>();
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
    /** True once per read when the entry is due to be read again (see above); false for an unknown entry. */
    claimRefresh(signedValue: string): boolean {
      const entry = entries.get(signedValue);
      if (!entry || entry.refreshing || entry.refreshAt > now()) return false;
      entry.refreshing = true;
      return true;
    },
    /** Stores a session read while `readAt` was the generation; ignored if sessions were forgotten meanwhile. */
    set(signedValue: string, user: T, sessionExpiresAt: number, readAt: number): void {
      if (readAt !== generation) return;
      const t = now();
      if (entries.size >= options.maxEntries) {
        for (const [key, entry] of entries) if (entry.until <= t) entries.delete(key);
        if (entries.size >= options.maxEntries) entries.clear();
      }
      const until = Math.min(t + options.ttlMs, sessionExpiresAt);
      entries.set(signedValue, { user, until, refreshAt: until - options.ttlMs / 4, refreshing: false });
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
