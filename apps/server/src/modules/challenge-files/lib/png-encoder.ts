import { deflateSync } from 'node:zlib';

import { computeCrc32 } from './crc32.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface RgbImage {
  width: number;
  height: number;
  /** Row-major R, G, B bytes: width * height * 3. */
  pixels: Uint8Array;
}

function encodeChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeBytes = Buffer.from(type, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(computeCrc32(typeBytes, data), 0);
  return Buffer.concat([length, typeBytes, data, crc]);
}

/**
 * Encodes an 8-bit truecolour PNG: filter type 0 (None) on every scanline, one zlib IDAT.
 * `textChunks` become tEXt chunks (keyword, Latin-1 text).
 */
export function encodePng(image: RgbImage, textChunks: Readonly<Record<string, string>> = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // compression 0, filter method 0, interlace 0 are already zero

  const stride = image.width * 3;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    raw[y * (stride + 1)] = 0; // filter type None
    raw.set(image.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const texts = Object.entries(textChunks).map(([keyword, text]) =>
    encodeChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')])),
  );
  return Buffer.concat([
    PNG_SIGNATURE,
    encodeChunk('IHDR', header),
    ...texts,
    encodeChunk('IDAT', deflateSync(raw, { level: 9 })),
    encodeChunk('IEND', Buffer.alloc(0)),
  ]);
}
