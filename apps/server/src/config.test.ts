import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      admin: undefined,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000'],
      submissionRateLimit: 10,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives the public origin from PORT unless PUBLIC_URL is set', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://ctf.example.org/some/path' }).publicUrl).toBe('https://ctf.example.org');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ INSTANCE_SECRET: 'tiny' }, 'INSTANCE_SECRET'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ TRUSTED_ORIGINS: 'http://ok.example, nope' }, 'TRUSTED_ORIGINS'],
    [{ REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL'],
  ])('fails fast on %o, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('reads a complete admin account and lower-cases its email', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'long-enough' });
    expect(config.admin).toEqual({ email: 'boss@example.com', username: 'boss', password: 'long-enough' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
  });

  it("needs instances' own host name, never the platform's (its cookies)", () => {
    const socket = { INSTANCES_ENGINE_SOCKET: '/run/engine.sock', PUBLIC_URL: 'https://ctf.example.org' };
    expect(() => loadConfig(socket)).toThrow(/INSTANCES_HOST: must be set/);
    expect(() => loadConfig({ ...socket, INSTANCES_HOST: 'ctf.example.org' })).toThrow(/INSTANCES_HOST: must differ/);
    expect(loadConfig({ ...socket, INSTANCES_HOST: 'play.example.net' }).instances).toMatchObject({
      engineSocket: '/run/engine.sock',
      host: 'play.example.net',
      limits: { global: 50, perPlayer: 3 },
    });
  });

  it('runs instances on Kubernetes when asked, in its namespace, with their own host name', () => {
    const kubernetes = { INSTANCES_PROVIDER: 'kubernetes', PUBLIC_URL: 'https://ctf.example.org' };
    expect(() => loadConfig(kubernetes)).toThrow(/INSTANCES_HOST: must be set with INSTANCES_PROVIDER=kubernetes/);
    expect(() => loadConfig({ ...kubernetes, INSTANCES_HOST: 'play.example.net', INSTANCES_NAMESPACE: 'Not_A_Name' })).toThrow(
      /INSTANCES_NAMESPACE/,
    );
    expect(loadConfig({ ...kubernetes, INSTANCES_HOST: 'play.example.net' }).instances).toMatchObject({
      provider: 'kubernetes',
      namespace: 'drapeau-instances',
      host: 'play.example.net',
    });
    expect(() => loadConfig({ INSTANCES_PROVIDER: 'swarm' })).toThrow(/INSTANCES_PROVIDER/);
    expect(loadConfig({}).instances).toMatchObject({ provider: 'engine', engineSocket: undefined });
  });
});
