/** Byte-level helpers of the kernel lab: the payload notation and 64-bit formatting. */

/**
 * Reads a payload typed with `\xNN` escapes for any byte (as in Python or printf), `\\` for a backslash; any other
 * character stands for its UTF-8 bytes. Returns undefined on a malformed `\x` escape.
 */
export function decodeEscapedBytes(text: string): Buffer | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\\' && text[i + 1] === 'x') {
      const digits = text.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(digits)) return undefined;
      bytes.push(Number.parseInt(digits, 16));
      i += 3;
    } else if (char === '\\' && text[i + 1] === '\\') {
      bytes.push(0x5c);
      i += 1;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

export function readUInt64LE(buffer: Buffer, offset: number): bigint {
  return buffer.readBigUInt64LE(offset);
}

/** `ffffffffc0a41060`: 16 hex digits, as the kernel prints addresses and registers. */
export function hex64(value: bigint): string {
  return value.toString(16).padStart(16, '0');
}

/** x86-64 canonical form: bits 63..47 all equal (48-bit virtual addresses). */
export function isCanonical(address: bigint): boolean {
  const top = address >> 47n;
  return top === 0n || top === 0x1ffffn;
}

/** The 8 bytes of `address` as a student types them: `\x60\x10\xa4\xc0\xff\xff\xff\xff`. */
export function escapeLittleEndian(address: bigint): string {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(address);
  return [...buffer].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
}
