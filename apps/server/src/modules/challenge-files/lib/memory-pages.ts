import type { SeedStream } from './seed-stream.js';

/** Fillers for 4 KiB pages that look like the memory of a Windows x64 process. */

export const PAGE_SIZE = 4096;

export type TextEncoding = 'ascii' | 'utf16';

export function encodeText(text: string, encoding: TextEncoding): Buffer {
  return encoding === 'ascii' ? Buffer.from(text, 'utf8') : Buffer.from(text, 'utf16le');
}

/** Something code-like: prologues, calls, int3 padding between functions. */
export function fillCodePage(random: SeedStream): Buffer {
  const snippets = [
    [0x48, 0x89, 0x5c, 0x24, 0x08], // mov [rsp+8], rbx
    [0x48, 0x83, 0xec, 0x28], // sub rsp, 28h
    [0x48, 0x8b, 0xc1], // mov rax, rcx
    [0x33, 0xc0], // xor eax, eax
    [0x48, 0x83, 0xc4, 0x28, 0xc3], // add rsp, 28h; ret
    [0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc],
    [0x0f, 0x1f, 0x44, 0x00, 0x00], // nop dword [rax+rax]
  ];
  const page = Buffer.alloc(PAGE_SIZE);
  let position = 0;
  while (position < PAGE_SIZE) {
    const isCall = random.nextInt(4) === 0;
    const bytes = isCall ? [0xe8, ...random.nextBytes(4)] : random.pick(snippets);
    Buffer.from(bytes).copy(page, position);
    position += bytes.length;
  }
  return page;
}

function writePointer(random: SeedStream, page: Buffer, position: number): void {
  const high = random.pick([0x00007ffa, 0x00007ff6, 0x000001d4, 0x000000e1]);
  page.writeUInt32LE((random.nextInt(2 ** 32) & 0xfffffff0) >>> 0, position);
  page.writeUInt32LE(high, position + 4);
}

/**
 * A heap page: 16-byte aligned chunks holding pointers, small counters, zeroed slack and strings
 * drawn from `strings` (ASCII or UTF-16LE, NUL-terminated).
 */
export function fillHeapPage(random: SeedStream, strings: readonly string[]): Buffer {
  const page = Buffer.alloc(PAGE_SIZE);
  let position = random.nextInt(4) * 16;
  while (position < PAGE_SIZE - 128) {
    const roll = random.nextInt(10);
    if (roll < 4) {
      const text = encodeText(`${random.pick(strings)}\0`, random.nextInt(2) ? 'ascii' : 'utf16');
      if (position + text.length >= PAGE_SIZE) break;
      text.copy(page, position);
      position += text.length;
    } else if (roll < 7) {
      page.writeUInt32LE(random.nextIntBetween(1, 40) * 16, position); // chunk size
      page.writeUInt32LE(random.nextInt(4), position + 4);
      writePointer(random, page, position + 8);
      position += 16;
    } else if (roll < 9) {
      page.writeUInt32LE(random.nextInt(1000), position);
      position += random.nextIntBetween(2, 8) * 8;
    } else {
      random.nextBytes(random.nextIntBetween(8, 32)).copy(page, position);
      position += 32;
    }
    position = Math.ceil(position / 16) * 16;
  }
  return page;
}

/** The start of a PE image as mapped at its base address. */
export function fillImageHeaderPage(random: SeedStream, sectionNames: readonly string[]): Buffer {
  const page = Buffer.alloc(PAGE_SIZE);
  page.write('MZ', 0, 'latin1');
  page.writeUInt16LE(0x90, 2);
  page.writeUInt32LE(0xf8, 0x3c); // e_lfanew
  page.write('\x0e\x1f\xba\x0e\x00\xb4\x09\xcd\x21\xb8\x01\x4c\xcd\x21', 0x40, 'latin1');
  page.write('This program cannot be run in DOS mode.\r\r\n$', 0x4e, 'latin1');
  page.write('PE\0\0', 0xf8, 'latin1');
  page.writeUInt16LE(0x8664, 0xfc); // AMD64
  page.writeUInt16LE(sectionNames.length, 0xfe);
  page.writeUInt32LE(random.nextInt(2 ** 31), 0x100); // timestamp
  sectionNames.forEach((name, i) => page.write(name, 0x200 + 40 * i, 'latin1'));
  return page;
}
