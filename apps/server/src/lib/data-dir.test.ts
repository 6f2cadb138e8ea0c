import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DataDirError, ensureWritableDataDir } from './data-dir.js';

/** A real read-only file system: a tmpfs mounted `ro` (needs root, as in CI; skipped elsewhere unless CI is set). */
function mountReadOnly(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the data directory check at start-up', () => {
  let root: string;
  let readOnly: string;
  let mounted = false;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'drapeau-data-dir-'));
    readOnly = path.join(root, 'read-only');
    execFileSync('mkdir', ['-p', readOnly]);
    mounted = mountReadOnly(readOnly);
  });

  afterAll(async () => {
    if (mounted) execFileSync('umount', [readOnly]);
    await rm(root, { recursive: true, force: true });
  });

  it('accepts a writable folder, creating it, and leaves nothing behind', async () => {
    const dir = path.join(root, 'new', 'data');
    await ensureWritableDataDir(dir);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a read-only file system with one clear line naming the folder and the cause', async (context) => {
    if (!mounted) {
      if (process.env.CI) throw new Error('CI must be able to mount a read-only tmpfs (run as root)');
      context.skip();
    }
    // The usual case: DATA_DIR is a volume mounted read-only.
    const attempt = ensureWritableDataDir(readOnly);
    await expect(attempt).rejects.toBeInstanceOf(DataDirError);
    await expect(attempt).rejects.toThrow(`DATA_DIR ${readOnly} cannot be written (EROFS)`);
    await expect(attempt).rejects.toThrow('read-only file system');
  });

  it('refuses a path where a file stands instead of a folder', async () => {
    const file = path.join(root, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(ensureWritableDataDir(file)).rejects.toThrow(/cannot be written \((ENOTDIR|EEXIST)\)/);
  });
});
