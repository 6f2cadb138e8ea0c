import { randomBytes } from 'node:crypto';

import { expect } from 'vitest';

import type { FileGenerator } from '../generator.js';

import { runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from './run-tool.js';

/**
 * Medium and Hard files must not fall to `strings file | grep CTF` (docs/decisions/011-real-labs.md): neither
 * `strings -a` (ASCII) nor `strings -el` (UTF-16LE, Windows' strings) may show the flag, nor its `CTF{` prefix.
 */
export function expectStringsFindNoFlag(fileName: string, data: Buffer, flag = SAMPLE_FLAG): void {
  withTempFiles({ [fileName]: data }, (dir) => {
    for (const encoding of ['-a', '-el', '-eb']) {
      const lines = runTool('strings', [encoding === '-a' ? '-a' : `-a${encoding}`, `${dir}/${fileName}`]).stdout;
      expect(lines, `strings ${encoding}`).not.toContain(flag);
      expect(lines, `strings ${encoding}`).not.toContain('CTF{');
    }
  });
}

/** The same property without the tool, over many flags and seeds: the flag's bytes appear in no plain encoding. */
export function expectNoPlainFlagBytes(generate: FileGenerator, runs = 12): void {
  for (let i = 0; i < runs; i += 1) {
    const flag = i === 0 ? SAMPLE_FLAG : `CTF{${randomBytes(9).toString('hex')}}`;
    const { data } = generate({ flag, seed: i === 0 ? SAMPLE_SEED : randomBytes(32) });
    for (const encoding of ['latin1', 'utf16le'] as const) {
      expect(data.includes(Buffer.from(flag, encoding)), `${flag} in ${encoding}`).toBe(false);
      expect(data.includes(Buffer.from('CTF{', encoding)), `CTF{ in ${encoding}`).toBe(false);
    }
    expect(data.includes(Buffer.from(flag, 'utf16le').swap16()), `${flag} in UTF-16BE`).toBe(false);
  }
}
