import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { buildExifSegment, type ExifEntry } from '../lib/exif-segment.js';
import { encodeJpeg } from '../lib/jpeg-encoder.js';
import { paintLandscape, SUMMER_PALETTE } from '../lib/landscape-painter.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

const WIDTH = 480;
const HEIGHT = 320;
const CAMERAS = [
  { make: 'Canon', model: 'Canon EOS 250D' },
  { make: 'NIKON CORPORATION', model: 'NIKON D5600' },
  { make: 'FUJIFILM', model: 'X-T30' },
  { make: 'SONY', model: 'ILCE-6400' },
] as const;

const ascii = (tag: number, text: string): ExifEntry => ({ tag, value: { type: 'ascii', text } });
const short = (tag: number, value: number): ExifEntry => ({ tag, value: { type: 'short', values: [value] } });
const rational = (tag: number, ...values: [number, number][]): ExifEntry => ({ tag, value: { type: 'rational', values } });
const undefinedBytes = (tag: number, bytes: Buffer): ExifEntry => ({ tag, value: { type: 'undefined', bytes } });

/** Degrees as three EXIF rationals: degrees, minutes, seconds to 1/100. */
function toDegreesMinutesSeconds(decimal: number): [number, number][] {
  const degrees = Math.floor(decimal);
  const minutes = Math.floor((decimal - degrees) * 60);
  const seconds = Math.round(((decimal - degrees) * 60 - minutes) * 60 * 100);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 100],
  ];
}

function buildPhotoExif(random: SeedStream, flag: string): Buffer {
  const camera = random.pick(CAMERAS);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const takenAt = `2023:${pad(random.nextIntBetween(6, 8))}:${pad(random.nextIntBetween(1, 28))} ${pad(random.nextIntBetween(7, 10))}:${pad(random.nextInt(60))}:${pad(random.nextInt(60))}`;
  const editedAt = takenAt.replace(/^2023:(\d\d)/, (_, month: string) => `2023:${pad(Number(month) + 1)}`);
  return buildExifSegment({
    ifd0: [
      ascii(0x010e, 'Morning hike above the valley'),
      ascii(0x010f, camera.make),
      ascii(0x0110, camera.model),
      short(0x0112, 1),
      rational(0x011a, [300, 1]),
      rational(0x011b, [300, 1]),
      short(0x0128, 2),
      ascii(0x0131, 'Darktable 4.4.2'),
      ascii(0x0132, editedAt),
      ascii(0x013b, 'Camille Laurent'),
      short(0x0213, 1),
      ascii(0x8298, 'Copyright 2023 Camille Laurent. All rights reserved.'),
    ],
    exif: [
      rational(0x829a, [1, random.pick([125, 250, 500, 1000])]),
      rational(0x829d, [random.pick([56, 80, 110]), 10]),
      short(0x8827, random.pick([100, 200, 400])),
      undefinedBytes(0x9000, Buffer.from('0232', 'ascii')),
      ascii(0x9003, takenAt),
      ascii(0x9004, takenAt),
      undefinedBytes(0x9101, Buffer.from([1, 2, 3, 0])),
      rational(0x920a, [random.pick([18, 24, 35, 50]), 1]),
      // UserComment: an 8-byte character-code prefix, then the text (EXIF 2.32, 4.6.5).
      undefinedBytes(0x9286, Buffer.concat([Buffer.from('ASCII\0\0\0', 'latin1'), Buffer.from(flag, 'utf8')])),
      undefinedBytes(0xa000, Buffer.from('0100', 'ascii')),
      short(0xa001, 1),
      short(0xa002, WIDTH),
      short(0xa003, HEIGHT),
    ],
    gps: [
      { tag: 0x0000, value: { type: 'byte', values: [2, 3, 0, 0] } },
      ascii(0x0001, 'N'),
      rational(0x0002, ...toDegreesMinutesSeconds(45 + random.nextFloat() * 0.2)),
      ascii(0x0003, 'E'),
      rational(0x0004, ...toDegreesMinutesSeconds(5.45 + random.nextFloat() * 0.2)),
      { tag: 0x0005, value: { type: 'byte', values: [0] } },
      rational(0x0006, [random.nextIntBetween(900, 1800), 1]),
    ],
  });
}

/** A baseline JPEG landscape whose Exif UserComment holds the flag, among ordinary camera metadata. */
export const generateExifPhotoJpeg: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'exif-photo-jpeg');
  const image = paintLandscape(random, WIDTH, HEIGHT, SUMMER_PALETTE);
  const data = encodeJpeg(image, { quality: 90, applicationSegments: [buildPhotoExif(random, flag)] });
  return { fileName: 'photo.jpg', contentType: 'image/jpeg', data };
};
