import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { DUSK_PALETTE, paintLandscape } from '../lib/landscape-painter.js';
import { encodePng, type RgbImage } from '../lib/png-encoder.js';
import { createSeedStream } from '../lib/seed-stream.js';

const SIZE = 256;

/**
 * Writes `payload` into the least significant bits of the channel bytes, in order R, G, B of each
 * pixel, pixels row by row, each byte most significant bit first. This is zsteg's `b1,rgb,lsb,xy`.
 */
function embedLsb(image: RgbImage, payload: Buffer): RgbImage {
  if (payload.length * 8 > image.pixels.length) throw new RangeError('payload does not fit in the image');
  const pixels = Uint8Array.from(image.pixels);
  payload.forEach((byte, byteIndex) => {
    for (let bit = 0; bit < 8; bit += 1) {
      const index = byteIndex * 8 + bit;
      pixels[index] = ((pixels[index] ?? 0) & 0xfe) | ((byte >> (7 - bit)) & 1);
    }
  });
  return { ...image, pixels };
}

/** A 256x256 dusk landscape whose RGB least significant bits spell the flag, NUL-terminated. */
export const generateLsbStegoPng: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const image = paintLandscape(createSeedStream(seed, 'lsb-stego-png'), SIZE, SIZE, DUSK_PALETTE);
  const stego = embedLsb(image, Buffer.concat([Buffer.from(flag, 'utf8'), Buffer.from([0])]));
  return {
    fileName: 'secret.png',
    contentType: 'image/png',
    data: encodePng(stego, { Title: 'Dusk over the hills', Software: 'GIMP 2.10.36' }),
  };
};
