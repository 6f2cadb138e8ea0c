import { gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';
import { expectNoPlainFlagBytes, expectStringsFindNoFlag } from '../test-support/no-shortcut.js';

import { generateFat12DiskImage } from './fat12-disk-image.js';

const file = generateFat12DiskImage({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });

/** Reads FAT12 entry `cluster` from the first FAT, independently of the generator. */
function readFatEntry(image: Buffer, cluster: number): number {
  const offset = 512 + Math.floor((cluster * 3) / 2);
  const pair = image.readUInt16LE(offset);
  return cluster % 2 === 0 ? pair & 0xfff : pair >> 4;
}

describe('generateFat12DiskImage', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateFat12DiskImage({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateFat12DiskImage({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'disk.img', contentType: 'application/octet-stream' });
  });

  it('is a 1.44 MB floppy with boot signature, identical FATs and a deleted entry whose clusters are free', () => {
    expect(file.data.length).toBe(1_474_560);
    expect(file.data.readUInt16LE(510)).toBe(0xaa55);
    expect(file.data.subarray(512, 512 + 4608).equals(file.data.subarray(512 + 4608, 512 + 2 * 4608))).toBe(true);
    const root = file.data.subarray(19 * 512, 33 * 512);
    const entries = Array.from({ length: 224 }, (_, i) => root.subarray(i * 32, i * 32 + 32));
    const deleted = entries.find((entry) => entry[0] === 0xe5);
    expect(deleted?.subarray(1, 11).toString('ascii')).toBe('AULT   GZ ');
    const firstCluster = deleted?.readUInt16LE(26) ?? 0;
    expect(readFatEntry(file.data, firstCluster)).toBe(0);
    const start = (33 + firstCluster - 2) * 512;
    expect(file.data.subarray(start, start + 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(file.data.subarray(start, start + (deleted?.readUInt32LE(28) ?? 0))).toString()).toContain(SAMPLE_FLAG);
  });

  it.skipIf(!hasTool('fsck.fat'))('passes fsck.fat -n without a single complaint', () => {
    withTempFiles({ 'disk.img': file.data }, (dir) => {
      const result = runTool('fsck.fat', ['-n', `${dir}/disk.img`]);
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^fsck\.fat/),
        expect.stringMatching(/disk\.img: 7 files, \d+\/2847 clusters$/),
      ]);
    });
  });

  it('keeps no plain copy of any flag', () => {
    expectNoPlainFlagBytes(generateFat12DiskImage, 6);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('disk.img', file.data);
  });

  it.skipIf(!hasTool('fls') || !hasTool('icat') || !hasTool('file') || !hasTool('zcat'))(
    'gives the flag to the intended method: fls -r, icat the deleted entry, file, zcat',
    () => {
      withTempFiles({ 'disk.img': file.data }, (dir) => {
        const listing = runTool('fls', ['-r', `${dir}/disk.img`]).stdout;
        for (const name of ['README.TXT', 'NOTES.TXT', 'HOLIDAY.JPG', 'DOCS', 'TODO.TXT', 'BUDGET.CSV'])
          expect(listing).toContain(name);
        const deleted = /^r\/r \* (\d+):\t_AULT\.GZ$/m.exec(listing);
        expect(deleted).not.toBeNull();
        const recovered = runTool('bash', ['-c', `icat ${dir}/disk.img ${deleted?.[1] ?? ''} > ${dir}/recovered`]);
        expect(recovered.status).toBe(0);
        expect(runTool('file', ['-b', `${dir}/recovered`]).stdout).toMatch(/^gzip compressed data, was "vault-access\.txt"/);
        expect(runTool('zcat', [`${dir}/recovered`]).stdout).toContain(`    ${SAMPLE_FLAG}\r\n`);
        const photo = listing.match(/r\/r (\d+):\tHOLIDAY\.JPG/)?.[1] ?? '';
        expect(runTool('icat', [`${dir}/disk.img`, photo]).stdout.startsWith('\xff\xd8\xff')).toBe(true);
      });
    },
  );

  it.skipIf(!hasTool('file'))('is identified as a FAT12 floppy', () => {
    withTempFiles({ 'disk.img': file.data }, (dir) => {
      expect(runTool('file', ['-b', `${dir}/disk.img`]).stdout).toMatch(/FAT \(12 bit\)/);
    });
  });
});
