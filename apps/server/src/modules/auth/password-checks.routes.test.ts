import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, TEST_ADMIN, TestClient, type TestApp } from '../../../test/build-test-app.js';
import { createWorkGate } from '../../lib/work-gate.js';

import { authBusy } from './password-checks.js';

/**
 * docs/decisions/010-abuse-limits.md "Password checks": when the password checks already queued would keep a newcomer
 * waiting too long, the account routes answer 503 AUTH_BUSY with Retry-After at once, write nothing, and count no failed
 * sign-in; once the queue drains, the same requests go through.
 */
let t: TestApp;
const LIMIT = 3;
// One check at a time and no waiting: while the test holds one, every other is refused.
const gate = createWorkGate({ concurrency: 1, maxWaitMs: 0, initialCostMs: 1_500, busy: authBusy });
// One check at a time, and a newcomer accepted into the queue (one round of 100 ms ahead, within the 200-ms wait).
const queueingGate = createWorkGate({ concurrency: 1, maxWaitMs: 200, initialCostMs: 100, busy: authBusy });
let queueing: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ passwordChecks: gate, env: { AUTH_ACCOUNT_RATE_LIMIT: String(LIMIT) } });
  queueing = await buildTestApp({ passwordChecks: queueingGate, env: { AUTH_ACCOUNT_RATE_LIMIT: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
  await queueing.close();
});

/** Holds the gate's one slot until the returned function is called. */
function holdPasswordChecks(heldGate = gate): () => Promise<void> {
  let release!: () => void;
  const held = heldGate.run(() => new Promise<void>((resolve) => (release = resolve)));
  return async () => {
    release();
    await held;
  };
}

const login = (client: TestClient, password = TEST_ADMIN.password) =>
  client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: TEST_ADMIN.email, password },
    remoteAddress: '198.51.100.23',
  });

describe('password checks in turn', () => {
  it('refuses a sign-in at once with 503 AUTH_BUSY and when to come back, without counting it as a failure', async () => {
    const release = holdPasswordChecks();
    const client = new TestClient(t.app);
    // More refusals than the account's failed sign-ins allow: none of them counts.
    for (let i = 0; i <= LIMIT; i += 1) {
      const response = await login(client);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ error: { code: 'AUTH_BUSY', retryAfterSeconds: 2 } });
    }
    await release();
    const signedIn = await login(client);
    expect(signedIn.statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/auth/session' })).json()).toMatchObject({
      user: { email: TEST_ADMIN.email },
    });
  });

  it('refuses a sign-up the same way and writes no account: the same username registers once the queue drains', async () => {
    const account = { username: 'queued_player', email: 'queued@example.com', password: 'queued-password-1' };
    const release = holdPasswordChecks();
    const client = new TestClient(t.app);
    const refused = await client.request({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'AUTH_BUSY' } });
    await release();
    const registered = await client.request({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ user: { username: 'queued_player' } });
  });

  it('answers a sign-in accepted into the queue 503 AUTH_BUSY once it waited the longest wait, however long the checks ahead take', async () => {
    // The check ahead never ends while the test holds it (a machine far slower than the estimate): the sign-in queued
    // behind it is answered at the end of its wait, not left hanging until the request's timeout cuts it.
    const release = holdPasswordChecks(queueingGate);
    const client = new TestClient(queueing.app);
    const refused = await login(client);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ error: { code: 'AUTH_BUSY' } });
    // It checked no password and counts no failure: more of them than the failed sign-ins allow, then the sign-in works.
    for (let i = 0; i < LIMIT; i += 1) expect((await login(client)).statusCode).toBe(503);
    await release();
    expect((await login(client)).statusCode).toBe(200);
  });
});
