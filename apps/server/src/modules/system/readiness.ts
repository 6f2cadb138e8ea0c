import { AppError } from '../../lib/app-error.js';

export interface ReadinessChecks {
  /** Throws when the database does not answer. */
  pingDatabase(): Promise<void>;
  /** Migrations shipped with this build and not applied yet. */
  countPendingMigrations(): Promise<number>;
  /** False while this instance cannot hear the others (the event bus's LISTEN connection is down). */
  isEventBusListening?: () => boolean;
}

/**
 * What `GET /api/ready` reports (docs/operations.md "Health and readiness"): the database answers, every migration is
 * applied, the secrets are loaded, and the server has finished starting and is not shutting down.
 */
export function createReadiness(checks: ReadinessChecks) {
  let secretsLoaded = false;
  let started = false;
  let closing = false;
  const notReady = (message: string) => new AppError('SERVICE_UNAVAILABLE', 503, message, 5);
  return {
    markSecretsLoaded: () => void (secretsLoaded = true),
    markStarted: () => void (started = true),
    markClosing: () => void (closing = true),
    async check() {
      if (closing) throw notReady('Not ready: the server is shutting down.');
      if (!started) throw notReady('Not ready: the server is starting.');
      if (!secretsLoaded) throw notReady('Not ready: the instance secrets are not loaded.');
      try {
        await checks.pingDatabase();
      } catch {
        throw notReady('Not ready: the database does not answer.');
      }
      const pending = await checks.countPendingMigrations().catch(() => undefined);
      if (pending === undefined) throw notReady('Not ready: the database does not answer.');
      if (pending > 0) throw notReady(`Not ready: ${pending} database migration(s) not applied.`);
      if (checks.isEventBusListening?.() === false) throw notReady('Not ready: live events between instances are not connected.');
      return { status: 'ready' as const, checks: { database: 'ok', migrations: 'ok', secrets: 'ok' } as const };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
