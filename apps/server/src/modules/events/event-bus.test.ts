import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { createPostgresEventBus, type ServerEventMessage } from './event-bus.js';

const databaseUrl = process.env.DATABASE_URL;

/** Waits (bounded, polling) for a condition that an event brings about. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met within 60 s');
}

describe.runIf(!!databaseUrl)('PostgreSQL event bus', () => {
  // A name of its own, so that only this bus's listening connection is cut (other tests listen on the same channel).
  const applicationName = `drapeau-bus-test-${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, application_name: applicationName, max: 3 });
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  afterAll(async () => {
    await pool.end();
    await admin.end();
  });

  it('comes back after its LISTEN connection is cut, and tells this instance to read again what it missed', async () => {
    const errors: unknown[] = [];
    const bus = await createPostgresEventBus(pool, (error) => errors.push(error));
    const received: ServerEventMessage[] = [];
    bus.subscribe((message) => received.push(message));
    try {
      expect(bus.isListening()).toBe(true);
      await bus.deliver('sessions', { userId: 'before' });
      await until(() => received.some((m) => m.type === 'sessions'));

      // PostgreSQL restarted, as far as this connection knows.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query ilike 'listen%'`,
        [applicationName],
      );
      await until(() => received.some((m) => m.type === 'resync'));
      expect(received.find((m) => m.type === 'resync')?.data).toEqual({ reason: 'listen-reconnected' });
      expect(bus.isListening()).toBe(true);
      expect(errors.length).toBeGreaterThan(0);

      // And it hears the others again.
      await bus.deliver('sessions', { userId: 'after' });
      await until(() => received.some((m) => m.type === 'sessions' && (m.data as { userId: string }).userId === 'after'));
    } finally {
      await bus.close();
    }
  });
});
