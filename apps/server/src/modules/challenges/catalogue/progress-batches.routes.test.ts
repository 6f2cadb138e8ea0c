import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { statementsRun } from '../../../../test/statements.js';

// docs/performance.md "2026-11-24: cold players": the progress of players arriving together (solves, opened hints, wrong
// attempts) is read in one batch of four statements, not four statements each, and each player still gets their own.

const TOKEN = 'progress-batches-metrics-token-01';
const FLAG = 'CTF{progress_batches}';
const MAX_ATTEMPTS = 5;
const PLAYERS = 12;

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;

const statements = (): Promise<number> => statementsRun(t.app, TOKEN);

async function createChallenge(id: string, options: { maxAttempts?: number; hintCost?: number }) {
  const answer = await admin.post('/api/admin/challenges', {
    id,
    title: { en: 'Progress', fr: 'Progression' },
    description: { en: 'Read in batches.', fr: 'Lue par lots.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 100 },
    ...(options.hintCost === undefined ? {} : { hints: [{ content: { en: 'Hint', fr: 'Indice' }, cost: options.hintCost }] }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('cold players', () => {
  it('get their own progress, read for all of them in a few statements', async () => {
    await createChallenge('progress-limited', { maxAttempts: MAX_ATTEMPTS, hintCost: 10 });
    await createChallenge('progress-solved', {});
    const hintId = (await admin.get('/api/challenges/progress-limited')).json<{ hints: { id: number }[] }>().hints[0]!.id;
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i += 1) players.push(await registerPlayer(t.app));
    // Player i solved one challenge if i is even, opened the hint of the other if i is a multiple of 3, and sent i % 4
    // wrong flags to it.
    for (const [i, player] of players.entries()) {
      if (i % 2 === 0)
        expect((await player.client.post('/api/challenges/progress-solved/submit', { flag: FLAG })).json().status).toBe(
          'correct',
        );
      if (i % 3 === 0)
        expect((await player.client.post(`/api/challenges/progress-limited/hints/${hintId}/open`, {})).statusCode).toBe(200);
      for (let n = 0; n < i % 4; n += 1)
        expect((await player.client.post('/api/challenges/progress-limited/submit', { flag: 'CTF{no}' })).json().status).toBe(
          'incorrect',
        );
    }

    // A change of the catalogue forgets every player's progress: each is read again on their next request.
    const patched = await admin.patch('/api/admin/challenges/progress-solved', {
      title: { en: 'Progress 2', fr: 'Progression 2' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The catalogue and the solve counts are read again by one request (on PostgreSQL, notifications of the writes above
    // may make it read them again: until a request costs only its player's progress, four statements at most).
    const warm = await registerPlayer(t.app);
    for (let i = 0; i < 100; i += 1) {
      const before = await statements();
      expect((await warm.client.get('/api/challenges/progress-limited')).statusCode).toBe(200);
      if ((await statements()) - before <= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const before = await statements();
    const views = await Promise.all(players.map((p) => p.client.get('/api/challenges/progress-limited')));
    const spent = (await statements()) - before;
    const solvedViews = await Promise.all(players.map((p) => p.client.get('/api/challenges/progress-solved')));

    // One at a time, twelve players cost 48 statements; together, one batch (two if the first starts alone) and perhaps
    // a session read.
    expect(spent).toBeLessThanOrEqual(10);
    for (const [i, view] of views.entries()) {
      const detail = view.json<{ attemptsLeft: number | null; hints: { isOpened: boolean }[] }>();
      expect({ player: i, attemptsLeft: detail.attemptsLeft, opened: detail.hints[0]!.isOpened }).toEqual({
        player: i,
        attemptsLeft: MAX_ATTEMPTS - (i % 4),
        opened: i % 3 === 0,
      });
      expect({ player: i, solved: solvedViews[i]!.json<{ solved: boolean }>().solved }).toEqual({
        player: i,
        solved: i % 2 === 0,
      });
    }
  });
});
