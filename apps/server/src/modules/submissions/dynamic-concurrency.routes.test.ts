import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { solves } from '../../db/schema/index.js';
import { expectScoreInvariant, recomputeScoreOf } from '../../../test/score-invariant.js';
import { buildTestApp, loginAdmin, registerPlayer, TEST_ADMIN, TestClient, type TestApp } from '../../../test/build-test-app.js';

// docs/product.md#scoring: a dynamic value is retroactive for every solver; correct flags sent at the same moment must all
// be scored (each waits for the challenge's row lock), never answered 500 (a lock taken in the wrong order deadlocks on
// PostgreSQL: the attempt's foreign key already holds a share lock on the challenge's row).

let t: TestApp;
const FLAG = 'CTF{dynamic_at_once}';

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await loginAdmin(t.app);
  const created = await admin.post('/api/admin/challenges', {
    id: 'dynamic-at-once',
    title: { en: 'At once', fr: 'D’un coup' },
    description: { en: 'Solved by many at once.', fr: 'Résolu par beaucoup d’un coup.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'dynamic', initial: 500, decay: 10, minimum: 100, function: 'linear' },
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('correct flags on a dynamic challenge, all at once', () => {
  it('scores every one, and every solver ends with the same value: score == sum(points) + adjustment', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t.app)));
    const answers = await Promise.all(
      players.map((p) => p.client.post('/api/challenges/dynamic-at-once/submit', { flag: FLAG })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(players.map(() => 200));
    expect(answers.map((a) => a.json().status)).toEqual(players.map(() => 'correct'));
    const rows = await t.database.db.select().from(solves).where(eq(solves.challengeId, 'dynamic-at-once'));
    expect(rows).toHaveLength(8);
    // 8 solves: 500 - 10 × 7 for everyone.
    for (const p of players) expect(await recomputeScoreOf(t.database, 'players', p.userId)).toBe(430);
    await expectScoreInvariant(t);
  });
});

// PostgreSQL only: PGlite has one connection, so there is no pool to take. A solve waiting for the challenge's row lock
// holds a connection; solves of one dynamic challenge wait in the server's queue instead (lib/keyed-batches.ts), so that a
// burst of them does not take every connection while other players sign in (the benchmark's sign-in waited minutes).
describe.runIf(process.env.DATABASE_URL)('a burst of correct flags on a dynamic challenge, on PostgreSQL', () => {
  it('waits on the lock with one connection: a sign-in meanwhile is answered', async () => {
    const url = (t.database as { url?: string }).url!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await holder.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      );
    try {
      const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t.app)));
      // Another transaction holds the challenge's row as a solve does: every flag below has to wait for it.
      await holder.query('begin');
      await holder.query(`select 1 from challenges where id = 'dynamic-at-once' for no key update`);
      const answers = Promise.all(players.map((p) => p.client.post('/api/challenges/dynamic-at-once/submit', { flag: FLAG })));
      while ((await waiting()) === 0) {
        // the first flag reaches the lock
      }
      const signIn = await new TestClient(t.app).post('/api/auth/login', {
        email: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
      });
      expect(signIn.statusCode).toBe(200);
      expect(await waiting()).toBe(1);
      await holder.query('commit');
      const answered = (await answers).map((a) => a.json<{ status: string; points: number; score: number }>());
      expect(answered.map((a) => a.status)).toEqual(players.map(() => 'correct'));
      // The first flag waited at the lock alone (the 9th solve); the ones sent meanwhile waited in the server and
      // committed together, each answered with the value after the batch's last solve (the 16th: 500 − 10 × 15), which
      // is what every solver has then: the last batch's answers agree (scored at their own rank, they would differ).
      expect(answered.filter((a) => a.points === 350).length).toBeGreaterThan(1);
      expect(answered.every((a) => a.score === a.points && a.points >= 350 && a.points <= 420)).toBe(true);
    } finally {
      await holder.end();
    }
  });
});
