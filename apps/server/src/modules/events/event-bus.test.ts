import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';

import {
  createMemoryEventBus,
  createPostgresEventBus,
  type EventBus,
  publishChallengesChanged,
  type ServerEventMessage,
  subscribeHandlers,
} from './event-bus.js';

const databaseUrl = process.env.DATABASE_URL;

/** Waits (bounded, polling) for a condition that an event brings about. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met within 60 s');
}

/** Challenge ids as long as a slug may be, as many as an import may bring. */
const manyChallengeIds = (run: string) =>
  Array.from({ length: 400 }, (_, i) => `${run}-${'imported-challenge-with-a-long-slug-'.repeat(2)}${i}`);

describe('announcing changed challenges', () => {
  it('splits a long list into events NOTIFY can carry, every id once and in order', () => {
    const published: { type: string; data: { challengeIds: string[] } }[] = [];
    const ids = manyChallengeIds('split');
    publishChallengesChanged({ publish: (type, data) => published.push({ type, data: data as never }) }, ids);
    expect(published.length).toBeGreaterThan(1);
    for (const event of published) expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(8000);
    expect(published.flatMap((event) => event.data.challengeIds)).toEqual(ids);

    published.length = 0;
    publishChallengesChanged({ publish: (type, data) => published.push({ type, data: data as never }) }, []);
    expect(published).toEqual([{ type: 'challenges', data: { challengeIds: [] } }]);
  });
});

describe("a module's handlers", () => {
  it('hands each event to the handler of its type only, with its data, until unsubscribed', () => {
    const bus = createMemoryEventBus();
    const seen: string[] = [];
    const unsubscribe = subscribeHandlers(bus, {
      sessions: ({ userId }) => seen.push(`sessions ${userId}`),
      'team-members': ({ userIds }) => seen.push(`team-members ${userIds.join(',')}`),
    });
    bus.publish('sessions', { userId: 'u1' });
    bus.publish('leaderboard', { reason: 'solve' });
    bus.publish('team-members', { userIds: ['u2', 'u3'] });
    unsubscribe();
    bus.publish('sessions', { userId: 'u4' });
    expect(seen).toEqual(['sessions u1', 'team-members u2,u3']);
  });
});

describe.runIf(!!databaseUrl)('PostgreSQL event bus', () => {
  // A name of its own, so that only this bus's listening connection is cut (other tests listen on the same channel).
  const applicationName = `drapeau-bus-test-${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, application_name: applicationName, max: 3 });
  /** Another instance's connections. */
  const otherPool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  afterAll(async () => {
    await pool.end();
    await otherPool.end();
    await admin.end();
  });
  /** What a bus's subscribers heard of `sessions` events whose user id starts with `run`. */
  const sessionsHeard = (bus: EventBus, run: string) => {
    const heard: string[] = [];
    bus.subscribe((message) => {
      const { userId } = message.data as { userId?: string };
      if (message.type === 'sessions' && userId?.startsWith(run)) heard.push(userId.slice(run.length + 1));
    });
    return heard;
  };

  it('comes back after its LISTEN connection is cut, and tells this instance to read again what it missed', async () => {
    const errors: unknown[] = [];
    const bus = await createPostgresEventBus(pool, (error) => errors.push(error));
    const other = await createPostgresEventBus(otherPool, () => {});
    const run = randomBytes(4).toString('hex');
    const received: ServerEventMessage[] = [];
    bus.subscribe((message) => received.push(message));
    const heard = sessionsHeard(bus, run);
    try {
      expect(bus.isListening()).toBe(true);
      await other.deliver('sessions', { userId: `${run}-before` });
      await until(() => heard.includes('before'));

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
      await other.deliver('sessions', { userId: `${run}-after` });
      await until(() => heard.includes('after'));
    } finally {
      await bus.close();
      await other.close();
    }
  });

  it('tells its own instance at once and once, and the others through NOTIFY, even if a subscriber here fails', async () => {
    const errors: unknown[] = [];
    const bus = await createPostgresEventBus(pool, (error) => errors.push(error));
    const other = await createPostgresEventBus(otherPool, () => {});
    const run = randomBytes(4).toString('hex');
    const here = sessionsHeard(bus, run);
    const there = sessionsHeard(other, run);
    try {
      bus.subscribe(() => {
        throw new Error('a subscriber that fails');
      });
      bus.publish('sessions', { userId: `${run}-own` });
      // Before any round trip to PostgreSQL.
      expect(here).toEqual(['own']);
      await until(() => there.includes('own'));
      // By now its own notification came back here too, and was not delivered a second time.
      await other.deliver('sessions', { userId: `${run}-marker` });
      await until(() => here.includes('marker'));
      expect(here).toEqual(['own', 'marker']);
      expect(errors).toContainEqual(new Error('a subscriber that fails'));
    } finally {
      await bus.close();
      await other.close();
    }
  });

  it('sends what is published in one turn as one statement, in order; a payload NOTIFY cannot carry is refused alone', async () => {
    const bus = await createPostgresEventBus(pool, () => {});
    const other = await createPostgresEventBus(otherPool, () => {});
    const run = randomBytes(4).toString('hex');
    const there = sessionsHeard(other, run);
    const notifies = vi.spyOn(pool, 'query');
    try {
      const tooLong = bus.deliver('sessions', { userId: `${run}-${'x'.repeat(9000)}` });
      const sent = ['a', 'b', 'c'].map((name) => bus.deliver('sessions', { userId: `${run}-${name}` }));
      await expect(tooLong).rejects.toThrow('a NOTIFY payload is under 8000');
      await Promise.all(sent);
      expect(notifies.mock.calls.filter(([text]) => String(text).includes('pg_notify'))).toHaveLength(1);
      await until(() => there.length === 3);
      expect(there).toEqual(['a', 'b', 'c']);
    } finally {
      notifies.mockRestore();
      await bus.close();
      await other.close();
    }
  });

  it('carries an import-sized list of changed challenges to the other instances', async () => {
    const bus = await createPostgresEventBus(pool, (error) => {
      throw error;
    });
    const other = await createPostgresEventBus(otherPool, () => {});
    const run = randomBytes(4).toString('hex');
    const received: string[] = [];
    other.subscribe((message) => {
      if (message.type !== 'challenges') return;
      received.push(...(message.data as { challengeIds: string[] }).challengeIds.filter((id) => id.startsWith(run)));
    });
    try {
      const ids = manyChallengeIds(run);
      publishChallengesChanged(bus, ids);
      await until(() => received.length === ids.length);
      expect(received).toEqual(ids);
    } finally {
      await bus.close();
      await other.close();
    }
  });
});
