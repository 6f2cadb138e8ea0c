import { Writable } from 'node:stream';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, TestClient } from '../../test/build-test-app.js';
import { totpCode } from '../../test/totp.js';
import { assert, attest, newCredential } from '../../test/webauthn.js';
import { createLoggerOptions } from '../lib/logger.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';

function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, sink };
}

async function appWithLog(env: Record<string, string>) {
  const { lines, sink } = logSink();
  const t = await buildTestApp({ env: { LOG_REQUESTS: '1', ...env }, logger: { ...createLoggerOptions('info'), stream: sink } });
  return { t, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('log redaction', () => {
  it("censors the passwords, flags, tokens and cookies of a line that logs a request's headers and body", async () => {
    // No route of ours logs a body today: this one does, through the logger configuration the server uses (set
    // explicitly, whatever the default level or request lines), so that the redaction list itself is what is tested.
    const { lines, sink } = logSink();
    const app = Fastify({ logger: { ...createLoggerOptions('info'), stream: sink } });
    app.post('/echo', async (request) => {
      request.log.info({ headers: request.headers, body: request.body }, 'request received');
      return { ok: true };
    });
    try {
      const secrets = {
        password: 'body-password-value-1',
        flag: 'CTF{body_flag_value_2}',
        token: 'drp_body-token-value-3',
        cookie: 'session-cookie-value-4',
        bearer: 'drp_header-token-value-5',
      };
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { cookie: `drapeau.session_token=${secrets.cookie}`, authorization: `Bearer ${secrets.bearer}` },
        payload: { username: 'visible-name', password: secrets.password, flag: secrets.flag, token: secrets.token },
      });
      expect(response.statusCode).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.msg === 'request received');
      // The line is there, with what is not secret, and every secret censored.
      expect(logged).toMatchObject({
        body: { username: 'visible-name', password: '[redacted]', flag: '[redacted]', token: '[redacted]' },
        headers: { cookie: '[redacted]', authorization: '[redacted]' },
      });
      const log = lines.join('\n');
      for (const text of Object.values(secrets)) expect(log).not.toContain(text);
    } finally {
      await app.close();
    }
  });
});

