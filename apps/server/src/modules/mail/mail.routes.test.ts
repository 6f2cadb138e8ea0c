import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { createLoggerOptions } from '../../lib/logger.js';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: { ...createLoggerOptions('info'), stream } });
});
afterAll(async () => {
  await t.close();
});

describe('the outbox (no SMTP_URL)', () => {
  it('is announced in the log at start', () => {
    expect(logLines.join('')).toContain('no SMTP_URL: account mails go to the outbox that admins read in the admin panel');
  });

  it('keeps the mails for the admins, who read them in the admin panel; players cannot', async () => {
    const player = await registerPlayer(t.app);
    await new TestClient(t.app).post('/api/auth/password/forgot', { email: player.email }, { 'accept-language': 'fr' });
    const admin = await loginAdmin(t.app);
    // The mail is written in the background, after the request was answered.
    const isReset = (m: { recipient: string; subject: string }) =>
      m.recipient === player.email && m.subject.includes('mot de passe');
    await expect
      .poll(async () => (await admin.get('/api/admin/mail')).json().mails.some(isReset), { timeout: 60_000 })
      .toBe(true);
    const page = (await admin.get('/api/admin/mail')).json();
    expect(page.mode).toBe('outbox');
    const reset = page.mails.find(isReset);
    expect(reset.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=\S+/);
    expect(reset.html).toContain('<a href="http://localhost:3000/reset-password?token=');
    expect(reset.language).toBe('fr');
    const verification = page.mails.find(
      (m: { recipient: string; subject: string }) => m.recipient === player.email && m.subject === 'Confirm your email address',
    );
    expect(verification).toMatchObject({ language: 'en' });
    expect(verification.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect((await player.client.get('/api/admin/mail')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/mail')).statusCode).toBe(401);
  });
});
