/** Tables of ITU-T T.81 (JPEG) Annex K: example quantisation tables and typical Huffman tables. */

/** Annex K.1, natural (row-major) order. */
export const LUMINANCE_QUANTISATION: readonly number[] = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112,
  100, 103, 99,
];

export const CHROMINANCE_QUANTISATION: readonly number[] = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...Array<number>(32).fill(99),
];

/** A Huffman table as DHT stores it: how many codes of each length 1..16, then the symbols. */
export interface HuffmanSpec {
  counts: readonly number[];
  symbols: readonly number[];
}

function parseHex(hex: string): number[] {
  return hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
}

/** Annex K.3. */
export const DC_LUMINANCE: HuffmanSpec = {
  counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};

export const DC_CHROMINANCE: HuffmanSpec = {
  counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};

export const AC_LUMINANCE: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: parseHex(
    '01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a' +
      '434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aa' +
      'b2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa',
  ),
};

export const AC_CHROMINANCE: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: parseHex(
    '000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a' +
      '434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aa' +
      'b2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa',
  ),
};

/** ZIGZAG[k] is the natural index of the k-th coefficient in zig-zag order. */
export const ZIGZAG: readonly number[] = buildZigzag();

function buildZigzag(): number[] {
  const order: number[] = [];
  for (let diagonal = 0; diagonal < 15; diagonal += 1) {
    const cells: number[] = [];
    for (let row = Math.max(0, diagonal - 7); row <= Math.min(7, diagonal); row += 1) cells.push(row * 8 + (diagonal - row));
    // Even diagonals run bottom-left to top-right (row decreasing), odd ones the other way.
    order.push(...(diagonal % 2 === 0 ? cells.reverse() : cells));
  }
  return order;
}

/** Annex K scaling as libjpeg does it: quality 1..100 (50 = the tables as printed). */
export function scaleQuantisation(table: readonly number[], quality: number): number[] {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return table.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
}
