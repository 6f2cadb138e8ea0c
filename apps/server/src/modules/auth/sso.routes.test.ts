import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, TEST_ADMIN, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { startOidcProvider } from '../../../test/oidc-provider.js';
import { signInWithSso } from '../../../test/sso-sign-in.js';

let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;
const accounts: Record<string, { email: string; email_verified: boolean; preferred_username?: string }> = {};

beforeAll(async () => {
  oidc = await startOidcProvider(accounts);
  t = await buildTestApp({
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_BUTTON_LABEL: 'School account',
      LOCAL_SIGN_UP: 'off',
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

const ssoSignIn = (accountId: string) => signInWithSso(t.app, accountId);

describe('single sign-on (OpenID Connect)', () => {
  it('tells the sign-in page about the button, and refuses local sign-up when it is off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sso' })).json()).toEqual({
      enabled: true,
      label: 'School account',
      localSignUp: false,
    });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'local1', email: 'local1@example.com', password: 'local-password-1' },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().error.code).toBe('SIGN_UP_DISABLED');
  });

  it('makes an account on the first sign-in, with a safe username, and signs it in again later', async () => {
    accounts['alice-sub'] = { email: 'alice@school.test', email_verified: true, preferred_username: 'Alice <script>' };
    const { client, location } = await ssoSignIn('alice-sub');
    expect(location).toBe('/challenges');
    const user = (await client.get('/api/auth/session')).json().user;
    expect(user.username).toBe('Alicescript');
    expect(user.email).toBe('alice@school.test');
    const again = await ssoSignIn('alice-sub');
    expect((await again.client.get('/api/auth/session')).json().user.uid).toBe(user.uid);
  });

  it('joins an existing local account only when the provider has verified the address', async () => {
    const adminClient = await loginAdmin(t.app);
    const adminId = (await adminClient.get('/api/auth/session')).json().user.uid;
    // The same address, not verified at the provider: no sign-in, and the local account is untouched.
    accounts['mallory-sub'] = { email: TEST_ADMIN.email, email_verified: false, preferred_username: 'mallory' };
    const refused = await ssoSignIn('mallory-sub');
    expect(refused.location).toMatch(/^\/login\?/);
    expect(refused.client.hasSession()).toBe(false);
    expect((await refused.client.get('/api/auth/session')).json().user).toBeNull();

    // Verified at the provider, but not here yet: still no (the address may have been taken before its owner came).
    accounts['admin-sub'] = { email: TEST_ADMIN.email, email_verified: true, preferred_username: 'someone' };
    expect((await ssoSignIn('admin-sub')).location).toMatch(/^\/login\?/);
    // Verified on both sides: the same person, the accounts are joined.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, adminId));
    const linked = await ssoSignIn('admin-sub');
    expect(linked.location).toBe('/challenges');
    expect((await linked.client.get('/api/auth/session')).json().user.uid).toBe(adminId);
  });

  it('refuses a callback without the state of a sign-in it started', async () => {
    const client = new TestClient(t.app);
    const forged = await client.get('/api/auth/sso/callback?code=stolen-code&state=forged-state');
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toMatch(/^\/login\?/);
    expect(client.hasSession()).toBe(false);
  });
});
