import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { claimServerInstance } from '../../src/lib/instance-lock.js';
import { buildTestApp, TestClient } from '../build-test-app.js';

import { createInstance, type Instance, runDrapeau } from './run-cli-process.js';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
// Each run is a new process that loads the tool through tsx and opens the database: seconds, not milliseconds.
const SLOW = { timeout: 600_000 };

describe('npm run drapeau: help and configuration', SLOW, () => {
  it('lists its commands, and gives help for each', async () => {
    const top = await runDrapeau(['--help'], {});
    expect(top.code).toBe(0);
    for (const command of ['migrate', 'config', 'admin']) expect(top.stdout).toContain(command);
    const create = await runDrapeau(['admin', 'create', '--help'], {});
    expect(create.code).toBe(0);
    expect(create.stdout).toMatch(/--email <email>[\s\S]*--password-stdin/);
  });

  it('exits 2 with help on an unknown command', async () => {
    const run = await runDrapeau(['frobnicate'], {});
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/unknown command/);
  });

  it('config check prints the effective configuration with every secret hidden', async () => {
    const secrets = {
      INSTANCE_SECRET: 'instance-secret-0123456789abcdef',
      SESSION_SECRET: 'session-secret-0123456789abcdef0123456789',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'admin-password-secret',
      REDIS_URL: 'redis://:redis-password-secret@127.0.0.1:6379/9',
    };
    const run = await runDrapeau(['config', 'check'], { ...secrets, DATA_DIR: '/tmp/drapeau-config-check' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/INSTANCE_SECRET\s+set \(hidden\)/);
    expect(run.stdout).toMatch(/ADMIN_EMAIL\s+root@example.com/);
    for (const secret of ['instance-secret-0123', 'session-secret-0123', 'admin-password-secret', 'redis-password-secret']) {
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
  });

  it('config check names what is wrong and exits 1', async () => {
    const run = await runDrapeau(['config', 'check'], { PORT: 'eighty', SESSION_SECRET: 'short' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/PORT/);
    expect(run.stdout).toMatch(/SESSION_SECRET: must be at least 32 characters/);
    expect(run.stdout).not.toContain('short');
  });
});

describe(`npm run drapeau on ${kind}: admins`, SLOW, () => {
  let instance: Instance;
  beforeAll(async () => {
    instance = await createInstance(kind);
  }, SLOW.timeout);
  afterAll(async () => {
    await instance.destroy();
  });

  it('creates an admin who can sign in, then resets the password and signs out the old sessions', async () => {
    const created = await runDrapeau(
      ['admin', 'create', '--email', 'Ops@Example.com', '--username', 'ops', '--password-stdin'],
      instance.env,
      'first-password-1\n',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Admin ops <ops@example.com> created');
    expect(created.stdout).not.toContain('first-password-1');

    let database = await instance.open();
    let t = await buildTestApp({ database, env: { ...instance.env, INSTANCE_SECRET: '' } });
    const before = new TestClient(t.app);
    const login = await before.post('/api/auth/login', { email: 'ops@example.com', password: 'first-password-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { username: 'ops', rank: 'admin' } });
    const cookie = `drapeau.session_token=${login.cookies.find((c) => c.name === 'drapeau.session_token')?.value}`;
    await t.close();
    await database.close();

    const reset = await runDrapeau(['admin', 'reset-password', 'ops@example.com'], instance.env);
    expect(reset.code).toBe(0);
    const generated = /new password \(shown once\): (\S+)/.exec(reset.stdout)?.[1];
    expect(generated).toBeDefined();

    database = await instance.open();
    t = await buildTestApp({ database, env: { ...instance.env, INSTANCE_SECRET: '' } });
    try {
      const old = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(old.json()).toEqual({ user: null });
      const client = new TestClient(t.app);
      expect((await client.post('/api/auth/login', { email: 'ops@example.com', password: 'first-password-1' })).statusCode).toBe(
        401,
      );
      expect((await client.post('/api/auth/login', { email: 'ops@example.com', password: generated })).statusCode).toBe(200);
    } finally {
      await t.close();
      await database.close();
    }
  });

  // On PostgreSQL a server may run while a command changes an account: it is told at once (the event bus), so that it
  // neither serves the account's old session from its memory nor keeps its live streams open.
  it.runIf(kind === 'postgres')(
    'ends at once, on a running server, the sessions and live streams of an account it promotes or whose password it resets',
    async () => {
      // Whichever test ran first: the instance's database is migrated, as `npm start` would.
      expect((await runDrapeau(['migrate'], instance.env)).code).toBe(0);
      const database = await instance.open();
      const t = await buildTestApp({ database, env: { ...instance.env, INSTANCE_SECRET: '' } });
      const controllers: AbortController[] = [];
      /** A signed-in browser of the account: its client, and whether the server ended its live stream. */
      const signedIn = async (password: string) => {
        const client = new TestClient(t.app);
        expect((await client.post('/api/auth/login', { email: 'promoted@example.com', password })).statusCode).toBe(200);
        expect((await client.get('/api/challenges')).statusCode).toBe(200);
        const controller = new AbortController();
        controllers.push(controller);
        const stream = await fetch(`${baseUrl}/api/events`, {
          headers: { cookie: `drapeau.session_token=${client.sessionToken()}` },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        const state = { client, ended: false };
        void (async () => {
          const reader = stream.body!.getReader();
          while (!(await reader.read()).done);
          state.ended = true;
        })().catch(() => undefined);
        return state;
      };
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const registered = await new TestClient(t.app).post('/api/auth/register', {
          username: 'promoted',
          email: 'promoted@example.com',
          password: 'promoted-password-1',
        });
        expect(registered.statusCode).toBe(200);
        const asPlayer = await signedIn('promoted-password-1');
        const promoted = await runDrapeau(
          ['admin', 'create', '--email', 'promoted@example.com', '--username', 'promoted'],
          instance.env,
        );
        expect(promoted.code, promoted.stderr).toBe(0);
        expect(promoted.stdout).toContain('it is now an admin');
        await expect.poll(() => asPlayer.ended, { timeout: 60_000 }).toBe(true);
        expect((await asPlayer.client.get('/api/challenges')).statusCode).toBe(401);

        const asAdmin = await signedIn('promoted-password-1');
        expect((await asAdmin.client.get('/api/admin/stats')).statusCode).toBe(200);
        const reset = await runDrapeau(['admin', 'reset-password', 'promoted@example.com'], instance.env);
        expect(reset.code, reset.stderr).toBe(0);
        await expect.poll(() => asAdmin.ended, { timeout: 60_000 }).toBe(true);
        expect((await asAdmin.client.get('/api/admin/stats')).statusCode).toBe(401);
      } finally {
        for (const controller of controllers) controller.abort();
        await t.close();
        await database.close();
      }
    },
  );

  it('refuses a password that is too short, and an unknown account', async () => {
    const short = await runDrapeau(['admin', 'reset-password', 'ops@example.com', '--password-stdin'], instance.env, 'abc\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least|6 to/);
    const unknown = await runDrapeau(['admin', 'reset-password', 'nobody@example.com'], instance.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com');
  });

  it.runIf(kind === 'pglite')('refuses to open the embedded database while the server holds DATA_DIR', async () => {
    const release = await claimServerInstance(
      { databaseUrl: undefined, dataDir: instance.env.DATA_DIR! },
      { warn: () => {}, error: () => {} },
    );
    try {
      const run = await runDrapeau(['migrate'], instance.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Refused: .* is in use by another Drapeau process/);
    } finally {
      await release();
    }
    expect((await runDrapeau(['migrate'], instance.env)).code).toBe(0);
  });
});
