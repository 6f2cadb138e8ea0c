import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { fromTar, toTar } from './build-context.js';

describe('a build context as a tar', () => {
  it('is read back by tar, with nested and long paths, the same bytes for the same folder', () => {
    const long = `${'deep/'.repeat(30)}file.txt`;
    const files = new Map([
      ['Dockerfile', Buffer.from('FROM scratch\n')],
      ['src/app.py', Buffer.from('print("hi")\n'.repeat(100))],
      [long, Buffer.from('x')],
      ['empty', Buffer.alloc(0)],
    ]);
    const tar = toTar(files);
    expect(toTar(new Map([...files].reverse())).equals(tar)).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'drapeau-tar-'));
    try {
      writeFileSync(path.join(dir, 'context.tar'), tar);
      execFileSync('tar', ['-xf', 'context.tar', '-C', dir, '--no-same-owner'], { cwd: dir });
      for (const [name, data] of files) expect(readFileSync(path.join(dir, name)).equals(data), name).toBe(true);
      // What an export writes back: the same files, which make the same tar (and so the same image tag).
      const back = fromTar(tar);
      expect([...back.keys()].sort()).toEqual([...files.keys()].sort());
      expect(toTar(back).equals(tar)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
