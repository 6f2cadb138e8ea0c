/** Builds a JPEG APP1 Exif segment: little-endian TIFF header, IFD0, Exif sub-IFD and GPS IFD. */

type ExifValue =
  | { type: 'byte'; values: readonly number[] }
  | { type: 'ascii'; text: string }
  | { type: 'short'; values: readonly number[] }
  | { type: 'long'; values: readonly number[] }
  | { type: 'rational'; values: readonly (readonly [number, number])[] }
  | { type: 'undefined'; bytes: Buffer };

export interface ExifEntry {
  tag: number;
  value: ExifValue;
}

export interface ExifDirectories {
  ifd0: readonly ExifEntry[];
  exif: readonly ExifEntry[];
  gps: readonly ExifEntry[];
}

const TYPE_CODES = { byte: 1, ascii: 2, short: 3, long: 4, rational: 5, undefined: 7 } as const;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;

function encodeValue(value: ExifValue): { count: number; bytes: Buffer } {
  switch (value.type) {
    case 'byte':
      return { count: value.values.length, bytes: Buffer.from(value.values) };
    case 'ascii': {
      const bytes = Buffer.from(`${value.text}\0`, 'latin1');
      return { count: bytes.length, bytes };
    }
    case 'short': {
      const bytes = Buffer.alloc(2 * value.values.length);
      value.values.forEach((v, i) => bytes.writeUInt16LE(v, 2 * i));
      return { count: value.values.length, bytes };
    }
    case 'long': {
      const bytes = Buffer.alloc(4 * value.values.length);
      value.values.forEach((v, i) => bytes.writeUInt32LE(v, 4 * i));
      return { count: value.values.length, bytes };
    }
    case 'rational': {
      const bytes = Buffer.alloc(8 * value.values.length);
      value.values.forEach(([numerator, denominator], i) => {
        bytes.writeUInt32LE(numerator, 8 * i);
        bytes.writeUInt32LE(denominator, 8 * i + 4);
      });
      return { count: value.values.length, bytes };
    }
    case 'undefined':
      return { count: value.bytes.length, bytes: value.bytes };
  }
}

function measureIfd(entries: readonly ExifEntry[]): number {
  const external = entries
    .map((entry) => encodeValue(entry.value).bytes.length)
    .filter((length) => length > 4)
    .reduce((sum, length) => sum + length + (length % 2), 0);
  return 2 + 12 * entries.length + 4 + external;
}

/** Lays out one IFD at `offset` (from the TIFF header), with its out-of-line values right after it. */
function encodeIfd(entries: readonly ExifEntry[], offset: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const table = Buffer.alloc(2 + 12 * sorted.length + 4); // next-IFD offset stays 0
  const dataParts: Buffer[] = [];
  let dataOffset = offset + table.length;
  table.writeUInt16LE(sorted.length, 0);
  sorted.forEach((entry, i) => {
    const { count, bytes } = encodeValue(entry.value);
    const position = 2 + 12 * i;
    table.writeUInt16LE(entry.tag, position);
    table.writeUInt16LE(TYPE_CODES[entry.value.type], position + 2);
    table.writeUInt32LE(count, position + 4);
    if (bytes.length <= 4) {
      bytes.copy(table, position + 8);
    } else {
      table.writeUInt32LE(dataOffset, position + 8);
      const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
      dataParts.push(padded);
      dataOffset += padded.length;
    }
  });
  return Buffer.concat([table, ...dataParts]);
}

/** Returns the whole APP1 segment, marker and length included. */
export function buildExifSegment(directories: ExifDirectories): Buffer {
  const ifd0Entries = [
    ...directories.ifd0,
    { tag: TAG_EXIF_IFD, value: { type: 'long', values: [0] } },
    { tag: TAG_GPS_IFD, value: { type: 'long', values: [0] } },
  ] satisfies ExifEntry[];
  const ifd0Offset = 8;
  const exifOffset = ifd0Offset + measureIfd(ifd0Entries);
  const gpsOffset = exifOffset + measureIfd(directories.exif);
  const pointers: ExifEntry[] = [
    { tag: TAG_EXIF_IFD, value: { type: 'long', values: [exifOffset] } },
    { tag: TAG_GPS_IFD, value: { type: 'long', values: [gpsOffset] } },
  ];
  const tiff = Buffer.concat([
    Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), // "II", 42, IFD0 at 8
    encodeIfd([...directories.ifd0, ...pointers], ifd0Offset),
    encodeIfd(directories.exif, exifOffset),
    encodeIfd(directories.gps, gpsOffset),
  ]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(2 + 6 + tiff.length, 2);
  return Buffer.concat([header, Buffer.from('Exif\0\0', 'latin1'), tiff]);
}
