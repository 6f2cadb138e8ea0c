import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { zipOf } from '../../../test/ctfcli-fixture.js';

import { ArchiveError, type ImportLimits, readFolder, readZip } from './archive.js';

/** Small bounds, so that each one can be crossed with a few bytes. */
const LIMITS: ImportLimits = { maxArchiveBytes: 4_000, maxFiles: 5, maxTotalBytes: 3_000, maxFileBytes: 1_500 };
const problemOf = async (reading: Promise<unknown>) => {
  const error = await reading.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ArchiveError);
  return (error as ArchiveError).problem;
};
const zeros = (n: number) => Buffer.alloc(n);

describe('readZip keeps to its bounds before inflating anything', () => {
  it('reads an archive within every bound', async () => {
    const files = await readZip(await zipOf({ 'a/challenge.yml': 'name: A', 'a/f': zeros(1_000) }), LIMITS);
    expect([...files.keys()]).toEqual(['a/challenge.yml', 'a/f']);
  });
  it('refuses an archive too large', async () => {
    const big = Buffer.concat([await zipOf({ a: 'x' }), zeros(LIMITS.maxArchiveBytes)]);
    expect(await problemOf(readZip(big, LIMITS))).toMatchObject({ code: 'TOO_LARGE' });
  });
  it('refuses too many files', async () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, 'x']));
    expect(await problemOf(readZip(await zipOf(many), LIMITS))).toMatchObject({ code: 'TOO_MANY_FILES' });
  });
  it('refuses a file that inflates past its bound (compressed, it is small)', async () => {
    expect(await problemOf(readZip(await zipOf({ bomb: zeros(1_501) }), LIMITS))).toMatchObject({
      code: 'TOO_LARGE',
      file: 'bomb',
    });
  });
  it('refuses files that inflate past the total bound together', async () => {
    const zip = await zipOf({ a: zeros(1_400), b: zeros(1_400), c: zeros(1_400) });
    expect(zip.length).toBeLessThan(LIMITS.maxArchiveBytes);
    expect(await problemOf(readZip(zip, LIMITS))).toMatchObject({ code: 'TOO_LARGE', file: 'c' });
  });
});

describe('readFolder', () => {
  it('refuses a symbolic link, and keeps to the same bounds', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'drapeau-folder-'));
    await mkdir(path.join(root, 'a'));
    await writeFile(path.join(root, 'a', 'challenge.yml'), 'name: A');
    await symlink('/etc/passwd', path.join(root, 'a', 'secret'));
    expect(await problemOf(readFolder(root, LIMITS))).toMatchObject({ code: 'UNSAFE_PATH', file: 'a/secret' });

    const big = await mkdtemp(path.join(os.tmpdir(), 'drapeau-folder-'));
    await writeFile(path.join(big, 'a'), zeros(1_400));
    await writeFile(path.join(big, 'b'), zeros(1_400));
    await writeFile(path.join(big, 'c'), zeros(1_400));
    expect(await problemOf(readFolder(big, LIMITS))).toMatchObject({ code: 'TOO_LARGE', file: 'c' });
  });
});
