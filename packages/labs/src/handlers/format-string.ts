import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

import { deploymentDigest, simulatePrintf, type Process, type Region } from './format-string-printf.js';

/**
 * Format String (Hard): echo reads a line with fgets into `char buf[64]` and hands it to printf as the format. The
 * process is laid out per deployment (the locals around the buffer, and the addresses): the student leaks the stack
 * with %p, finds the pointer to the secret, and prints it with %N$s. docs/decisions/011-real-labs.md. The program's
 * source, as the student reads it, is on the lab's page (apps/web/src/features/labs/components/format-string-lab.tsx).
 */

const BUFFER_SIZE = 64;
const STACK_WORDS = 48;

export interface Layout {
  /** The 1-based printf argument that holds each thing. */
  motdIndex: number;
  bufferIndex: number;
  secretIndex: number;
  process: Process;
  secretAddress: bigint;
}

function word(digest: Buffer, index: number): number {
  return digest[index % digest.length] ?? 0;
}

/** The deployment's process, fresh for each run (a %n write lasts one run). */
export function buildLayout(flag: string): Layout {
  const digest = deploymentDigest('format-string', flag);
  const before = 1 + (word(digest, 0) % 3); // words between argument 6 and the buffer (the motd pointer is one)
  const between = word(digest, 1) % 4; // words between the buffer and `secret`
  const stackTop = 0x7ffc00000000n | (BigInt(word(digest, 2)) << 24n) | (BigInt(word(digest, 3)) << 16n) | 0xe000n;
  const pie = 0x555555554000n + (BigInt(word(digest, 4) & 0x7f) << 20n);
  const libc = 0x7f0000000000n | (BigInt(word(digest, 5)) << 32n) | (BigInt(word(digest, 6)) << 24n);
  const heap = pie + 0x4000n + (BigInt(word(digest, 7) & 0x3f) << 12n);

  const stackStart = stackTop - BigInt(STACK_WORDS * 8);
  const stack = Buffer.alloc(STACK_WORDS * 8);
  const motdAddress = pie + 0x2008n;
  const secretAddress = heap + 0x2a0n;
  const canary = (BigInt(`0x${digest.subarray(8, 15).toString('hex')}`) << 8n) & ((1n << 64n) - 1n);

  const words: bigint[] = [motdAddress];
  for (let i = 1; i < before; i += 1) words.push(i === 1 ? 0x1n : 0x100000000n);
  const bufferIndex = 6 + words.length;
  for (let i = 0; i < BUFFER_SIZE / 8; i += 1) words.push(0n);
  const fillers = [0x1n, stackTop - 0x58n, 0x40n];
  for (let i = 0; i < between; i += 1) words.push(fillers[i % fillers.length] ?? 0n);
  const secretIndex = 6 + words.length;
  words.push(secretAddress, canary, 0x1n, libc + 0x2724an, 0n, pie + 0x1189n, 0x100000000n, stackTop - 0x98n);
  while (words.length < STACK_WORDS) words.push(words.length % 3 === 0 ? 0n : stackTop - BigInt(words.length * 16));
  words.slice(0, STACK_WORDS).forEach((value, index) => stack.writeBigUInt64LE(value & ((1n << 64n) - 1n), index * 8));

  const rodata = Buffer.alloc(0x100);
  rodata.write('Welcome to the echo service\0', 0x8, 'latin1');
  const heapBytes = Buffer.alloc(0x400);
  heapBytes.write(`${flag}\0`, 0x2a0, 'latin1');
  const libcText = Buffer.from('f30f1efa4883ec08488b05d93d1d004885c07402ffd04883c408c3', 'hex');
  const regions: Region[] = [
    { start: pie + 0x2000n, bytes: rodata, writable: false },
    { start: heap, bytes: heapBytes, writable: true },
    { start: libc + 0x27240n, bytes: Buffer.concat([libcText, Buffer.alloc(0x40, 0x90)]), writable: false },
  ];
  const registers = [stackStart + BigInt((bufferIndex - 6) * 8), 0n, libc + 0x114a37n, 0x40n, 0n];
  return {
    motdIndex: 6,
    bufferIndex,
    secretIndex,
    secretAddress,
    process: { registers, stack: { start: stackStart, bytes: stack, writable: true }, regions },
  };
}

/** Non-printable bytes as \xNN, so that the page shows what was written without raw control characters. */
function showBytes(bytes: Buffer): string {
  return [...bytes]
    .map((b) => (b === 0x0a || (b >= 0x20 && b < 0x7f) ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`))
    .join('');
}

/** `./echo` with one line on its standard input. */
function runEcho(line: string, flag: string): LabResult {
  const layout = buildLayout(flag);
  // fgets: at most 63 bytes, the newline kept when it fits, then a NUL; the buffer sits in the stack.
  const input = Buffer.from(line.replace(/\n[\s\S]*$/, ''), 'utf8');
  const kept = input.subarray(0, BUFFER_SIZE - 1);
  const buffer = Buffer.concat([kept, kept.length < BUFFER_SIZE - 1 ? Buffer.from('\n\0', 'latin1') : Buffer.from([0])]).subarray(
    0,
    BUFFER_SIZE,
  );
  buffer.copy(layout.process.stack.bytes, (layout.bufferIndex - 6) * 8);
  const result = simulatePrintf(buffer, layout.process);
  if (result.crashed) {
    // stdout is a pipe, so fully buffered: what printf had written dies with the process.
    return { ok: false, code: 'segfault', output: { text: 'Segmentation fault (core dumped)' } };
  }
  const text = showBytes(result.output);
  if (result.output.toString('latin1').includes(flag)) return { ok: true, code: 'flag-read', output: { text, flag } };
  return { ok: false, code: 'printed', output: { text } };
}

export const formatStringLab = createLabHandler('format-string', {
  run: (input, { flag }) => runEcho(readInput(input, 'line'), flag),
});