describe('logs for operators', () => {
  it('write one JSON line per request with its id, route, status and time, and answer the id', async () => {
    const { t, parsed } = await appWithLog({});
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/challenges/no-such-challenge' });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = parsed().find((l) => l.msg === 'request completed' && l.reqId === id);
      expect(line).toMatchObject({
        route: '/api/challenges/:id',
        res: { statusCode: expect.any(Number) as number },
        responseTime: expect.any(Number) as number,
      });
      // Without TRUST_PROXY a client cannot choose its id.
      const chosen = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'client-chosen' } });
      expect(chosen.headers['x-request-id']).not.toBe('client-chosen');
    } finally {
      await t.close();
    }
  });

  it('write no request line unless LOG_REQUESTS is set: the proxy in front logs requests', async () => {
    const { t, parsed } = await appWithLog({ LOG_REQUESTS: 'false' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(parsed().filter((l) => l.msg === 'request completed')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('write the request line with these fields only: it skips redaction, so nothing else may reach it', async () => {
    const { t, parsed } = await appWithLog({});
    try {
      const player = await registerPlayer(t.app, { password: 'log-test-password-2' });
      await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{guess}' });
      await player.client.get('/api/leaderboard?search=some-name&token=query-token');
      const requestLines = parsed().filter((l) => l.msg === 'request completed');
      expect(requestLines.length).toBeGreaterThanOrEqual(3);
      for (const line of requestLines) {
        expect(Object.keys(line).sort()).toEqual(
          ['hostname', 'level', 'msg', 'pid', 'req', 'reqId', 'res', 'responseTime', 'route', 'time'].sort(),
        );
        expect(Object.keys(line.req as object)).toEqual(['id', 'method', 'path', 'ip']);
        expect(Object.keys(line.res as object)).toEqual(['statusCode']);
        expect((line.req as { path: string }).path).not.toContain('?');
      }
    } finally {
      await t.close();
    }
  });

  it("keep a trusted proxy's correlation id, but not one that could forge a log field", async () => {
    const { t, parsed } = await appWithLog({ TRUST_PROXY: 'true' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-42.abc' } });
      expect(response.headers['x-request-id']).toBe('proxy-42.abc');
      expect(parsed().some((l) => l.reqId === 'proxy-42.abc' && l.route === '/api/health')).toBe(true);
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'x" "admin":true' },
      });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });

  it('never hold a secret: passwords, cookies, flags, the instance secret', async () => {
    const secret = 'operator-log-instance-secret-0123456789';
    const { t, lines } = await appWithLog({ INSTANCE_SECRET: secret, TRUST_PROXY: 'true' });
    try {
      const player = await registerPlayer(t.app, { password: 'log-test-password-1' });
      const client = new TestClient(t.app);
      const login = await client.post('/api/auth/login', { email: player.email, password: 'log-test-password-1' });
      const token = login.cookies.find((c) => c.name === 'drapeau.session_token')!.value;
      const flag = deriveFlag(secret, 'caesar-cipher');
      await client.post('/api/challenges/caesar-cipher/submit', { flag });
      await client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{wrong-guess-in-log}' });
      await client.get('/api/users/me?token=query-token-value');
      // An API token: created (its answer holds it), used, and refused once revoked.
      const created = await client.post('/api/tokens', { name: 'log script', expiresInDays: 1 });
      const apiToken = created.json<{ id: string; token: string }>();
      const bearer = { authorization: `Bearer ${apiToken.token}` };
      await t.app.inject({ method: 'POST', url: '/api/challenges/caesar-cipher/submit', headers: bearer, payload: { flag } });
      await client.delete(`/api/tokens/${apiToken.id}`);
      expect((await t.app.inject({ method: 'GET', url: '/api/challenges', headers: bearer })).statusCode).toBe(401);
      // Two-factor: the enrolment's secret and backup codes, a code, a wrong code.
      const enrolment = (await client.post('/api/auth/two-factor/enable', { password: 'log-test-password-1' })).json<{
        secret: string;
        backupCodes: string[];
      }>();
      const code = totpCode(enrolment.secret);
      await client.post('/api/auth/two-factor/confirm', { code: '918273' });
      await client.post('/api/auth/two-factor/confirm', { code });
      // Passkeys: the challenges, a refused answer (another site's) and an accepted one, a sign-in's signature.
      const credential = newCredential();
      const refusedOptions = (await client.post('/api/auth/passkeys/registration-options')).json<{ challenge: string }>();
      const refused = attest(credential, refusedOptions, { origin: 'https://evil.example' });
      await client.post('/api/auth/passkeys', { name: 'log key', response: refused });
      const options = (await client.post('/api/auth/passkeys/registration-options')).json<{ challenge: string }>();
      await client.post('/api/auth/passkeys', { name: 'log key', response: attest(credential, options) });
      const signIn = new TestClient(t.app);
      const signInOptions = (await signIn.post('/api/auth/passkey/sign-in/options')).json<{ challenge: string }>();
      const assertion = assert(credential, signInOptions);
      expect((await signIn.post('/api/auth/passkey/sign-in', { response: assertion })).statusCode).toBe(200);
      const passkeySecrets = [refusedOptions.challenge, options.challenge, signInOptions.challenge, assertion.response.signature];
      const log = lines.join('\n');
      expect(log).toContain('request completed');
      for (const text of passkeySecrets) expect(log).not.toContain(text);
      for (const text of [enrolment.secret, code, '918273', ...enrolment.backupCodes]) expect(log).not.toContain(text);
      const apiTokenSecret = apiToken.token.slice(4);
      for (const text of [
        'log-test-password-1',
        token.split('.')[0]!,
        flag,
        'wrong-guess-in-log',
        secret,
        'query-token-value',
        apiTokenSecret,
      ]) {
        expect(log).not.toContain(text);
      }
    } finally {
      await t.close();
    }
  });
});
