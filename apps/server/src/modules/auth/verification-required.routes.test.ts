import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

/**
 * The admin setting "email verification: required" (docs/decisions/012-accounts.md): a player whose address is not
 * confirmed can sign in and manage the account, but cannot play (read the challenges, submit a flag) until the link
 * from the mail is confirmed; "optional" lets them play at once.
 */
let t: TestApp;
let smtp: MailCatcher;
let admin: TestClient;
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Drapeau <ctf@school.example>' } });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const setMode = async (emailVerification: 'off' | 'optional' | 'required') => {
  const response = await admin.patch('/api/admin/settings', { emailVerification });
  expect(response.statusCode).toBe(200);
};

describe('email verification required before playing', () => {
  it('refuses play to an unverified player with 403 EMAIL_NOT_VERIFIED, until the mailed link is confirmed', async () => {
    await setMode('required');
    const player = await registerPlayer(t.app);
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('Confirm your email address');

    const submit = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    for (const url of ['/api/challenges', '/api/challenges/caesar-cipher', '/api/leaderboard/']) {
      const read = await player.client.get(url);
      expect(read.statusCode, url).toBe(403);
      expect(read.json().error.code, url).toBe('EMAIL_NOT_VERIFIED');
    }
    // The account itself stays reachable: the session, and asking for the mail again.
    const session = await player.client.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ emailVerified: false, solvedChallenges: [] });

    expect((await new TestClient(t.app).post('/api/auth/email/verify', { token: tokenOf(mail.link) })).statusCode).toBe(200);
    const solved = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') });
    expect(solved.statusCode).toBe(200);
    expect(solved.json().status).toBe('correct');
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
  });

  it('refuses play through an API token of an unverified player too', async () => {
    await setMode('required');
    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    const created = await player.client.post('/api/tokens', { name: 'script', expiresInDays: 1 });
    expect(created.statusCode).toBe(201);
    const { token } = created.json<{ token: string }>();
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/caesar-cipher/submit',
      payload: { flag: 'CTF{guess}' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('lets the same unverified player play as soon as the admins make verification optional', async () => {
    await setMode('required');
    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    expect((await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{x}' })).statusCode).toBe(403);
    await setMode('optional');
    const submit = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{x}' });
    expect(submit.statusCode).toBe(200);
    expect(submit.json().status).toBe('incorrect');
  });

  it('never holds back an admin', async () => {
    await setMode('required');
    expect((await admin.get('/api/challenges')).statusCode).toBe(200);
  });
});

describe('email verification off', () => {
  it('leaves out whether the address is confirmed: the session, the own profile and its edit answer no emailVerified', async () => {
    await setMode('off');
    const player = await registerPlayer(t.app);
    const session = (await player.client.get('/api/auth/session')).json().user;
    expect(session.email).toBe(player.email);
    expect(session).not.toHaveProperty('emailVerified');
    expect((await player.client.get(`/api/users/${session.uid}`)).json()).not.toHaveProperty('emailVerified');
    const edited = await player.client.patch('/api/users/me', { bio: 'no mail here' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).not.toHaveProperty('emailVerified');

    // Turned on again, the same player's session says the address is not confirmed.
    await setMode('optional');
    expect((await player.client.get('/api/auth/session')).json().user).toMatchObject({ emailVerified: false });
    expect((await player.client.get(`/api/users/${session.uid}`)).json()).toMatchObject({ emailVerified: false });
  });
});
