import { Writable } from 'node:stream';

import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher.js';
import { users, verifications } from '../../db/schema/index.js';
import { createLoggerOptions } from '../../lib/logger.js';

let t: TestApp;
let smtp: MailCatcher;
const logLines: string[] = [];
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

beforeAll(async () => {
  smtp = await startMailCatcher();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Drapeau <ctf@school.example>', MAIL_RATE_LIMIT: '3', LOG_REQUESTS: '1' },
    logger: { ...createLoggerOptions('debug'), stream: sink },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('password reset by email', () => {
  it('mails a single-use link in the user’s language; the new password works and every session ends', async () => {
    const player = await registerPlayer(t.app);
    await smtp.next(player.email); // the verification mail of the sign-up
    const forgot = await new TestClient(t.app).post(
      '/api/auth/password/forgot',
      { email: player.email },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ ok: true });
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe');
    expect(mail.text).toContain('Bonjour');
    expect(mail.html).toContain('<a href="http://localhost:3000/reset-password?token=');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);

    const anonymous = new TestClient(t.app);
    const reset = await anonymous.post('/api/auth/password/reset', { token: tokenOf(mail.link), newPassword: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(401);
    const oldLogin = await anonymous.post('/api/auth/login', { email: player.email, password: player.password });
    expect(oldLogin.statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/login', { email: player.email, password: 'brand-new-pass' })).statusCode).toBe(200);

    const again = await anonymous.post('/api/auth/password/reset', { token: tokenOf(mail.link), newPassword: 'third-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link', async () => {
    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    await new TestClient(t.app).post('/api/auth/password/forgot', { email: player.email });
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('Choose a new password');
    const token = tokenOf(mail.link);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const reset = await new TestClient(t.app).post('/api/auth/password/reset', { token, newPassword: 'brand-new-pass' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown address, and limits requests per address whether or not it exists', async () => {
    const client = new TestClient(t.app);
    const unknown = 'nobody-here@example.com';
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await client.post('/api/auth/password/forgot', { email: unknown }));
    expect(answers.slice(0, 3).map((r) => [r.statusCode, r.body])).toEqual(Array(3).fill([200, '{"ok":true}']));
    expect(answers[3]?.statusCode).toBe(429);
    expect(answers[3]?.json().error.code).toBe('RATE_LIMITED');

    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    const known = [];
    for (let i = 0; i < 4; i += 1) known.push(await client.post('/api/auth/password/forgot', { email: player.email }));
    expect(known.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(known[0]?.body).toBe(answers[0]?.body);
    expect(smtp.mails.some((m) => m.to === unknown)).toBe(false);
  });
});

describe('mail-bearing requests per IP', () => {
  it('are limited to ten times the per-address limit an hour, whatever the addresses, and per IP only', async () => {
    for (const url of ['/api/auth/password/forgot', '/api/auth/email/verification']) {
      const from = (remoteAddress: string, i: number) =>
        t.app.inject({ method: 'POST', url, payload: { email: `someone-${i}@ip-limit.example` }, remoteAddress });
      const answers = [];
      for (let i = 0; i < 31; i += 1) answers.push((await from('10.9.8.7', i)).statusCode);
      expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(answers[30], url).toBe(429);
      // Another address (another school's network) is not held back by that one.
      expect((await from('10.9.8.8', 99)).statusCode).toBe(200);
    }
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; confirming it marks the address as verified', async () => {
    const player = await registerPlayer(t.app);
    const me = async () => (await player.client.get('/api/auth/session')).json().user;
    expect(await me()).toMatchObject({ emailVerified: false });
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    // Opening the link is only a page of the web app: the API changes nothing until the page posts the token.
    expect(await me()).toMatchObject({ emailVerified: false });
    const verify = await new TestClient(t.app).post('/api/auth/email/verify', { token: tokenOf(mail.link) });
    expect(verify.statusCode).toBe(200);
    expect(await me()).toMatchObject({ emailVerified: true });
  });

  it('refuses a forged or tampered token', async () => {
    const bad = await new TestClient(t.app).post('/api/auth/email/verify', {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged-signature',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_TOKEN');
  });

  it('sends the mail again on request, answering the same for any address', async () => {
    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    const client = new TestClient(t.app);
    const known = await client.post('/api/auth/email/verification', { email: player.email });
    const unknown = await client.post('/api/auth/email/verification', { email: 'ghost@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect((await smtp.next(player.email)).subject).toBe('Confirm your email address');
  });
});

describe('change of email and of password', () => {
  it('changes the address only once the link sent to the new address is confirmed', async () => {
    const player = await registerPlayer(t.app);
    await smtp.next(player.email);
    const newEmail = `new-${player.email}`;
    expect((await player.client.post('/api/auth/email/change', { newEmail })).statusCode).toBe(200);
    const mail = await smtp.next(newEmail);
    expect(mail.subject).toBe('Confirm your new email address');
    expect((await player.client.get('/api/auth/session')).json().user.email).toBe(player.email);
    expect((await new TestClient(t.app).post('/api/auth/email/verify', { token: tokenOf(mail.link) })).statusCode).toBe(200);
    expect((await player.client.get('/api/auth/session')).json().user.email).toBe(newEmail);
    const login = await new TestClient(t.app).post('/api/auth/login', { email: newEmail, password: player.password });
    expect(login.statusCode).toBe(200);
  });

  it('requires the current password, and signs the other sessions out', async () => {
    const player = await registerPlayer(t.app);
    const other = new TestClient(t.app);
    await other.post('/api/auth/login', { email: player.email, password: player.password });
    expect((await other.get('/api/leaderboard/')).statusCode).toBe(200);
    const wrong = await player.client.post('/api/auth/password/change', {
      currentPassword: 'nope-nope',
      newPassword: 'changed-pass-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const right = await player.client.post('/api/auth/password/change', {
      currentPassword: player.password,
      newPassword: 'changed-pass-1',
    });
    expect(right.statusCode).toBe(200);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(200);
    expect((await other.get('/api/leaderboard/')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: 'changed-pass-1' });
    expect(login.statusCode).toBe(200);
  });

  it('requires a session for the change of email and of password', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/auth/email/change', { newEmail: 'a@b.co' })).statusCode).toBe(401);
    const change = await anonymous.post('/api/auth/password/change', { currentPassword: 'x', newPassword: 'y' });
    expect(change.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a reset or verification token, nor a link from a mail', async () => {
    const tokens = (
      await t.database.db.select().from(verifications).where(like(verifications.identifier, 'reset-password:%'))
    ).map((row) => row.identifier.slice('reset-password:'.length));
    const links = smtp.mails.map((m) => m.link);
    expect(links.length).toBeGreaterThan(3);
    const log = logLines.join('');
    expect(log).toContain('/api/auth/password/reset');
    for (const secret of [...tokens, ...links, ...links.map(tokenOf)]) expect(log).not.toContain(secret);
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admin).toBeDefined();
  });
});
