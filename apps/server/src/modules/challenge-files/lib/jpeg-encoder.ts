import {
  AC_CHROMINANCE,
  AC_LUMINANCE,
  CHROMINANCE_QUANTISATION,
  DC_CHROMINANCE,
  DC_LUMINANCE,
  LUMINANCE_QUANTISATION,
  scaleQuantisation,
  ZIGZAG,
  type HuffmanSpec,
} from './jpeg-tables.js';
import type { RgbImage } from './png-encoder.js';

/** A compact baseline (sequential DCT, Huffman) JPEG encoder: YCbCr 4:4:4, Annex K tables. */

interface HuffmanCode {
  code: number;
  length: number;
}

function buildHuffmanCodes(spec: HuffmanSpec): Map<number, HuffmanCode> {
  const codes = new Map<number, HuffmanCode>();
  let code = 0;
  let index = 0;
  spec.counts.forEach((count, i) => {
    for (let n = 0; n < count; n += 1) {
      codes.set(spec.symbols[index] ?? 0, { code, length: i + 1 });
      code += 1;
      index += 1;
    }
    code <<= 1;
  });
  return codes;
}

class BitWriter {
  private bytes: number[] = [];
  private accumulator = 0;
  private bitCount = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i -= 1) {
      this.accumulator = (this.accumulator << 1) | ((value >> i) & 1);
      this.bitCount += 1;
      if (this.bitCount === 8) this.flushByte();
    }
  }

  writeCode(code: HuffmanCode | undefined): void {
    if (!code) throw new Error('symbol missing from Huffman table');
    this.write(code.code, code.length);
  }

  /** Pads the last byte with 1 bits, as T.81 F.1.2.3 asks. */
  finish(): Buffer {
    while (this.bitCount !== 0) this.write(1, 1);
    return Buffer.from(this.bytes);
  }

  private flushByte(): void {
    this.bytes.push(this.accumulator);
    if (this.accumulator === 0xff) this.bytes.push(0x00); // byte stuffing
    this.accumulator = 0;
    this.bitCount = 0;
  }
}

