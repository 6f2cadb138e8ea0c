import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { statementsRun } from '../../../test/statements.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { sessions } from '../../db/schema/index.js';

const TOKEN = 'session-memory-metrics-token-0123';

const statements = (t: TestApp): Promise<number> => statementsRun(t.app, TOKEN);

/** The session memory (docs/performance.md): sessions read together, read ahead, and never kept past what the TTL allows. */
describe('session memory', () => {
  const clock = createManualClock(new Date());
  let t: TestApp;
  let ttlMs: number;
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { METRICS_TOKEN: TOKEN } });
    ttlMs = t.database.kind === 'pglite' ? 60_000 : 10_000;
  });
  afterAll(async () => {
    await t.close();
  });
  const board = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } });
  /**
   * Reads the board until a read costs no statement: on PostgreSQL the registrations' notifications come back a little
   * later and make the next read load the standings again; after this, only sessions are read.
   */
  const settle = async (cookie: string) => {
    for (let i = 0; i < 100; i += 1) {
      const before = await statements(t);
      expect((await board(cookie)).statusCode).toBe(200);
      if ((await statements(t)) === before) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const cookieOf = (player: Awaited<ReturnType<typeof registerPlayer>>) =>
    `drapeau.session_token=${player.client.sessionToken()}`;

  it('reads the sessions of players arriving together in a few statements, not one each', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => registerPlayer(t.app)));
    // The standings are in memory after a first read: what follows reads only sessions.
    await settle(cookieOf(players[0]!));
    const before = await statements(t);
    const answers = await Promise.all(players.slice(1).map((p) => board(cookieOf(p))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 19 }, () => 200));
    expect((await statements(t)) - before).toBeLessThanOrEqual(3);
  });

  it('ends a session deleted outside the app at its read-ahead, before the TTL', async () => {
    const player = await registerPlayer(t.app);
    const cookie = cookieOf(player);
    expect((await board(cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, player.userId));
    // Remembered: a change made in SQL takes effect within the TTL (docs/performance.md).
    expect((await board(cookie)).statusCode).toBe(200);
    clock.advance(ttlMs * 0.8);
    // Still remembered; this request starts the read-ahead, which finds the session gone.
    expect((await board(cookie)).statusCode).toBe(200);
    let status = 200;
    for (let i = 0; i < 500 && status === 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await board(cookie)).statusCode;
    }
    expect(status).toBe(401);
  });

  it('never serves a session from a read older than the TTL', async () => {
    const player = await registerPlayer(t.app);
    const cookie = cookieOf(player);
    expect((await board(cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, player.userId));
    clock.advance(ttlMs + 1);
    expect((await board(cookie)).statusCode).toBe(401);
  });

  // Counts every statement: on PostgreSQL, notifications of the earlier tests arrive meanwhile (a standings reload, a
  // forgotten session that discards the reads under way), so this one runs on the embedded database only; the
  // read-ahead is the same code on both.
  it.skipIf(process.env.DATABASE_URL !== undefined)(
    'keeps a session in use remembered past the TTL by its read-ahead',
    async () => {
      const player = await registerPlayer(t.app);
      const cookie = cookieOf(player);
      await settle(cookie);
      clock.advance(ttlMs * 0.8);
      const before = await statements(t);
      expect((await board(cookie)).statusCode).toBe(200);
      // The read-ahead runs after the answer: wait for its statement (what follows it runs before the next request).
      for (let i = 0; i < 500 && (await statements(t)) === before; i += 1) await new Promise((r) => setTimeout(r, 10));
      clock.advance(ttlMs * 0.5);
      // 1.3 TTL after the first read, 0.5 after the read-ahead: served from memory, without a statement.
      const read = await statements(t);
      expect((await board(cookie)).statusCode).toBe(200);
      expect(await statements(t)).toBe(read);
    },
  );
});
