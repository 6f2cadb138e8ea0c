import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, TEST_ADMIN, TestClient, type TestApp } from '../../../test/build-test-app.js';

/** Issue #17.6: a stranger who knows an account's email must not lock its owner out. */
let t: TestApp;
const LIMIT = 5;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_ACCOUNT_RATE_LIMIT: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
});

const login = (client: TestClient, email: string, password: string, address: string) =>
  client.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: address });

describe('failed sign-ins per account and address', () => {
  it('locks the stranger out, while the owner still signs in from their own address', async () => {
    const stranger = new TestClient(t.app);
    const statuses = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      statuses.push((await login(stranger, TEST_ADMIN.email, `wrong-password-${i}`, '203.0.113.66')).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    // Even the right password is refused to the locked-out address...
    expect((await login(stranger, TEST_ADMIN.email, TEST_ADMIN.password, '203.0.113.66')).statusCode).toBe(429);
    // ...but the admin, from their own address, signs in, and a typo there is a plain 401.
    const owner = new TestClient(t.app);
    expect((await login(owner, TEST_ADMIN.email, 'typo-password', '198.51.100.7')).statusCode).toBe(401);
    expect((await login(owner, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it('counts a burst of concurrent wrong passwords exactly', async () => {
    const player = await registerPlayer(t.app);
    const attacker = new TestClient(t.app);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(attacker, player.email, `guess-${i}-password`, '203.0.113.9')),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(30 - LIMIT);
  });

  it('does not count successful sign-ins', async () => {
    const player = await registerPlayer(t.app);
    const client = new TestClient(t.app);
    for (let i = 0; i < LIMIT * 2; i += 1) {
      expect((await login(client, player.email, player.password, '198.51.100.20')).statusCode).toBe(200);
    }
    expect((await login(client, player.email, 'wrong-password', '198.51.100.20')).statusCode).toBe(401);
  });
});
