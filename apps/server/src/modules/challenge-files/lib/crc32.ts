const CRC_TABLE = buildCrcTable();

function buildCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** Updates a raw (pre-inverted) CRC-32 register with one byte, as ZipCrypto needs. */
export function updateCrc32Byte(crc: number, byte: number): number {
  return ((CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)) >>> 0;
}

/** CRC-32 (IEEE 802.3, as used by PNG, ZIP and gzip). */
export function computeCrc32(...chunks: readonly Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const chunk of chunks) {
    for (const byte of chunk) crc = updateCrc32Byte(crc, byte);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
