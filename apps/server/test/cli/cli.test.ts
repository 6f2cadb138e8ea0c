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
