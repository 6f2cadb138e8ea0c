import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
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
  // Padded past one cluster so recovery has to follow two contiguous clusters.
  return Buffer.from(`${lines.join('\r\n')}${'-'.repeat(60)}\r\n`.repeat(2), 'utf8');
}

/**
 * `disk.img`: a 1.44 MB FAT12 floppy with a few documents, a subdirectory, a JPEG, and SECRET.TXT,
 * deleted (entry 0xE5, clusters freed) but with its data intact: the flag is in that file.
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
      { kind: 'file', name: 'SECRET.TXT', content: buildSecretNote(flag), modifiedAt: day(1, 16), isDeleted: true },
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
