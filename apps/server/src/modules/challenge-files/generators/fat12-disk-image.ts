import { deflateRawSync } from 'node:zlib';

import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { computeCrc32 } from '../lib/crc32.js';
import { buildFat12Floppy } from '../lib/fat12-image.js';
import { encodeJpeg } from '../lib/jpeg-encoder.js';
import { paintLandscape, SUMMER_PALETTE } from '../lib/landscape-painter.js';
import { createSeedStream } from '../lib/seed-stream.js';

const README = `OFFICE SHARED DISK
==================

This floppy holds the shared documents of the accounts team.
Please do not store passwords or access codes here: use the vault.

 - NOTES.TXT    minutes of the Monday meeting
 - DOCS\\        budget and to-do list
 - HOLIDAY.JPG  team picture from the summer outing
`;

const NOTES = `Monday meeting - minutes

* Q3 budget approved, see DOCS\\BUDGET.CSV.
* The old file server will be switched off at the end of the month.
* Reminder: the vault access code must NOT be written down anywhere.
  (Whoever saved it to this disk: please delete it.)
* Next meeting: Monday 10:00, room 2.
`;

const TODO = `TODO
- renew the antivirus licences
- order toner for the printer on floor 2
- archive 2023 invoices
- wipe old floppies before recycling them!
`;

const BUDGET = `item,q1,q2,q3
licences,1200,1200,1350
hardware,4300,850,2100
training,600,600,900
travel,1500,2200,800
`;

function buildSecretNote(flag: string): Buffer {
  const lines = [
    'VAULT ACCESS - PERSONAL NOTE, DELETE AFTER READING',
    '',
    'The vault moved to the new server. Use this access code until IT',
    'issues personal tokens:',
    '',
    `    ${flag}`,
    '',
    'Keep it somewhere safe. Do not copy it to shared media.',
    '',
  ];
  return Buffer.from(`${lines.join('\r\n')}`, 'utf8');
}

/**
 * gzip (RFC 1952) with the original name in the header, as `gzip vault-access.txt` writes it, and a zero timestamp so
 * that the same flag always gives the same bytes. The deflated text shows nothing to `strings`.
 */
function gzipWithName(content: Buffer, name: string): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 2, 3]); // deflate, FNAME, mtime 0, max compression, Unix
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(computeCrc32(content), 0);
  trailer.writeUInt32LE(content.length, 4);
  return Buffer.concat([header, Buffer.from(`${name}\0`, 'latin1'), deflateRawSync(content, { level: 9 }), trailer]);
}

/**
 * `disk.img`: a 1.44 MB FAT12 floppy with a few documents, a subdirectory, a JPEG, and VAULT.GZ, deleted (entry
 * 0xE5, clusters freed) but with its data intact: the flag is in the gzip-compressed note inside, so the image has to
 * be read as a file system (fls, icat) and the recovered file identified (file) and decompressed (zcat).
 */
export const generateFat12DiskImage: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'fat12-disk-image');
  const day = (offset: number, hour: number): Date =>
    new Date(Date.UTC(2024, 2, 4 + offset, hour, random.nextInt(60), random.nextInt(30) * 2));
  const photo = encodeJpeg(paintLandscape(random, 160, 120, SUMMER_PALETTE), { quality: 85 });
  const data = buildFat12Floppy({
    volumeLabel: 'OFFICE DISK',
    volumeId: random.nextInt(2 ** 32),
    root: [
      { kind: 'file', name: 'README.TXT', content: Buffer.from(README.replaceAll('\n', '\r\n'), 'ascii'), modifiedAt: day(0, 9) },
      { kind: 'file', name: 'NOTES.TXT', content: Buffer.from(NOTES.replaceAll('\n', '\r\n'), 'ascii'), modifiedAt: day(0, 11) },
      {
        kind: 'file',
        name: 'VAULT.GZ',
        content: gzipWithName(buildSecretNote(flag), 'vault-access.txt'),
        modifiedAt: day(1, 16),
        isDeleted: true,
      },
      {
        kind: 'directory',
        name: 'DOCS',
        modifiedAt: day(2, 10),
        children: [
          {
            kind: 'file',
            name: 'TODO.TXT',
            content: Buffer.from(TODO.replaceAll('\n', '\r\n'), 'ascii'),
            modifiedAt: day(2, 10),
          },
          {
            kind: 'file',
            name: 'BUDGET.CSV',
            content: Buffer.from(BUDGET.replaceAll('\n', '\r\n'), 'ascii'),
            modifiedAt: day(2, 14),
          },
        ],
      },
      { kind: 'file', name: 'HOLIDAY.JPG', content: photo, modifiedAt: day(3, 15) },
    ],
  });
  return { fileName: 'disk.img', contentType: 'application/octet-stream', data };
};
