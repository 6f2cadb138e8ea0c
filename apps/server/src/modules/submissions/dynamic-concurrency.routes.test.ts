import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { solves } from '../../db/schema/index.js';
import { expectScoreInvariant, recomputeScoreOf } from '../../../test/score-invariant.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

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

// PostgreSQL only (PGlite has one connection, so nothing there can wait on a lock): a solve is one insert whatever the
// challenge's scoring (docs/decisions/007-scoring.md), so a correct flag on a dynamic challenge takes no lock on the
// challenge's row. Before the scoring ledger it did (every earlier solver's points were rewritten), and a burst of them
// waited on one another while holding the pool's connections.
describe.runIf(process.env.DATABASE_URL)('a burst of correct flags on a dynamic challenge, on PostgreSQL', () => {
  it('takes no lock on the challenge: every flag is answered while another transaction holds its row', async () => {
    const url = (t.database as { url?: string }).url!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t.app)));
      await holder.query('begin');
      await holder.query(`select 1 from challenges where id = 'dynamic-at-once' for no key update`);
      const answers = await Promise.all(
        players.map((p) => p.client.post('/api/challenges/dynamic-at-once/submit', { flag: FLAG })),
      );
      expect(answers.map((a) => a.json<{ status: string }>().status)).toEqual(players.map(() => 'correct'));
      await holder.query('commit');
      // 16 solves in all: 500 − 10 × 15 for every solver, the first eight included.
      for (const p of players) expect(await recomputeScoreOf(t.database, 'players', p.userId)).toBe(350);
      await expectScoreInvariant(t);
    } finally {
      await holder.end();
    }
  });
});
