import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { buildLayout, formatStringLab } from './format-string.js';
import { simulatePrintf, type Process } from './format-string-printf.js';

function run(line: string) {
  return runLab(formatStringLab, 'run', { line });
}

const layout = buildLayout(TEST_FLAG);
const N = layout.secretIndex;

describe('format-string lab: the flag is printed through the pointer on the stack', () => {
  it.each([
    ['direct parameter access', `%${N}$s`],
    ['with text around it', `secret=[%${N}$s]`],
    ['a width and a precision', `%${N}$-60.50s`],
    ['walking the arguments one by one, then %s', `${'%p'.repeat(N - 1)}%s`],
    ['ignored arguments with %c', `${'%c'.repeat(N - 1)}%s`],
    ['a * width taken from an argument', `%1$*4$s%${N}$s`],
  ])('%s: %j', (_name, line) => {
    const result = run(line);
    expect(result.code).toBe('flag-read');
    expect(result.output.text).toContain(TEST_FLAG);
    expectFlag(result);
  });

  it('moves with the deployment: another flag, another layout or other addresses', () => {
    const other = buildLayout('CTF{another_deployment_0000}');
    expect([other.secretIndex, other.secretAddress]).not.toEqual([layout.secretIndex, layout.secretAddress]);
  });
});

describe('format-string lab: leaks and near-misses', () => {
  it('leaks stack words with %p, the secret pointer among them, and the buffer itself', () => {
    const result = run(`AAAAAAAA%${layout.bufferIndex}$p|%${N}$p`);
    expect(result.output.text).toBe(`AAAAAAAA0x4141414141414141|0x${layout.secretAddress.toString(16)}\n`);
    expectNoFlag(result);
  });

  it('prints the motd through the first stacked pointer', () => {
    expect(run('%6$s').output.text).toBe('Welcome to the echo service\n');
  });

  it.each([
    ['%p and %x only leak numbers', `%${N}$p %${N}$lx %${N}$x`],
    ['the neighbour below', `%${N - 1}$s`],
    ['a short precision', `%${N}$.5s`],
    ['the buffer through rsi', '%s'],
    ['the motd', '%6$s'],
    ['too far for fgets: cut at 63 bytes', `${'%p'.repeat(40)}%${N}$s`],
  ])('%s: %j', (_name, line) => {
    const result = run(line);
    expect(result.ok).toBe(false);
    expectNoFlag(result);
  });

  it.each([
    ['%s on the canary', `%${N + 1}$s`],
    ['%s on a small integer', '%2$s %4$s'],
    ['%n into read-only memory', '%6$n'],
  ])('crashes on an invalid pointer: %s', (_name, line) => {
    const result = run(line);
    expect(result).toMatchObject({ code: 'segfault', output: { text: 'Segmentation fault (core dumped)' } });
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(formatStringLab, 'exec', { line: `%${N}$s` }).code).toBe('unknown-action');
  });
});

describe('simulatePrintf: glibc’s formatting', () => {
  const process: Process = {
    registers: [42n, 0xffffffffn, 0n, 0x4142n, 0n],
    stack: { start: 0x1000n, bytes: Buffer.alloc(64), writable: true },
    regions: [],
  };
  const copy = (): Process => ({
    ...process,
    registers: [...process.registers],
    stack: { ...process.stack, bytes: Buffer.alloc(64) },
  });
  const printf = (format: string) => simulatePrintf(Buffer.from(format, 'latin1'), copy());

  it.each([
    ['%1$d|%1$5d|%1$-5d|%1$05d', '42|   42|42   |00042'],
    ['%2$d %2$u %2$x %2$#X', '-1 4294967295 ffffffff 0XFFFFFFFF'],
    ['%3$p %1$p %1$10p', '(nil) 0x2a       0x2a'],
    ['%4$c%4$hhx %%', 'B42 %'],
    ['%.3d %+d %o %#o %1$+d', '042 -1 0 040502 +42'],
    ['%y %3$s', '%y (null)'],
    ['%f %e', '0.000000 0.000000e+00'],
  ])('%j prints %j', (format, expected) => {
    expect(printf(format)).toMatchObject({ crashed: false, output: Buffer.from(expected, 'latin1') });
  });

  it('counts with %n and writes into writable memory', () => {
    const target = copy();
    target.registers[0] = 0x1008n;
    expect(simulatePrintf(Buffer.from('hello%1$n', 'latin1'), target).crashed).toBe(false);
    expect(target.stack.bytes.readUInt32LE(8)).toBe(5);
  });
});
