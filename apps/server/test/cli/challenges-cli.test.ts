import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { claimServerInstance } from '../../src/lib/instance-lock.js';
import { CTFCLI_FIXTURE_DIR, declareSizes, filesOf, fixtureZip, zipOf } from '../ctfcli-fixture.js';

import { createInstance, type Instance, runDrapeau } from './run-cli-process.js';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
// Each run is a new process that loads the tool through tsx and opens the database: seconds, not milliseconds.
const SLOW = { timeout: 600_000 };

describe(`npm run drapeau -- challenges on ${kind}`, SLOW, () => {
  let first: Instance;
  let second: Instance;
  beforeAll(async () => {
    first = await createInstance(kind);
    second = await createInstance(kind);
  }, SLOW.timeout);
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
  });

  it('imports the ctfcli fixture folder unchanged, exports it, and a fresh database importing the export exports the same', async () => {
    const imported = await runDrapeau(['challenges', 'import', CTFCLI_FIXTURE_DIR, '--create-categories'], first.env);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^created\s+cookie-monster \(web\/cookie-monster\)$/m);
    // Each challenge's warnings under it, in English (ret2win's `image: .` has no Dockerfile beside it).
    expect(imported.stdout).toMatch(
      /^created\s+ret2win \(pwn\/ret2win\)\n(?: {2}warning: .*\n)* {2}warning: image: "\." is not a folder .*; imported without its service$/m,
    );
    expect(imported.stdout).toContain('10 created, 0 updated, 0 unchanged.');

    const out = await mkdtemp(path.join(os.tmpdir(), 'drapeau-export-'));
    const exported = await runDrapeau(['challenges', 'export', path.join(out, 'one')], first.env);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('Exported 10 challenge(s)');

    // A zip goes in as well as a folder.
    const zip = path.join(out, 'fixture.zip');
    await writeFile(zip, await fixtureZip());
    const again = await runDrapeau(['challenges', 'import', zip, '--create-categories'], first.env);
    expect(again.stdout).toContain('0 created, 0 updated, 10 unchanged.');

    const reimported = await runDrapeau(['challenges', 'import', path.join(out, 'one'), '--create-categories'], second.env);
    expect(reimported.stderr).toBe('');
    expect(reimported.stdout).toContain('10 created, 0 updated, 0 unchanged.');
    await runDrapeau(['challenges', 'export', path.join(out, 'two')], second.env);
    const one = await filesOf(path.join(out, 'one'));
    const two = await filesOf(path.join(out, 'two'));
    expect(Object.keys(two).sort()).toEqual(Object.keys(one).sort());
    for (const [name, data] of Object.entries(one)) expect(two[name]?.equals(data), name).toBe(true);
    // Every file of the fixture came through with the same bytes.
    const fixture = await filesOf(CTFCLI_FIXTURE_DIR);
    expect(two['crypto/baby-rsa/files/chall.py']?.equals(fixture['crypto/baby-rsa/dist/chall.py']!)).toBe(true);
  });

  it('refuses bad input as a whole, naming file, line and field, and exits 1', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-bad-'));
    await mkdir(path.join(dir, 'fine'));
    await writeFile(path.join(dir, 'fine', 'challenge.yml'), 'name: Fine\ncategory: web-server\nflags:\n  - CTF{f}\n');
    await mkdir(path.join(dir, 'bad'));
    await writeFile(path.join(dir, 'bad', 'challenge.yml'), 'name: Bad\nflags:\n  - CTF{b}\ncategory: Nowhere\n');
    const run = await runDrapeau(['challenges', 'import', dir], second.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Nothing was imported:');
    expect(run.stderr, run.stderr).toContain('bad/challenge.yml:4 category: unknown category "Nowhere"');
    expect(run.stderr).toContain('warning: fine/challenge.yml: value: none given, imported hidden at 0 points');
    const exported = await runDrapeau(['challenges', 'export', path.join(dir, 'out')], second.env);
    expect(exported.stdout).toContain('Exported 10 challenge(s)');
  });

  it('refuses a zip whose files declare more than the bounds, or inflate past what they declare', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-zip-'));
    const yml = 'name: Zeros\ncategory: web-server\nflags: ["CTF{z}"]\nfiles: [a.bin, b.bin]\n';
    const zip = await zipOf({ 'z/challenge.yml': yml, 'z/a.bin': 'x', 'z/b.bin': Buffer.alloc(1024 * 1024) });
    await writeFile(
      path.join(dir, 'declared.zip'),
      declareSizes(zip, { 'z/a.bin': 400 * 1024 * 1024, 'z/b.bin': 200 * 1024 * 1024 }),
    );
    await writeFile(path.join(dir, 'lying.zip'), declareSizes(zip, { 'z/b.bin': 10 }));
    const declared = await runDrapeau(['challenges', 'import', path.join(dir, 'declared.zip')], second.env);
    expect(declared.code).toBe(1);
    expect(declared.stderr).toContain('z/a.bin: the file is too large');
    const lying = await runDrapeau(['challenges', 'import', path.join(dir, 'lying.zip')], second.env);
    expect(lying.code).toBe(1);
    expect(lying.stderr).toContain('z/b.bin: the file inflates to more than its declared size');
  });

  it.runIf(kind === 'pglite')('refuses to run while a server holds the embedded database', async () => {
    const release = await claimServerInstance(
      { databaseUrl: undefined, dataDir: first.env.DATA_DIR! },
      { warn: () => {}, error: () => {} },
    );
    try {
      const run = await runDrapeau(['challenges', 'import', CTFCLI_FIXTURE_DIR], first.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Refused: .* is in use by another Drapeau process/);
    } finally {
      await release();
    }
  });
});
