import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { declareSizes, zipOf } from '../../../../test/ctfcli-fixture.js';

import { type Archive, ArchiveError, type ImportLimits, openFolder, openZip, resolveInArchive } from './archive.js';

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
const readEvery = async (archive: Archive) => {
  try {
    return await archive.read([...archive.sizes.keys()]);
  } finally {
    archive.close();
  }
};
/** The archive with each entry's compressed bytes replaced by garbage: inflating any of them fails. */
const garbled = (zip: Buffer, names: string[]) => {
  const out = Buffer.from(zip);
  for (let at = out.indexOf('PK\x03\x04'); at !== -1; at = out.indexOf('PK\x03\x04', at + 4)) {
    // Local header: the name at offset 30, then the extra field, then the data.
    const nameLength = out.readUInt16LE(at + 26);
    if (!names.includes(out.toString('utf8', at + 30, at + 30 + nameLength))) continue;
    const start = at + 30 + nameLength + out.readUInt16LE(at + 28);
    out.fill(0xff, start, start + 8);
  }
  return out;
};

describe('a zip keeps to its bounds before inflating anything', () => {
  it('reads an archive within every bound', async () => {
    const files = await readEvery(await openZip(await zipOf({ 'a/challenge.yml': 'name: A', 'a/f': zeros(1_000) }), LIMITS));
    expect([...files.keys()]).toEqual(['a/challenge.yml', 'a/f']);
  });
  it('refuses an archive too large', async () => {
    const big = Buffer.concat([await zipOf({ a: 'x' }), zeros(LIMITS.maxArchiveBytes)]);
    expect(await problemOf(openZip(big, LIMITS))).toMatchObject({ code: 'TOO_LARGE' });
  });
  it('refuses to read too many files at once', async () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, 'x']));
    expect(await problemOf(readEvery(await openZip(await zipOf(many), LIMITS)))).toMatchObject({ code: 'TOO_MANY_FILES' });
  });
  it('refuses, from the central directory alone, files that declare more than the bounds', async () => {
    // The data is garbage: had anything been inflated, the answer would be a damaged archive, not TOO_LARGE.
    const one = garbled(await zipOf({ bomb: zeros(1_501) }), ['bomb']);
    expect(await problemOf(readEvery(await openZip(one, LIMITS)))).toMatchObject({ code: 'TOO_LARGE', file: 'bomb' });
    const together = garbled(await zipOf({ a: zeros(1_400), b: zeros(1_400), c: zeros(1_400) }), ['a', 'b', 'c']);
    expect(together.length).toBeLessThan(LIMITS.maxArchiveBytes);
    expect(await problemOf(readEvery(await openZip(together, LIMITS)))).toMatchObject({ code: 'TOO_LARGE', file: 'c' });
  });
  it('cuts a file whose declared size lies at that size, by the running total', async () => {
    const lying = declareSizes(await zipOf({ a: zeros(1_400), b: zeros(1_400), c: zeros(1_400) }), { a: 10, b: 10, c: 10 });
    expect(await problemOf(readEvery(await openZip(lying, LIMITS)))).toMatchObject({ code: 'TOO_LARGE', file: 'a' });
  });
  it('reads only the files asked for: the others are not inflated and do not count', async () => {
    const zip = garbled(await zipOf({ 'a/challenge.yml': 'name: A', 'a/src/big': zeros(1_501) }), ['a/src/big']);
    const archive = await openZip(zip, LIMITS);
    expect([...(await archive.read(['a/challenge.yml'])).keys()]).toEqual(['a/challenge.yml']);
    archive.close();
  });
});

describe('paths and links inside an archive', () => {
  const links = new Map([
    ['c/flag.txt', '../shared/flag.txt'],
    ['c/dist', 'build'],
    ['c/out', '/etc'],
    ['c/loop', 'loop'],
  ]);
  it('follows ./, ../ and links that stay inside; refuses what leaves it', () => {
    expect(resolveInArchive('c', './dist/x', new Map())).toBe('c/dist/x');
    expect(resolveInArchive('c', '../shared/x', new Map())).toBe('shared/x');
    expect(resolveInArchive('c', 'flag.txt', links)).toBe('shared/flag.txt');
    expect(resolveInArchive('c', 'dist/x', links)).toBe('c/build/x');
    expect(resolveInArchive('c', '../../x', links)).toBeNull();
    expect(resolveInArchive('c', '/etc/passwd', links)).toBeNull();
    expect(resolveInArchive('c', 'out/passwd', links)).toBeNull();
    expect(resolveInArchive('c', 'loop', links)).toBeNull();
  });
});

describe('a folder', () => {
  it('lists its links without following them, and keeps to the same bounds', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'drapeau-folder-'));
    await mkdir(path.join(root, 'a'));
    await writeFile(path.join(root, 'a', 'challenge.yml'), 'name: A');
    await symlink('/etc/passwd', path.join(root, 'a', 'secret'));
    const folder = await openFolder(root, LIMITS);
    expect([...folder.sizes.keys()]).toEqual(['a/challenge.yml']);
    expect(folder.links.get('a/secret')).toBe('/etc/passwd');

    const big = await mkdtemp(path.join(os.tmpdir(), 'drapeau-folder-'));
    await writeFile(path.join(big, 'a'), zeros(1_400));
    await writeFile(path.join(big, 'b'), zeros(1_400));
    await writeFile(path.join(big, 'c'), zeros(1_400));
    expect(await problemOf(readEvery(await openFolder(big, LIMITS)))).toMatchObject({ code: 'TOO_LARGE', file: 'c' });
  });
});
