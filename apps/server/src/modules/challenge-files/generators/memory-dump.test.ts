import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';
import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';

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

  it('keeps no plain copy of any flag: not in ASCII, not in UTF-16', () => {
    expectNoPlainFlagBytes(generateMemoryDump);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('memory.dmp', file.data);
  });

  it.skipIf(!hasTool('strings') || !hasTool('iconv'))(
    'gives the flag to the intended method: strings -el, the -EncodedCommand argument, base64 -d, iconv from UTF-16LE',
    () => {
      withTempFiles({ 'memory.dmp': file.data }, (dir) => {
        const wide = runTool('strings', ['-a', '-el', `${dir}/memory.dmp`]).stdout.split('\n');
        expect(wide).toContain('USERNAME=svc_backup');
        const commands = wide.filter((line) => /powershell\.exe.* -EncodedCommand /i.test(line));
        expect(commands).toHaveLength(2);
        const decoded = commands.map((line) => {
          const argument = line.split(' ').at(-1) ?? '';
          return runTool('bash', ['-c', 'base64 -d | iconv -f UTF-16LE -t UTF-8'], { input: argument }).stdout;
        });
        expect(decoded.filter((script) => script.includes(SAMPLE_FLAG))).toHaveLength(1);
        expect(decoded.join('\n')).toContain(`$k='${SAMPLE_FLAG}'`);
      });
    },
  );

  it.skipIf(!hasTool('file'))('is plain data to file(1), not a known format', () => {
    withTempFiles({ 'memory.dmp': file.data }, (dir) => {
      expect(runTool('file', ['-b', `${dir}/memory.dmp`]).stdout.trim()).toBe('data');
    });
  });
});
