import { describe, expect, it, vi } from 'vitest';

import type { CliContext } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/run-cli.js';

// What a command loads only when it runs (its action, the database drivers): `--help` must never import them.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../src/cli/actions/backup.js', () => {
  loaded.add('actions/backup');
  return { backup: async () => {}, restore: async () => {} };
});
vi.mock('../../src/cli/database-access.js', () => {
  loaded.add('database-access');
  return { withCliDatabase: async () => {} };
});

async function help(...path: string[]): Promise<string> {
  let out = '';
  const context = {
    env: {},
    out: (text: string) => (out += text),
    err: (text: string) => (out += text),
  } as unknown as CliContext;
  expect(await runCli([...path, '--help'], context)).toBe(0);
  return out.replace(/\s+/g, ' ');
}

describe('npm run drapeau -- [command] --help', () => {
  it('lists every command with what it does', async () => {
    const text = await help();
    expect(text).toContain('Usage: drapeau [options] [command]');
    for (const line of [
      'migrate apply the database migrations this version ships',
      'config inspect the configuration',
      'admin manage admin accounts',
      'backup <file> write the whole instance to one archive, also while the server runs',
      'restore <file> replace the whole instance with an archive (every server stopped)',
      'challenges import or export challenges',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('gives each command its own help: arguments, options and what it needs', async () => {
    expect(await help('migrate')).toContain('Usage: drapeau migrate [options] apply the database migrations');
    expect(await help('config')).toMatch(/Usage: drapeau config .* check print the effective configuration/);
    expect(await help('config', 'check')).toMatch(/secrets hidden.*exit 1 on an error/);
    expect(await help('admin')).toMatch(/create .*create an admin account.* reset-password .*set a new password/);
    const create = await help('admin', 'create');
    expect(create).toContain('Usage: drapeau admin create [options]');
    expect(create).toMatch(/--email <email> email of the account .*--username <username> .*--password-stdin read the password/);
    const reset = await help('admin', 'reset-password');
    expect(reset).toMatch(/Usage: drapeau admin reset-password \[options\] <email>.*sign out all of its sessions/);
    expect(reset).toContain('--password-stdin');
    const backup = await help('backup');
    expect(backup).toContain('Usage: drapeau backup [options] <file>');
    expect(backup).toMatch(/on the embedded database it asks the running server/);
    expect(backup).toContain('readable by its owner only');
    expect(await help('restore')).toMatch(/Usage: drapeau restore \[options\] <file>.*every server must be stopped/);
    expect(await help('challenges')).toMatch(/import \[options\] <source> .*export <dir>/);
    expect(await help('challenges', 'import')).toMatch(/all or nothing.*--create-categories/);
    expect(await help('challenges', 'export')).toMatch(/Usage: drapeau challenges export \[options\] <dir>.*challenge.yml/);
  });

  it('loads no command and no database for help, only for a run', async () => {
    for (const path of [[], ['backup'], ['restore'], ['admin', 'create'], ['migrate']]) await help(...path);
    expect([...loaded]).toEqual([]);
    const context = { env: {}, out: () => {}, err: () => {} } as unknown as CliContext;
    expect(await runCli(['backup', '/tmp/never-written.tar.gz'], context)).toBe(0);
    expect([...loaded]).toEqual(['actions/backup']);
  });
});
