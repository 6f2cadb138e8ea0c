import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';

/**
 * Issue 34, point 1: no lab input holds the server. Player input that never ends or builds huge strings runs in the lab
 * workers (docs/decisions/011-real-labs.md#workers), so requests sent after it are answered first. Only the order of
 * completion is checked, never a duration.
 */

const ENDLESS_SQL =
  "' UNION SELECT x,x,x,x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c WHERE x<0) --";
const CPU_HEAVY_TEMPLATE = "{{('a'*99999)|list|length}}".repeat(70);
const HUGE_STRING_TEMPLATE = "{{ ('a'*99999)|list|join('b'*99999) }}";

let t: TestApp;
beforeAll(async () => {
  // Four workers: three held by the endless queries, one for the rest. A time limit far longer than any quick call
  // takes, so that the endless ones are the last to answer on any machine.
  t = await buildTestApp({
    env: { LAB_WORKERS: '4', LAB_TIME_LIMIT_MS: '15000', LAB_RATE_LIMIT: '500' },
    labWorkersAtStart: true,
  });
});
afterAll(async () => {
  await t.close();
});

function labCall(client: TestClient, id: string, action: string, input: Record<string, string>) {
  return client.post(`/api/challenges/${id}/lab`, { action, input });
}

describe('POST /api/challenges/:id/lab runs the labs off the main thread', () => {
  it('answers health and leaderboard requests sent after endless, CPU-heavy and huge lab calls before those calls', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(t.app)));
    // Loaded workers: the first answer comes from one.
    expect((await labCall(players[0]!.client, 'xor-encryption', 'sample', {})).statusCode).toBe(200);

    const finished: string[] = [];
    const track = <T>(name: string, request: Promise<T>) =>
      request.then((response) => {
        finished.push(name);
        return response;
      });
    const sqls = players
      .slice(0, 3)
      .map((player, i) =>
        track(`sql-${i}`, labCall(player.client, 'sql-injection-extraction', 'login', { username: ENDLESS_SQL, password: 'x' })),
      );
    const templates = [
      labCall(players[3]!.client, 'server-side-template-injection', 'render', { name: CPU_HEAVY_TEMPLATE }),
      labCall(players[4]!.client, 'server-side-template-injection', 'render', { name: HUGE_STRING_TEMPLATE }),
    ];
    // A quick lab call sent after them goes through the same steps (session, limit, flag): once it is answered, the
    // calls sent before it are under way. Before the pool, the first endless query held the event loop from here on.
    expect((await labCall(players[5]!.client, 'xor-encryption', 'sample', {})).statusCode).toBe(200);
    const health = track('health', t.app.inject({ method: 'GET', url: '/api/health' }));
    const leaderboard = track('leaderboard', players[0]!.client.get('/api/leaderboard'));

    expect((await health).statusCode).toBe(200);
    expect((await leaderboard).statusCode).toBe(200);
    const [sql0, sql1, sql2] = await Promise.all(sqls);
    const [cpu, huge] = await Promise.all(templates);
    expect(finished.slice(0, 2).sort()).toEqual(['health', 'leaderboard']);

    for (const sql of [sql0, sql1, sql2]) {
      expect(sql!.statusCode).toBe(422);
      expect(sql!.json()).toMatchObject({ error: { code: 'LAB_TIMEOUT', message: expect.any(String) } });
    }
    for (const template of [cpu, huge]) {
      expect(template!.statusCode).toBe(200);
      expect(template!.json()).toMatchObject({ ok: false, code: 'server-error', output: { status: '500' } });
    }

    // The ended workers were replaced: the labs answer again, the SQL lab included.
    const login = await labCall(players[0]!.client, 'sql-injection-extraction', 'login', { username: "admin' --", password: '' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ ok: true, code: 'logged-in' });
  });

  it('refuses a second call from a player whose first is still running: 409 LAB_BUSY', async () => {
    const { client } = await registerPlayer(t.app);
    const endless = labCall(client, 'sql-injection-extraction', 'login', { username: ENDLESS_SQL, password: 'x' });
    // Until the endless call reaches the pool, a quick one may still pass; from then on, each is refused.
    let second = await labCall(client, 'xor-encryption', 'sample', {});
    for (let tries = 0; second.statusCode === 200 && tries < 50; tries += 1)
      second = await labCall(client, 'xor-encryption', 'sample', {});
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'LAB_BUSY' } });
    expect((await endless).statusCode).toBe(422);
    expect((await labCall(client, 'xor-encryption', 'sample', {})).statusCode).toBe(200);
  });
});