/** COSINES[u * 8 + x] = C(u)/2 · cos((2x + 1)uπ/16), so the 2-D DCT is two 1-D passes. */
const COSINES = Float64Array.from({ length: 64 }, (_, i) => {
  const u = Math.floor(i / 8);
  const x = i % 8;
  return (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

function transformBlock(samples: Float64Array): Float64Array {
  const rows = new Float64Array(64);
  for (let y = 0; y < 8; y += 1) {
    for (let u = 0; u < 8; u += 1) {
      let sum = 0;
      for (let x = 0; x < 8; x += 1) sum += (COSINES[u * 8 + x] ?? 0) * (samples[y * 8 + x] ?? 0);
      rows[y * 8 + u] = sum;
    }
  }
  const coefficients = new Float64Array(64);
  for (let v = 0; v < 8; v += 1) {
    for (let u = 0; u < 8; u += 1) {
      let sum = 0;
      for (let y = 0; y < 8; y += 1) sum += (COSINES[v * 8 + y] ?? 0) * (rows[y * 8 + u] ?? 0);
      coefficients[v * 8 + u] = sum;
    }
  }
  return coefficients;
}

function measureBits(value: number): number {
  let magnitude = Math.abs(value);
  let bits = 0;
  while (magnitude > 0) {
    bits += 1;
    magnitude >>= 1;
  }
  return bits;
}

interface ComponentCoder {
  quantisation: readonly number[];
  dc: Map<number, HuffmanCode>;
  ac: Map<number, HuffmanCode>;
  previousDc: number;
}

function encodeBlock(writer: BitWriter, coder: ComponentCoder, samples: Float64Array): void {
  const coefficients = transformBlock(samples);
  const quantised = ZIGZAG.map((natural) => Math.round((coefficients[natural] ?? 0) / (coder.quantisation[natural] ?? 1)));
  const writeValue = (value: number, bits: number): void => writer.write(value < 0 ? value + (1 << bits) - 1 : value, bits);

  const dc = quantised[0] ?? 0;
  const difference = dc - coder.previousDc;
  coder.previousDc = dc;
  const dcBits = measureBits(difference);
  writer.writeCode(coder.dc.get(dcBits));
  writeValue(difference, dcBits);

  let run = 0;
  for (let k = 1; k < 64; k += 1) {
    const value = quantised[k] ?? 0;
    if (value === 0) {
      run += 1;
      continue;
    }
    for (; run > 15; run -= 16) writer.writeCode(coder.ac.get(0xf0));
    const bits = measureBits(value);
    writer.writeCode(coder.ac.get((run << 4) | bits));
    writeValue(value, bits);
    run = 0;
  }
  if (run > 0) writer.writeCode(coder.ac.get(0x00));
}

function encodeSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(marker, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

function encodeHuffmanTable(tableClass: number, id: number, spec: HuffmanSpec): Buffer {
  return Buffer.from([(tableClass << 4) | id, ...spec.counts, ...spec.symbols]);
}

export interface JpegOptions {
  quality: number;
  /** Segments to place right after SOI, e.g. an APP1 Exif segment (marker included). */
  applicationSegments?: readonly Buffer[];
}

export function encodeJpeg(image: RgbImage, options: JpegOptions): Buffer {
  const { width, height, pixels } = image;
  const luma = scaleQuantisation(LUMINANCE_QUANTISATION, options.quality);
  const chroma = scaleQuantisation(CHROMINANCE_QUANTISATION, options.quality);
  const coders: ComponentCoder[] = [
    { quantisation: luma, dc: buildHuffmanCodes(DC_LUMINANCE), ac: buildHuffmanCodes(AC_LUMINANCE), previousDc: 0 },
    { quantisation: chroma, dc: buildHuffmanCodes(DC_CHROMINANCE), ac: buildHuffmanCodes(AC_CHROMINANCE), previousDc: 0 },
    { quantisation: chroma, dc: buildHuffmanCodes(DC_CHROMINANCE), ac: buildHuffmanCodes(AC_CHROMINANCE), previousDc: 0 },
  ];
  const writer = new BitWriter();
  const blocks = [new Float64Array(64), new Float64Array(64), new Float64Array(64)] as const;
  for (let blockY = 0; blockY < height; blockY += 8) {
    for (let blockX = 0; blockX < width; blockX += 8) {
      for (let i = 0; i < 64; i += 1) {
        // Edge pixels are repeated to fill partial blocks.
        const x = Math.min(width - 1, blockX + (i % 8));
        const y = Math.min(height - 1, blockY + Math.floor(i / 8));
        const offset = (y * width + x) * 3;
        const r = pixels[offset] ?? 0;
        const g = pixels[offset + 1] ?? 0;
        const b = pixels[offset + 2] ?? 0;
        blocks[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
        blocks[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
        blocks[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      coders.forEach((coder, c) => encodeBlock(writer, coder, blocks[c as 0 | 1 | 2]));
    }
  }

  const frame = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const scan = Buffer.from([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(options.applicationSegments ?? []),
    encodeSegment(0xffdb, Buffer.from([0, ...ZIGZAG.map((n) => luma[n] ?? 1), 1, ...ZIGZAG.map((n) => chroma[n] ?? 1)])),
    encodeSegment(0xffc0, frame),
    encodeSegment(
      0xffc4,
      Buffer.concat([
        encodeHuffmanTable(0, 0, DC_LUMINANCE),
        encodeHuffmanTable(1, 0, AC_LUMINANCE),
        encodeHuffmanTable(0, 1, DC_CHROMINANCE),
        encodeHuffmanTable(1, 1, AC_CHROMINANCE),
      ]),
    ),
    encodeSegment(0xffda, scan),
    writer.finish(),
    Buffer.from([0xff, 0xd9]),
  ]);
}
