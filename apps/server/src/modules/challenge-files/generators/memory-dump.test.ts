import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateMemoryDump } from './memory-dump.js';

const file = generateMemoryDump({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

function countPages(data: Buffer, isKind: (page: Buffer) => boolean): number {
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4096) if (isKind(data.subarray(offset, offset + 4096))) count += 1;
  return count;
}

describe('generateMemoryDump', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateMemoryDump({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateMemoryDump({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'memory.dmp', contentType: 'application/octet-stream' });
  });

  it('is a 2 MiB image mixing zero pages, high-entropy pages and string-rich pages', () => {
    expect(file.data.length).toBe(2 * 1024 * 1024);
    expect(countPages(file.data, (page) => page.every((byte) => byte === 0))).toBeGreaterThan(64);
    expect(countPages(file.data, (page) => new Set(page).size > 250)).toBeGreaterThan(32);
    expect(file.data.includes(Buffer.from('C:\\Windows\\System32\\ntdll.dll', 'utf16le'))).toBe(true);
    expect(file.data.includes('This program cannot be run in DOS mode.')).toBe(true);
  });

  it.skipIf(!hasTool('strings'))('gives the flag, and no other CTF{...}, to `strings | grep CTF`, ASCII and UTF-16', () => {
    withTempFiles({ 'memory.dmp': file.data }, (dir) => {
      const ascii = runTool('strings', [`${dir}/memory.dmp`]).stdout.split('\n');
      expect(ascii.filter((line) => line.includes('CTF{'))).toEqual([`SECRET_TOKEN=${SAMPLE_FLAG}`]);
      expect(ascii.filter((line) => /ctf\{/i.test(line))).toHaveLength(1);
      expect(ascii.some((line) => line.includes('FLAG{not_the_flag_keep_looking}'))).toBe(true);
      expect(ascii.length).toBeGreaterThan(2000);
      const wide = runTool('strings', ['-el', `${dir}/memory.dmp`]).stdout.split('\n');
      expect(wide.filter((line) => line.includes('CTF{'))).toEqual([`SECRET_TOKEN=${SAMPLE_FLAG}`]);
      expect(wide).toContain('USERNAME=svc_backup');
    });
  });

  it.skipIf(!hasTool('file'))('is plain data to file(1), not a known format', () => {
    withTempFiles({ 'memory.dmp': file.data }, (dir) => {
      expect(runTool('file', ['-b', `${dir}/memory.dmp`]).stdout.trim()).toBe('data');
    });
  });
});
